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
const names = {
  streams: new Map([
    [1, 'zeta'],
    [2, 'alpha'],
  ]),
  actors: new Map([
    [1, 'Marcus'],
    [2, 'Elena'],
  ]),
};
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

  it('sorts a columnar list by its id columns as it sorts the rows', () => {
    const columns = {
      streamIDs: events.map((event) => event.streamID),
      actorIDs: events.map((event) => event.actorID),
    };
    for (const sorts of [
      [{ field: 'stream' as const, desc: false }],
      [
        { field: 'actor' as const, desc: true },
        { field: 'time' as const, desc: true },
      ],
    ])
      expect(ids(sortEventPositions(events, all, sorts, names, columns))).toEqual(
        ids(sortEventPositions(events, all, sorts, names)),
      );
  });

  it('sorts names ignoring case', () => {
    const mixed = {
      streams: names.streams,
      actors: new Map([
        [1, 'alertmanager'],
        [2, 'Elena'],
      ]),
    };
    expect(ids(sortEventPositions(events, all, [{ field: 'actor', desc: false }], mixed))).toEqual([1, 4, 2, 3]);
  });

  it('sorts on several fields', () => {
    expect(
      ids(
        sortEventPositions(
          events,
          all,
          [
            { field: 'actor', desc: false },
            { field: 'message', desc: true },
          ],
          names,
        ),
      ),
    ).toEqual([3, 2, 1, 4]);
    expect(ids(sortEventPositions(events, all, [{ field: 'duration', desc: true }], names))).toEqual([2, 3, 1, 4]);
  });

  it('gives the same order through the linear path as through the general one', () => {
    const many = Array.from({ length: 500 }, (_, index) =>
      event(index + 1, (index % 3) + 1, index % 4, `m${index % 17}`, index % 5),
    );
    const manyNames = {
      streams: new Map([
        [1, 'b'],
        [2, 'a'],
        [3, 'C'],
      ]),
      actors: new Map([
        [1, 'x'],
        [2, 'Y'],
        [3, 'x'],
      ]),
    };
    const positions = Uint32Array.from(many.map((_, index) => index));
    for (const field of ['stream', 'actor'] as const) {
      for (const desc of [false, true]) {
        for (const timeDesc of [false, true]) {
          const sorts = [
            { field, desc },
            { field: 'time' as const, desc: timeDesc },
          ];
          // A third sort key on time again forces the general comparison sort, with the same meaning.
          const general = sortEventPositions(many, positions, [...sorts, { field: 'time', desc: timeDesc }], manyNames);
          expect([...sortEventPositions(many, positions, sorts, manyNames)]).toEqual([...general]);
        }
      }
    }
  });

  it('sorts only the positions it is given', () => {
    expect(
      ids(sortEventPositions(events, Uint32Array.from([0, 3]), [{ field: 'message', desc: false }], names)),
    ).toEqual([4, 1]);
  });
});
