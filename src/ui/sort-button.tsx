/*
 * A sortable column's heading: the title as a button that cycles its sort, an arrow for the
 * direction and, when several columns sort at once (shift-click), this column's place among them.
 */
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

type Sorted = false | 'asc' | 'desc';

/** The heading's aria-sort, so a screen reader says how the column sorts. */
export const ariaSort = (sorted: Sorted) =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';

export function SortButton({
  sorted,
  place,
  onClick,
  className,
  children,
}: {
  sorted: Sorted;
  /** 1-based place among the sorting columns; undefined while one column sorts alone. */
  place: number | undefined;
  onClick: ((event: unknown) => void) | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={classNames('flex items-center gap-1 hover:text-accent', className)}
    >
      {children}
      <span aria-hidden="true" className="text-xs text-muted">
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
        {sorted && place !== undefined ? place : ''}
      </span>
    </button>
  );
}
