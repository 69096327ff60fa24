/*
 * A search or filter box: a labelled search input that hands over its text on each keystroke (the
 * list views' filters, the searches of home and the incident).
 */
import { type ComponentProps } from 'react';
import { TextField } from './text-field.tsx';

export function SearchField({
  onValue,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'type' | 'onChange'> & { onValue: (text: string) => void }) {
  return <TextField {...props} type="search" onChange={(event) => onValue(event.target.value)} />;
}
