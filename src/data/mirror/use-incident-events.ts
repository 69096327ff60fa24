/*
 * The incident's events for a screen, read from the mirror only when they can have changed
 * (events-read-plan.ts): a live query watches the cheap stamp, not the million rows, so a sync
 * writing page after page does not make the page read every event again after each one.
 * `undefined` until the first read answers. The first read starts on the first render, beside the
 * stamp's, rather than after it answers: a reopened incident's events are on their way while the
 * page mounts, and kept if the stamp they were read at is the one the live query then gives.
 * A columnar incident is read as numbers first (what the pictures draw); its messages are read after
 * the first frame and answered as the same list with its texts (loadChunkTexts); a swimlane still to
 * draw its first frame holds them back (first-frame-hold.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { eventsQueryKey, takeEarlyRead, takeOrStartEarlyRead } from './early-events-read.ts';
import { loadChunkTexts } from './event-chunk-reads.ts';
import { applyEventDelta, subscribeEventDeltas } from './event-deltas.ts';
import { afterFirstFrame } from './first-frame-hold.ts';
import { eventTextsPending } from './lazy-event-list.ts';
import { noteListRevision, sameListRevision } from './list-revision.ts';
import { shouldReadEvents, type EventsRead, type EventsStamp } from './events-read-plan.ts';
import { mirrorDatabase, type EventMirrorRow } from './mirror-database.ts';
import { readEventsStamp, readIncidentEventNumbers, type EventQuery } from './mirror-queries.ts';

export function useIncidentEvents(incidentID: number, query: EventQuery = {}): EventMirrorRow[] | undefined {
  const { fromMicros, toMicros, streamIDs, actorIDs } = query;
  // Lists compared by content, so a new array literal on each render does not read again.
  const queryKey = eventsQueryKey(incidentID, query);
  const stamp = useLiveQuery(() => readEventsStamp(mirrorDatabase(), incidentID), [incidentID]);
  const [answer, setAnswer] = useState<{ queryKey: string; events: EventMirrorRow[] } | undefined>(undefined);
  const last = useRef<EventsRead | undefined>(undefined);
  // One read at a time; a stamp arriving meanwhile is looked at again when it answers.
  const reading = useRef(false);
  const latest = useRef<{ queryKey: string; stamp: EventsStamp; run: () => Promise<EventMirrorRow[]> } | undefined>(undefined);
  const alive = useRef(true);
  // Bumped when texts no longer match the numbers held (a chunk rewritten meanwhile): read again.
  const [rereads, setRereads] = useState(0);
  // Lazily made once: the read is started here, on the first render, not in an effect after it.
  // (or taken over from the app's start, early-events-read.ts).
  const [early] = useState(() => takeOrStartEarlyRead(incidentID, queryKey, () => readIncidentEventNumbers(mirrorDatabase(), incidentID, { fromMicros, toMicros, streamIDs, actorIDs })));
  // The stamp the early read was taken at stands in until the live query first answers (its first answer
  // waits for the page's mount and then a round trip): the early events are taken as soon as both are in.
  const [earlyStamp, setEarlyStamp] = useState<EventsStamp | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void early.stamp.then((read) => {
      if (current && read) setEarlyStamp(read);
    });
    return () => {
      current = false;
    };
  }, [early]);
  const stampNow = stamp ?? earlyStamp;
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // A catch-up's changes, patched into the whole incident's events held here when they are exactly
  // those of the delta's starting revision: no re-read of every event for one marker.
  const whole = fromMicros === undefined && toMicros === undefined && !streamIDs && !actorIDs;
  useEffect(() => {
    if (!whole) return;
    return subscribeEventDeltas((delta) => {
      const read = last.current;
      if (delta.incidentID !== incidentID || !read || read.query !== queryKey || read.stamp.syncing || read.stamp.settled !== delta.from) return;
      setAnswer((held) => {
        if (held?.queryKey !== queryKey) return held;
        const started = performance.now();
        const events = applyEventDelta(held.events, delta);
        noteListRevision(events, { ...read.stamp, settled: delta.to });
        // Seen in a trace and by bench/catch-up-bench.ts: the events shown again without a read.
        performance.measure('churchkey: events patched from a catch-up', { start: started, detail: { incidentID, events: events.length } });
        last.current = { query: queryKey, stamp: { ...read.stamp, settled: delta.to }, count: events.length };
        return { queryKey, events };
      });
    });
  }, [incidentID, queryKey, whole]);

  useEffect(() => {
    const stamp = stampNow;
    if (!stamp) return;
    const read = () => readIncidentEventNumbers(mirrorDatabase(), incidentID, { fromMicros, toMicros, streamIDs, actorIDs });
    latest.current = { queryKey, stamp, run: async () => (await takeEarlyRead(early, queryKey, stamp)) ?? read() };
    const next = (): void => {
      const wanted = latest.current;
      if (reading.current || !wanted || !alive.current || !shouldReadEvents(last.current, wanted.queryKey, wanted.stamp)) return;
      reading.current = true;
      const started = performance.now();
      wanted
        .run()
        .then((events) => {
          // Seen in a performance trace (and by bench/swimlane-app-bench.ts): how long the device took.
          performance.measure('churchkey: events read from the mirror', { start: started, detail: { incidentID, events: events.length } });
          last.current = { query: wanted.queryKey, stamp: wanted.stamp, count: events.length };
          noteListRevision(events, wanted.stamp);
          if (alive.current && latest.current?.queryKey === wanted.queryKey) setAnswer({ queryKey: wanted.queryKey, events });
        })
        .catch((error: unknown) => {
          // Tried again when the stamp next changes, not in a loop.
          last.current = { query: wanted.queryKey, stamp: wanted.stamp, count: 0 };
          console.error(`the events of incident ${incidentID} could not be read from this device`, error);
        })
        .finally(() => {
          reading.current = false;
          next();
        });
    };
    next();
    // The query's parts are all in queryKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stampNow, queryKey, rereads]);

  const shown = answer?.queryKey === queryKey ? answer.events : undefined;
  useEffect(() => {
    if (!shown || !eventTextsPending(shown)) return;
    let cancelled = false;
    // When the page is idle (the first frame drawn): the pictures draw from the numbers, the messages follow.
    const whenIdle = (run: () => void): (() => void) => {
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(run, { timeout: 1_000 });
        return () => cancelIdleCallback(handle);
      }
      const handle = setTimeout(run, 0);
      return () => clearTimeout(handle);
    };
    let cancelHeld = () => {};
    const cancelIdle = whenIdle(() => (cancelHeld = afterFirstFrame(() => {
      const started = performance.now();
      loadChunkTexts(mirrorDatabase(), shown)
        .then((filled) => {
          if (cancelled || !alive.current) return;
          performance.measure('churchkey: event messages read from the mirror', { start: started, detail: { incidentID, events: shown.length } });
          if (filled === 'stale') {
            last.current = undefined;
            setRereads((count) => count + 1);
          } else if (filled) {
            sameListRevision(filled, shown);
            setAnswer((held) => (held?.events === shown ? { queryKey: held.queryKey, events: filled } : held));
          }
        })
        .catch((error: unknown) => console.error(`the messages of incident ${incidentID} could not be read from this device`, error));
    })));
    return () => {
      cancelled = true;
      cancelIdle();
      cancelHeld();
    };
  }, [shown, incidentID]);

  return shown;
}
