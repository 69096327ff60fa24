import { describe, expect, it } from 'vitest';
import { eventsByActor, nearestEvent } from './scatter-events.ts';

const actors = [
  { id: 7, name: 'ana', isBot: false },
  { id: 9, name: 'deploy-bot', isBot: true },
];
const event = (id: number, actorID: number, startTimestamp: number, isMarker = false) => ({
  id,
  actorID,
  streamID: 1,
  isMarker,
  startTimestamp,
});

describe('eventsByActor', () => {
  it('lists each actor its shown events in time order, leaving markers and unknown actors out', () => {
    const events = [event(1, 7, 300), event(2, 9, 100), event(3, 7, 100), event(4, 0, 200, true), event(5, 42, 50)];
    const shown = eventsByActor(events, Uint32Array.from([0, 1, 2, 3, 4]), actors);
    expect(Array.from(shown.starts[0]!)).toEqual([100, 300]);
    expect(Array.from(shown.ids[0]!)).toEqual([3, 1]);
    expect(Array.from(shown.positions[0]!)).toEqual([2, 0]);
    expect(Array.from(shown.ids[1]!)).toEqual([2]);
  });

  it('counts only the shown positions', () => {
    const events = [event(1, 7, 300), event(2, 7, 400)];
    expect(Array.from(eventsByActor(events, Uint32Array.from([1]), actors).ids[0]!)).toEqual([2]);
  });
});

describe('nearestEvent', () => {
  const starts = Float64Array.from([100, 200, 1000]);
  it('finds the nearest start on either side of the pointer', () => {
    expect(nearestEvent(starts, 140, 500)).toBe(0);
    expect(nearestEvent(starts, 160, 500)).toBe(1);
    expect(nearestEvent(starts, 5000, 5000)).toBe(2);
    expect(nearestEvent(starts, 0, 500)).toBe(0);
  });
  it('finds nothing farther than the pointer reaches', () => {
    expect(nearestEvent(starts, 600, 100)).toBeUndefined();
    expect(nearestEvent(new Float64Array(0), 1, 1)).toBeUndefined();
  });
});
