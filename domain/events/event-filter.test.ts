import { describe, expect, it } from 'vitest';
import {
  filterEvents,
  firstAtOrAfter,
  indexEventAnnotations,
  NO_EVENT_FILTER,
  type EventFilter,
  type FilterableEvent,
} from './event-filter.ts';

const event = (id: number, overrides: Partial<FilterableEvent> = {}): FilterableEvent => ({
  id,
  streamID: 1,
  actorID: 1,
  isMarker: false,
  message: `message ${id}`,
  startTimestamp: id * 1000,
  ...overrides,
});

const events = [
  event(1, { message: 'Disk full on db-1' }),
  event(2, { actorID: 2, message: 'Restarting replica' }),
  event(3, { streamID: 2, message: 'Customer reports errors' }),
  event(4, { isMarker: true, actorID: 0, streamID: 9, message: 'Failover' }),
  event(5, { message: 'disk cleaned' }),
];
const index = indexEventAnnotations({
  eventTags: [
    { itemID: 1, name: 'root-cause' },
    { itemID: 3, name: 'customer-impact' },
    { itemID: 5, name: 'root-cause' },
    { itemID: 5, name: 'mitigation' },
  ],
  collections: [{ id: 10, eventIDs: [2, 3] }],
  notes: [
    { eventID: 2, kind: 'interview' },
    { eventID: null, kind: 'write-up' },
  ],
});

const shownIDs = (filter: Partial<EventFilter>) => {
  const result = filterEvents(events, index, { ...NO_EVENT_FILTER, ...filter });
  return [...result.positions].map((position) => events[position]?.id);
};

describe('filterEvents', () => {
  it('shows everything without filters', () => {
    expect(shownIDs({})).toEqual([1, 2, 3, 4, 5]);
  });

  it('hides streams and actors, but an actor filter never hides markers', () => {
    expect(shownIDs({ hiddenStreamIDs: new Set([2]) })).toEqual([1, 2, 4, 5]);
    expect(shownIDs({ hiddenActorIDs: new Set([1, 0]) })).toEqual([2, 4]);
  });

  it('keeps markers out with their own switches', () => {
    expect(shownIDs({ markersVisible: false })).toEqual([1, 2, 3, 5]);
    expect(shownIDs({ hiddenMarkerEventIDs: new Set([4]) })).toEqual([1, 2, 3, 5]);
  });

  it('matches every search word, ignoring case, and keeps markers as context', () => {
    expect(shownIDs({ searchTerm: 'DISK' })).toEqual([1, 4, 5]);
    expect(shownIDs({ searchTerm: 'disk full' })).toEqual([1, 4]);
  });

  it('limits to the time interval, markers too', () => {
    expect(shownIDs({ interval: { start: 2000, end: 4000 } })).toEqual([2, 3, 4]);
  });

  it('requires every tag in r mode and ignores events with any tag in i mode', () => {
    expect(shownIDs({ tagModes: new Map([['root-cause', 'r']]) })).toEqual([1, 4, 5]);
    expect(
      shownIDs({
        tagModes: new Map([
          ['root-cause', 'r'],
          ['mitigation', 'r'],
        ]),
      }),
    ).toEqual([4, 5]);
    expect(shownIDs({ tagModes: new Map([['root-cause', 'i']]) })).toEqual([2, 3, 4]);
  });

  it('applies the modes to collections and note kinds', () => {
    expect(shownIDs({ collectionModes: new Map([[10, 'r']]) })).toEqual([2, 3, 4]);
    expect(shownIDs({ collectionModes: new Map([[10, 'i']]) })).toEqual([1, 4, 5]);
    expect(shownIDs({ noteKindModes: new Map([['interview', 'r']]) })).toEqual([2, 4]);
  });

  it('highlights matching events without hiding the others', () => {
    const result = filterEvents(events, index, {
      ...NO_EVENT_FILTER,
      tagModes: new Map([['customer-impact', 'h']]),
      collectionModes: new Map([[10, 'h']]),
    });
    expect(result.count).toBe(5);
    expect([...result.highlighted]).toEqual([0, 1, 1, 0, 0]);
  });
});

describe('firstAtOrAfter', () => {
  it('finds the first shown event at or after a time, and clamps past the end', () => {
    const result = filterEvents(events, index, { ...NO_EVENT_FILTER, hiddenStreamIDs: new Set([2]) });
    expect(firstAtOrAfter(events, result, 2500)).toBe(2);
    expect(firstAtOrAfter(events, result, 0)).toBe(0);
    expect(firstAtOrAfter(events, result, 99_999)).toBe(3);
  });
});
