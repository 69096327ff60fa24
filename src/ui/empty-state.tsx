/*
 * What a picture shows when it has nothing to draw: why, in the analyst's words, and what to do
 * (often a link). Keeps the picture's name and height, so the page does not jump and tests and
 * assistive tools still find the picture.
 */
import type { ReactNode } from 'react';

export function EmptyState({
  picture,
  heightPx,
  reason,
  loading = false,
  children,
}: {
  picture: string;
  heightPx?: number | undefined;
  reason: string;
  /** Not empty yet but still being read: said as a status, and not marked empty. */
  loading?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      aria-label={`Picture ${picture}`}
      data-picture={picture}
      {...(loading ? { 'data-loading': 'true', 'aria-busy': true, role: 'status' } : { 'data-empty': 'true' })}
      className="flex min-w-0 flex-1 flex-col items-center justify-center gap-2 rounded-md border border-dashed border-line bg-panel px-6 py-8 text-center"
      style={heightPx === undefined ? undefined : { minHeight: Math.min(heightPx, 320) }}
    >
      <p className="max-w-xl font-medium text-ink">{reason}</p>
      {children ? <div className="max-w-xl text-sm text-muted">{children}</div> : null}
    </section>
  );
}
