/*
 * What a catch-up changed in an incident's events, told to this tab's screens as it lands, so a
 * screen holding every event of a large incident patches its array in memory (a few milliseconds)
 * instead of reading a million rows out of IndexedDB again for one marker. Only a screen whose events
 * are exactly those of the delta's starting revision may apply it; any other reads again as before.
 */
import type { EventRow } from '../../../domain/event.ts';
import { emptyEventListColumns, pushEventListColumn } from '../../../domain/events/event-list-columns.ts';
import { registerEventListColumns } from './event-list-columns.ts';
import { patchLazyEvents } from './lazy-event-patch.ts';
import type { EventMirrorRow } from './mirror-database.ts';

export interface EventDelta {
  incidentID: number;
  /** The events revision the delta applies to, and the one it brings. */
  from: string;
  to: string;
  changed: readonly EventRow[];
  deleted: readonly number[];
}

const listeners = new Set<(delta: EventDelta) => void>();

export function publishEventDelta(delta: EventDelta): void {
  for (const listener of listeners) listener(delta);
}

export function subscribeEventDeltas(listener: (delta: EventDelta) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const after = (a: EventMirrorRow, b: EventMirrorRow) => a.startTimestamp - b.startTimestamp || a.id - b.id;

/** `events` (in time order) with the delta applied: changed rows moved to their place, deleted ones gone. */
export function applyEventDelta(events: readonly EventMirrorRow[], delta: EventDelta): EventMirrorRow[] {
  const lazy = patchLazyEvents(events, delta);
  if (lazy) return lazy;
  const deleted = new Set(delta.deleted);
  const leaving = new Set<number>(deleted);
  for (const event of delta.changed) leaving.add(event.id);
  const arriving = delta.changed.filter((event) => !deleted.has(event.id)).map((event) => ({ ...event, incidentID: delta.incidentID })).sort(after);
  const result: EventMirrorRow[] = [];
  let next = 0;
  for (const event of events) {
    while (next < arriving.length && after(arriving[next] as EventMirrorRow, event) < 0) result.push(arriving[next++] as EventMirrorRow);
    if (!leaving.has(event.id)) result.push(event);
  }
  while (next < arriving.length) result.push(arriving[next++] as EventMirrorRow);
  // The patched list has number columns for the pictures too, made only when one asks: building them
  // here would double the catch-up's cost on the pages that draw none.
  registerEventListColumns(result, () => {
    const columns = emptyEventListColumns(result.length);
    for (const event of result) pushEventListColumn(columns, event);
    return columns;
  });
  return result;
}
