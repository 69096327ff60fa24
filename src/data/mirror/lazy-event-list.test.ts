/*
 * A lazy list reads as the rows it stands for: the same rows, in order, through every array method a
 * screen uses; the filter over its columns shows what the filter over rows shows; a delta patches it
 * into the list a plain array would become; and a row is built only when its position is read.
 */
import { describe, expect, it } from 'vitest';
import { columnsOfRows } from '../../../domain/events/event-columns-rows.ts';
import { filterEvents, indexEventAnnotations, NO_EVENT_FILTER } from '../../../domain/events/event-filter.ts';
import type { EventRow } from '../../../domain/event.ts';
import { eventRow } from '../../../tests/support/mirror-test-server.ts';
import { applyEventDelta } from './event-deltas.ts';
import { eventListColumns } from './event-list-columns.ts';
import { eventExtraPositions, eventFilterColumns, eventMessagePending, eventPositionOfID, eventTextsPending, lazyEventList, withChunkTexts } from './lazy-event-list.ts';
import type { EventMirrorRow } from './mirror-database.ts';

const rows: EventMirrorRow[] = Array.from({ length: 12 }, (_, index) => ({
  ...eventRow(index + 1, 1_000 + index * 10, 1 + (index % 3), 1 + (index % 2)),
  message: index % 4 === 0 ? `Disk full on db-${index}` : `line ${index}`,
  extra: index === 5 ? { timings: { wait: 3 } } : null,
  incidentID: 7,
}));
const optimistic: EventMirrorRow = { ...eventRow(-1, 1_045, 0, 0), isMarker: true, message: 'waiting marker', incidentID: 7 };
const expected = [...rows.slice(0, 5), optimistic, ...rows.slice(5)];

/** The two chunks of `rows` with the optimistic row between them, as event-chunk-reads.ts makes it (texts read, unless `numbersOnly`). */
function lazyRows(numbersOnly = false): EventMirrorRow[] {
  const chunks = [columnsOfRows(rows.slice(0, 6)), columnsOfRows(rows.slice(6))];
  const source = expected.map((row) => (row.id < 0 ? [-1, 0] : row.id <= 6 ? [0, row.id - 1] : [1, row.id - 7]));
  const columns = columnsOfRows(expected);
  return lazyEventList({
    incidentID: 7,
    chunks,
    texts: numbersOnly ? undefined : chunks,
    chunkOf: Int32Array.from(source, ([chunk]) => chunk as number),
    indexOf: Uint32Array.from(source, ([, index]) => index as number),
    loose: [optimistic],
    columns,
    extraPositions: Uint32Array.from([6]),
  });
}

describe('a lazy event list', () => {
  it('reads as its rows through indexing, iteration and array methods', () => {
    const list = lazyRows();
    expect(list.length).toBe(13);
    expect(list[5]).toBe(optimistic);
    expect(list[6]).toEqual(rows[5]);
    // A row read twice is the same object: screens may compare rows by identity.
    expect(list[3]).toBe(list[3]);
    expect([...list]).toEqual(expected);
    expect(list.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(list.filter((row) => row.isMarker)).toEqual([optimistic]);
    expect(list.some((row) => row.extra !== null)).toBe(true);
    expect(list.find((row) => row.id === 9)?.message).toBe('Disk full on db-8');
    expect(Array.isArray(list)).toBe(true);
    expect(eventPositionOfID(list, 9)).toBe(9);
    expect(eventPositionOfID(list, 99)).toBe(-1);
    expect(Array.from(eventExtraPositions(list) ?? [], (position) => list[position]?.extra)).toEqual([{ timings: { wait: 3 } }]);
  });

  it('is filtered over its columns as the rows would be', () => {
    const list = lazyRows();
    const index = indexEventAnnotations({ eventTags: [{ itemID: 9, name: 'root-cause' }], collections: [], notes: [] });
    const filters = [
      NO_EVENT_FILTER,
      { ...NO_EVENT_FILTER, searchTerm: 'disk FULL' },
      { ...NO_EVENT_FILTER, hiddenStreamIDs: new Set([2]), hiddenActorIDs: new Set([1]) },
      { ...NO_EVENT_FILTER, interval: { start: 1_030, end: 1_080 }, markersVisible: false },
      { ...NO_EVENT_FILTER, tagModes: new Map([['root-cause', 'h' as const]]) },
      { ...NO_EVENT_FILTER, tagModes: new Map([['root-cause', 'r' as const]]) },
    ];
    for (const filter of filters) {
      const byColumns = filterEvents(list, index, filter, eventFilterColumns(list));
      const byRows = filterEvents(expected, index, filter);
      expect(Array.from(byColumns.positions)).toEqual(Array.from(byRows.positions));
      expect(Array.from(byColumns.highlighted)).toEqual(Array.from(byRows.highlighted));
    }
  });

  it('takes a delta as a plain array does, and stays lazy', () => {
    const changed: EventRow[] = [{ ...rows[1]!, startTimestamp: 2_000, message: 'moved last' }, { ...eventRow(50, 1_001), message: 'new' }];
    const delta = { incidentID: 7, from: '1:1', to: '1:2', changed, deleted: [4] };
    const patched = applyEventDelta(lazyRows(), delta);
    const plain = applyEventDelta([...expected], delta);
    expect([...patched]).toEqual(plain);
    expect(eventListColumns(patched)?.count).toBe(plain.length);
    expect(Array.from(eventListColumns(patched)?.ids.subarray(0, plain.length) ?? [])).toEqual(plain.map((row) => row.id));
    expect(eventFilterColumns(patched)?.messageAt(1)).toBe('new');
    expect(Array.from(eventExtraPositions(patched) ?? [], (position) => patched[position]?.id)).toEqual([6]);
  });

  it('read before its texts says each message is loading, never a wrong one, and reads as its rows once they are in', () => {
    const list = lazyRows(true);
    expect(eventTextsPending(list)).toBe(true);
    const waiting = list[6]!;
    expect(eventMessagePending(waiting)).toBe(true);
    expect(waiting.message).toBe('');
    // The optimistic row has its own message: it never waits.
    expect(eventMessagePending(list[5]!)).toBe(false);
    expect(list[5]!.message).toBe('waiting marker');
    const chunks = [columnsOfRows(rows.slice(0, 6)), columnsOfRows(rows.slice(6))];
    const filled = withChunkTexts(list, chunks)!;
    expect(eventTextsPending(filled)).toBe(false);
    expect([...filled]).toEqual(expected);
    expect(eventMessagePending(filled[6]!)).toBe(false);
    // The same number columns: the pictures see the same events.
    expect(eventListColumns(filled)).toBe(eventListColumns(list));
  });
});
