/*
 * The first read of an incident's events, started with the page rather than after its live stamp
 * answers: on a reopen the million events are read while React mounts. It is used once, and only if
 * the stamp read beside it is the live stamp the page then acts on; otherwise it is dropped and the
 * page reads as before. The rows are never older than that stamp (their transaction starts after its).
 * On an incident's address the read starts earlier still, as the app starts (startEventsReadAtStart):
 * the chunks come out of IndexedDB while the app's code loads and the page mounts, or, where the incident's
 * fast copy is current, out of its file with the stamp, both read by the copy's worker (event-numbers-copy.ts).
 */
import type { EventsStamp } from './events-read-plan.ts';
import { eventsOfChunks } from './event-chunk-reads.ts';
import { dropCopyAtStart, startEventNumbersCopyRead, type CopyAtStart } from './event-numbers-copy-start.ts';
import { eventNumbersOfFile } from './event-numbers-file.ts';
import { registerLayoutAtStart } from './swimlane-layout-at-start.ts';
import { mirrorDatabase, type EventMirrorRow, type SyncStateRow } from './mirror-database.ts';
import { eventsStampOf, readEventsStamp, readIncidentEventNumbers, type EventQuery } from './mirror-queries.ts';

interface EarlyRead {
  queryKey: string;
  stamp: Promise<EventsStamp | undefined>;
  events: Promise<EventMirrorRow[] | undefined>;
  used: boolean;
}

export function startEarlyRead(incidentID: number, queryKey: string, read: () => Promise<EventMirrorRow[]>): EarlyRead {
  // Failures only mean the page reads as before.
  const stamp = readEventsStamp(mirrorDatabase(), incidentID).catch(() => undefined);
  const started = performance.now();
  const events = read()
    .then((events) => {
      // Seen in a trace (and by bench/swimlane-app-bench.ts): when the numbers were out of IndexedDB.
      performance.measure('churchkey: events read early', { start: started, detail: { incidentID } });
      return events;
    })
    .catch(() => undefined);
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

/** What a read of `query` is known by: lists compared by content. */
export function eventsQueryKey(incidentID: number, query: EventQuery): string {
  const { fromMicros, toMicros, streamIDs, actorIDs } = query;
  return `${incidentID} ${fromMicros ?? ''} ${toMicros ?? ''} ${streamIDs?.join(',') ?? '*'} ${actorIDs?.join(',') ?? '*'}`;
}

let atStart: EarlyRead | undefined;

/**
 * Starts reading every event of the incident `pathname` names (an incident page's address) as the app
 * starts. Kept for the page's first read; dropped after a while if no page takes it (a sign-in first).
 */
export function startEventsReadAtStart(pathname: string): void {
  const match = /^\/incident\/(\d+)(?:\/|$)/.exec(pathname);
  if (!match) return;
  const incidentID = Number(match[1]);
  const queryKey = eventsQueryKey(incidentID, {});
  const copy = startEventNumbersCopyRead(incidentID);
  const read = copy ? startEarlyReadFromCopy(incidentID, queryKey, copy) : startEarlyRead(incidentID, queryKey, () => readIncidentEventNumbers(mirrorDatabase(), incidentID, {}));
  atStart = read;
  setTimeout(() => {
    if (atStart === read) atStart = undefined;
  }, 60_000);
}

/**
 * The app start's read when the copy's worker answered (event-numbers-copy.ts): the events and their stamp
 * from its one transaction and the file when the file's stamps are the chunks'; otherwise read as before.
 */
function startEarlyReadFromCopy(incidentID: number, queryKey: string, copy: Promise<CopyAtStart>): EarlyRead {
  const started = performance.now();
  const hit = copy
    .then((answer) => {
      const found = eventsOfCopy(incidentID, answer);
      if (found) {
        dropCopyAtStart(copy);
        performance.measure('churchkey: event numbers read from the fast copy, checked in its worker', { start: started, detail: { incidentID, bytes: answer.buffer?.byteLength } });
      }
      return found;
    })
    .catch(() => undefined);
  // The stamp's read starts before the events' (as in startEarlyRead): the rows are never older than it.
  const stamp = hit.then((found) => found?.stamp ?? readEventsStamp(mirrorDatabase(), incidentID)).catch(() => undefined);
  const events = hit
    .then((found) => found?.events ?? readIncidentEventNumbers(mirrorDatabase(), incidentID, {}))
    .then((events) => {
      performance.measure('churchkey: events read early', { start: started, detail: { incidentID } });
      return events;
    })
    .catch(() => undefined);
  return { queryKey, stamp, events, used: false };
}

function eventsOfCopy(incidentID: number, { buffer, check, layout }: CopyAtStart): { stamp: EventsStamp; events: EventMirrorRow[] } | undefined {
  const state = check?.state as SyncStateRow | undefined;
  if (!buffer || !check || !state?.columnar) return undefined;
  const stamps = check.stamps.map(([chunk, stamp]) => ({ chunk, stamp }));
  const chunks = eventNumbersOfFile(buffer, stamps);
  if (!chunks) return undefined;
  const optimistic = (check.optimistic as EventMirrorRow[]).filter((event) => event.incidentID === incidentID);
  const events = eventsOfChunks(
    incidentID,
    chunks,
    stamps.map((entry) => entry.stamp),
    {},
    optimistic,
  );
  // The worker laid these very numbers out (copy-layout-input.ts answers none with optimistic rows).
  if (layout && optimistic.length === 0) registerLayoutAtStart(events, layout);
  return { stamp: eventsStampOf(state, optimistic), events };
}

/** The read started with the app when it is of `queryKey`, once; otherwise a read started now. */
export function takeOrStartEarlyRead(incidentID: number, queryKey: string, read: () => Promise<EventMirrorRow[]>): EarlyRead {
  const started = atStart;
  atStart = undefined;
  return started?.queryKey === queryKey ? started : startEarlyRead(incidentID, queryKey, read);
}
