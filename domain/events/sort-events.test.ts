import { describe, expect, it } from 'vitest';
import { sortEventPositions, type SortableEvent } from './sort-events.ts';

const event = (id: number, streamID: number, actorID: number, message: string, durationMicros = 0): SortableEvent => ({
  id,
  streamID,
  actorID,
  isMarker: false,
  message,
  startTimestamp: id * 10,
  endTimestamp: id * 10 + durationMicros,
});
const events = [event(1, 2, 1, 'b'), event(2, 1, 2, 'a', 50), event(3, 2, 2, 'c', 5), event(4, 1, 1, 'a')];
const names = { streams: new Map([[1, 'zeta'], [2, 'alpha']]), actors: new Map([[1, 'Marcus'], [2, 'Elena']]) };
const ids = (positions: Uint32Array) => [...positions].map((position) => events[position]?.id);
const all = Uint32Array.from([0, 1, 2, 3]);

describe('sortEventPositions', () => {
  it('keeps time order by default', () => {
    expect(ids(sortEventPositions(events, all, [], names))).toEqual([1, 2, 3, 4]);
    expect(ids(sortEventPositions(events, all, [{ field: 'time', desc: true }], names))).toEqual([4, 3, 2, 1]);
  });

  it('sorts names by the name, not the id, keeping time order on ties', () => {
    expect(ids(sortEventPositions(events, all, [{ field: 'stream', desc: false }], names))).toEqual([1, 3, 2, 4]);
  });

  it('sorts names ignoring case', () => {
    const mixed = { streams: names.streams, actors: new Map([[1, 'alertmanager'], [2, 'Elena']]) };
    expect(ids(sortEventPositions(events, all, [{ field: 'actor', desc: false }], mixed))).toEqual([1, 4, 2, 3]);
  });

  it('sorts on several fields', () => {
    expect(ids(sortEventPositions(events, all, [{ field: 'actor', desc: false }, { field: 'message', desc: true }], names))).toEqual([3, 2, 1, 4]);
    expect(ids(sortEventPositions(events, all, [{ field: 'duration', desc: true }], names))).toEqual([2, 3, 1, 4]);
  });

  it('sorts only the positions it is given', () => {
    expect(ids(sortEventPositions(events, Uint32Array.from([0, 3]), [{ field: 'message', desc: false }], names))).toEqual([4, 1]);
  });
});
