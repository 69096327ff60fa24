/*
 * What is attached to one event (its tags, notes, links, files, collections) as a list, each item
 * drawn by its editor, and a muted line in place of items when there are none.
 */
import type { ReactNode } from 'react';

export function AnnotationList<Item>({
  label,
  items,
  empty,
  className = 'flex flex-col gap-1',
  children,
}: {
  label: string;
  items: readonly Item[];
  empty: string;
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <ul className={className} aria-label={label}>
      {items.map(children)}
      {items.length === 0 ? <li className="text-sm text-muted">{empty}</li> : null}
    </ul>
  );
}
