/*
 * The small text button beside a listed item that takes it out (a tag, a note, a link, a member):
 * still while a write runs, red on hover, and named for screen readers after what it removes.
 */
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

export function RemoveButton({
  label,
  busy,
  onClick,
  className,
  children,
}: {
  /** What a screen reader hears: the action and the item, e.g. "Delete note 4". */
  label: string;
  busy: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={label}
      className={classNames('hover:text-danger', className)}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
