/*
 * When a screen reads an incident's events from the mirror again. Reading every event is the costly
 * part of showing a large incident (a million rows take seconds to come out of IndexedDB), and a
 * live query would read them all again after each page of 10,000 a sync writes: a hundred full
 * reads while a million-event incident arrives, each slower than the last, competing with the sync.
 * Instead a cheap live stamp (the sync's state and the optimistic rows) is watched, and the events
 * are read again only when what they can be has changed:
 * - a sync finished at a different events revision (or, without one, at a different time);
 * - an optimistic marker was added, changed or dropped;
 * - while a first sync is running, when the device holds twice the events of the last read, up to
 *   PROGRESSIVE_READ_LIMIT, so a large incident shows its start at once and the rest when complete.
 */

export interface EventsStamp {
  /** The sync's state, as the syncState row says. */
  syncing: boolean;
  eventsLoaded: number;
  /** What the events are when no sync runs: the revision synced, else the time of the last sync. */
  settled: string;
  /** The incident's optimistic (not yet sent) events, as a string that changes when any does. */
  optimistic: string;
}

export interface EventsRead {
  query: string;
  stamp: EventsStamp;
  /** Rows the read answered. */
  count: number;
}

/** Progressive reads during a first sync stop once a read holds this many events. */
export const PROGRESSIVE_READ_LIMIT = 100_000;

export function shouldReadEvents(last: EventsRead | undefined, query: string, stamp: EventsStamp): boolean {
  if (!last || last.query !== query) return true;
  if (stamp.optimistic !== last.stamp.optimistic) return true;
  if (stamp.syncing) return last.count < PROGRESSIVE_READ_LIMIT && stamp.eventsLoaded >= Math.max(1, 2 * last.count);
  return last.stamp.syncing || stamp.settled !== last.stamp.settled;
}
