/*
 * The first read of an incident's events, started with the page rather than after its live stamp
 * answers: on a reopen the million events are read while React mounts. It is used once, and only if
 * the stamp read beside it is the live stamp the page then acts on; otherwise it is dropped and the
 * page reads as before. The rows are never older than that stamp (their transaction starts after its).
 */
import type { EventsStamp } from './events-read-plan.ts';
import { mirrorDatabase, type EventMirrorRow } from './mirror-database.ts';
import { readEventsStamp } from './mirror-queries.ts';

interface EarlyRead {
  queryKey: string;
  stamp: Promise<EventsStamp | undefined>;
  events: Promise<EventMirrorRow[] | undefined>;
  used: boolean;
}

export function startEarlyRead(incidentID: number, queryKey: string, read: () => Promise<EventMirrorRow[]>): EarlyRead {
  // Failures only mean the page reads as before.
  const stamp = readEventsStamp(mirrorDatabase(), incidentID).catch(() => undefined);
  const events = read().catch(() => undefined);
  return { queryKey, stamp, events, used: false };
}

const sameStamp = (a: EventsStamp, b: EventsStamp) =>
  a.syncing === b.syncing && a.eventsLoaded === b.eventsLoaded && a.settled === b.settled && a.optimistic === b.optimistic;

/** The early read's events when it fits `queryKey` at `stamp` and was not used yet; undefined otherwise. */
export async function takeEarlyRead(early: EarlyRead, queryKey: string, stamp: EventsStamp): Promise<EventMirrorRow[] | undefined> {
  if (early.used || early.queryKey !== queryKey) return undefined;
  early.used = true;
  const [readAt, events] = await Promise.all([early.stamp, early.events]);
  return readAt && events && sameStamp(readAt, stamp) ? events : undefined;
}
