import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../../domain/event.ts';
import { addEvents, EMPTY_SUMMARY, offsetRefusal, shiftedRange } from './stream-event-summary.ts';

const event = (id: number, streamID: number, start: number, end = start): EventRow => ({
  id,
  streamID,
  actorID: 1,
  isMarker: false,
  message: `event ${id}`,
  startTimestamp: start,
  endTimestamp: end,
  extra: null,
});

describe('addEvents', () => {
  it('keeps the first events of one stream and its range across pages', () => {
    let summary = addEvents(EMPTY_SUMMARY, [event(1, 7, 100), event(2, 8, 150), event(3, 7, 200, 900)], 7, 3);
    summary = addEvents(summary, [event(4, 7, 300), event(5, 7, 400, 500), event(6, 8, 2000)], 7, 3);
    expect(summary.first.map((e) => e.id)).toEqual([1, 3, 4]);
    expect(summary.count).toBe(4);
    expect(summary.startMicros).toBe(100);
    // The latest end is not the last event's: a long event started earlier.
    expect(summary.endMicros).toBe(900);
  });

  it('leaves the summary it was given unchanged', () => {
    const before = addEvents(EMPTY_SUMMARY, [event(1, 7, 100)], 7);
    addEvents(before, [event(2, 7, 200)], 7);
    expect(before.first).toHaveLength(1);
    expect(before.count).toBe(1);
  });

  it('has no range for a stream without events', () => {
    const summary = addEvents(EMPTY_SUMMARY, [event(1, 8, 100)], 7);
    expect(summary).toEqual(EMPTY_SUMMARY);
    expect(shiftedRange(summary, 0, 5)).toBeUndefined();
  });
});

describe('shiftedRange and offsetRefusal', () => {
  const summary = addEvents(EMPTY_SUMMARY, [event(1, 7, 1_000_000), event(2, 7, 5_000_000, 6_000_000)], 7);

  it('moves the range by the change of offset, not by the offset', () => {
    expect(shiftedRange(summary, 0, 90_000_000)).toEqual({ startMicros: 91_000_000, endMicros: 96_000_000 });
    // Already shifted by +2s: going to +3s moves one more second.
    expect(shiftedRange(summary, 2_000_000, 3_000_000)).toEqual({ startMicros: 2_000_000, endMicros: 7_000_000 });
  });

  it('refuses a change that would move events before 1970, as the server does', () => {
    expect(offsetRefusal(summary, 0, -1_000_000)).toBeUndefined();
    expect(offsetRefusal(summary, 0, -1_000_001)).toBe('would move events before 1970');
  });
});
