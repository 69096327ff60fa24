// The events at the map's clock: the last moment at or before it, every event of that moment.
import { describe, expect, it } from 'vitest';
import { cursorEvents } from './cursor-events.ts';

const events = [
  { id: 10, startTimestamp: 100 },
  { id: 11, startTimestamp: 200 },
  { id: 12, startTimestamp: 200 },
  { id: 13, startTimestamp: 300 },
  { id: 14, startTimestamp: 400 },
];
const all = Uint32Array.from([0, 1, 2, 3, 4]);

describe('cursorEvents', () => {
  it('is nothing before the first event or without a cursor', () => {
    expect(cursorEvents(events, all, 99)).toBeUndefined();
    expect(cursorEvents(events, all, undefined)).toBeUndefined();
    expect(cursorEvents(events, new Uint32Array(0), 500)).toBeUndefined();
  });

  it('is the last event at or before the cursor, with the events of the same moment', () => {
    expect(cursorEvents(events, all, 100)).toEqual({ place: 0, eventIDs: new Set([10]) });
    expect(cursorEvents(events, all, 250)).toEqual({ place: 1, eventIDs: new Set([11, 12]) });
    expect(cursorEvents(events, all, 10_000)).toEqual({ place: 4, eventIDs: new Set([14]) });
  });

  it('counts only the shown events (places in the filtered positions)', () => {
    const shown = Uint32Array.from([0, 3, 4]);
    expect(cursorEvents(events, shown, 250)).toEqual({ place: 0, eventIDs: new Set([10]) });
    expect(cursorEvents(events, shown, 350)).toEqual({ place: 1, eventIDs: new Set([13]) });
  });
});
