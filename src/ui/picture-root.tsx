/*
 * The root element every picture draws in: named for assistive tools, and carrying the house's
 * `data-picture` and `data-selected-event` (absent when nothing is selected), which tests and the
 * page read to find a picture and what it shows as selected.
 */
import type { ComponentProps } from 'react';

export function PictureRoot({
  name,
  label,
  selectedEventID,
  ...section
}: Omit<ComponentProps<'section'>, 'aria-label'> & {
  /** The visualization's name, as the route and tests know it. */
  name: string;
  label: string;
  selectedEventID: number | undefined;
}) {
  return <section aria-label={label} data-picture={name} data-selected-event={selectedEventID} {...section} />;
}
