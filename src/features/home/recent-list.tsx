/*
 * A home column: a heading with its two links (add one, see all), then the first few from the
 * device's mirror, "Loading…" until the mirror answers and a line that says when there are none.
 */
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function RecentList<T>({
  title,
  links,
  items,
  empty,
  children,
}: {
  title: string;
  links: readonly { label: string; to: LinkProps['to'] }[];
  /** undefined while the mirror has not answered. */
  items: readonly T[] | undefined;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">{title}</h2>
        <span className="flex gap-3 text-sm">
          {links.map((link) => (
            <Link key={link.label} to={link.to} className="text-accent hover:underline">
              {link.label}
            </Link>
          ))}
        </span>
      </div>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line bg-panel">
        {(items ?? []).map(children)}
        {items !== undefined && items.length === 0 ? <li className="px-3 py-2 text-muted">{empty}</li> : null}
        {items === undefined ? <li className="px-3 py-2 text-muted">Loading…</li> : null}
      </ul>
    </section>
  );
}
