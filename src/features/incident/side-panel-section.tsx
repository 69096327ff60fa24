/*
 * The side panel's building blocks: a collapsible section, its empty row, and the row of one item
 * (a stream, an actor, a collection, a tag, a map) with its Show checkbox and its count.
 */
import type { ReactNode } from 'react';
import { Checkbox } from '../../ui/checkbox.tsx';

/** One collapsible group of the side panel (a native details element: keyboard and state for free). */
export function SidePanelSection({
  title,
  count,
  empty,
  children,
  collapsedWhenEmpty = false,
}: {
  title: string;
  count: number;
  /** What the section says, after its rows, while it counts nothing ("No actors yet."). */
  empty?: string;
  children: ReactNode;
  /** Starts closed while it counts nothing. */
  collapsedWhenEmpty?: boolean;
}) {
  return (
    <details open={!collapsedWhenEmpty || count > 0} className="group border-b border-line py-1.5" aria-label={title}>
      <summary className="flex cursor-pointer list-none items-center justify-between px-1 py-0.5 font-semibold select-none">
        <span>{title}</span>
        <span className="text-xs font-normal text-muted">{count}</span>
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5 px-1">
        {children}
        {count === 0 && empty !== undefined ? <EmptyRow>{empty}</EmptyRow> : null}
      </ul>
    </details>
  );
}

function EmptyRow({ children }: { children: ReactNode }) {
  return <li className="text-sm text-muted">{children}</li>;
}

/** How many events (or notes) an item holds, at the row's right end. */
export function ItemCount({ value }: { value: number }) {
  return <span className="ml-auto shrink-0 pl-1 text-xs tabular-nums text-muted">{value.toLocaleString('en')}</span>;
}

/** The class of every side panel row, shown with a checkbox or not. */
export const SIDE_PANEL_ROW = 'flex min-w-0 items-center gap-1.5 text-sm';

/** An item shown or hidden by its checkbox ("Show actor Marcus Chen"), its count, then its own controls. */
export function VisibilityRow({
  shown,
  onShownChange,
  item,
  label,
  count,
  children,
}: {
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  /** What the checkbox shows, as screen readers hear it after "Show". */
  item: string;
  label: ReactNode;
  count?: number;
  children?: ReactNode;
}) {
  return (
    <li className={SIDE_PANEL_ROW}>
      <Checkbox checked={shown} onCheckedChange={onShownChange} ariaLabel={`Show ${item}`} label={label} />
      {count === undefined ? null : <ItemCount value={count} />}
      {children}
    </li>
  );
}
