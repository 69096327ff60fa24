/*
 * The event filters' search term in a toolbar (the incident's toolbar, the organization's filter
 * bar): the words an event's message must hold, handed over on each keystroke.
 */
import type { ComponentProps } from 'react';
import { ToolbarField, toolbarFieldClass } from './toolbar-field.tsx';

export function SearchTermField({
  id,
  value,
  onValue,
  width,
  ...input
}: Pick<ComponentProps<'input'>, 'maxLength' | 'onBlur'> & {
  id: string;
  value: string;
  onValue: (text: string) => void;
  /** The input's width class: the toolbars give it what room they have. */
  width: string;
}) {
  return (
    <ToolbarField id={id} label="Search term">
      <input
        {...input}
        id={id}
        type="search"
        value={value}
        placeholder="Words in the message"
        className={`${toolbarFieldClass} ${width} border-line`}
        onChange={(event) => onValue(event.target.value)}
      />
    </ToolbarField>
  );
}
