/*
 * Which event lists read from the mirror came with their columns (domain/events/event-list-columns.ts).
 * Held beside the array rather than in it, so every screen keeps taking a plain readonly array; a list
 * patched by a catch-up gets its own when first asked (event-deltas.ts), and any list the page derives
 * has none and is read as rows.
 */
import type { EventListColumns } from '../../../domain/events/event-list-columns.ts';

const columnsOfList = new WeakMap<readonly object[], EventListColumns | (() => EventListColumns)>();

/** `columns` may be a function: made on the first ask, so a list no picture reads costs nothing more. */
export function registerEventListColumns(events: readonly object[], columns: EventListColumns | (() => EventListColumns)): void {
  if (typeof columns === 'function' || columns.count === events.length) columnsOfList.set(events, columns);
}

/** The columns of `events` when the mirror made them with it; undefined for any other list. */
export function eventListColumns(events: readonly object[]): EventListColumns | undefined {
  let columns = columnsOfList.get(events);
  if (typeof columns === 'function') {
    columns = columns();
    columnsOfList.set(events, columns);
  }
  return columns?.count === events.length ? columns : undefined;
}
