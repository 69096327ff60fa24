/*
 * The early read is used once, only for its own query and only at the stamp the page acts on.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { eventsQueryKey, startEarlyRead, startEventsReadAtStart, takeEarlyRead, takeOrStartEarlyRead } from './early-events-read.ts';
import { readEventsStamp } from './mirror-queries.ts';
import { mirrorDatabase, type EventMirrorRow } from './mirror-database.ts';

const rows: EventMirrorRow[] = [
  { id: 1, streamID: 1, actorID: 1, isMarker: false, message: 'a', startTimestamp: 10, endTimestamp: 10, extra: null, incidentID: 7 },
];

describe('the early read of the events', () => {
  it('answers once, for its query, at the stamp it was read at', async () => {
    const stamp = await readEventsStamp(mirrorDatabase(), 7);
    const early = startEarlyRead(7, 'q', () => Promise.resolve(rows));
    expect(await takeEarlyRead(early, 'other', stamp)).toBeUndefined();
    expect(await takeEarlyRead(early, 'q', stamp)).toBe(rows);
    expect(await takeEarlyRead(early, 'q', stamp)).toBeUndefined();
  });

  it('is dropped when the live stamp differs, or the read failed', async () => {
    const stamp = await readEventsStamp(mirrorDatabase(), 7);
    const moved = startEarlyRead(7, 'q', () => Promise.resolve(rows));
    expect(await takeEarlyRead(moved, 'q', { ...stamp, settled: 'another revision' })).toBeUndefined();
    const failed = startEarlyRead(7, 'q', () => Promise.reject(new Error('storage gone')));
    expect(await takeEarlyRead(failed, 'q', stamp)).toBeUndefined();
  });

  it('started with the app on an incident address, is taken once by that incident whole read', async () => {
    const stamp = await readEventsStamp(mirrorDatabase(), 7);
    startEventsReadAtStart('/incident/7/type/swimlane');
    let fallbacks = 0;
    const fallback = () => {
      fallbacks += 1;
      return Promise.resolve(rows);
    };
    const taken = takeOrStartEarlyRead(7, eventsQueryKey(7, {}), fallback);
    expect(fallbacks).toBe(0);
    // Nothing on this device yet: the started read answers no events, at the live stamp.
    expect(await takeEarlyRead(taken, eventsQueryKey(7, {}), stamp)).toEqual([]);
    takeOrStartEarlyRead(7, eventsQueryKey(7, {}), fallback);
    expect(fallbacks).toBe(1);
    // Another page's address, or a narrower query, starts its own.
    startEventsReadAtStart('/organization/7');
    startEventsReadAtStart('/incident/8');
    takeOrStartEarlyRead(7, eventsQueryKey(7, {}), fallback);
    takeOrStartEarlyRead(8, eventsQueryKey(8, { streamIDs: [1] }), fallback);
    expect(fallbacks).toBe(3);
  });
});
