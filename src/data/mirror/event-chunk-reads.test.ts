/*
 * A columnar incident's chunks read and patched as a device relies on: reads admit the same events
 * as a filter over rows would, and a delta that moves an event from one chunk's range into another's,
 * adds one before them all and deletes one leaves the chunks holding exactly the server's events in order.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { columnsOfRows } from '../../../domain/events/event-columns-rows.ts';
import type { EventRow } from '../../../domain/event.ts';
import { loadChunkTexts, patchEventChunks, readChunkEvents } from './event-chunk-reads.ts';
import { eventMessagePending } from './lazy-event-list.ts';
import { eventListColumns } from './event-list-columns.ts';
import { putEventChunk } from './event-chunks.ts';
import { MirrorDatabase } from './mirror-database.ts';
import { eventRow } from '../../../tests/support/mirror-test-server.ts';

const opened: MirrorDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const byTime = (a: EventRow, b: EventRow) => a.startTimestamp - b.startTimestamp || a.id - b.id;
/** A read as a screen ends up with it: the numbers, then the texts. */
async function readWithTexts(db: MirrorDatabase, incidentID: number, query: Parameters<typeof readChunkEvents>[2], optimistic: Parameters<typeof readChunkEvents>[3]): Promise<EventRow[]> {
  const numbers = await readChunkEvents(db, incidentID, query, optimistic);
  const filled = await loadChunkTexts(db, numbers);
  if (filled === undefined || filled === 'stale') throw new Error(`texts not read: ${filled}`);
  return filled;
}
const plain = (rows: EventRow[]) => rows.map(({ id, streamID, actorID, isMarker, message, startTimestamp, endTimestamp, extra }) => ({ id, streamID, actorID, isMarker, message, startTimestamp, endTimestamp, extra }));

describe('columnar chunks', () => {
  it('are patched in place by a delta: an event moved across chunks, one added before all, one deleted', async () => {
    const db = new MirrorDatabase(`chunk-test-${Date.now()}`);
    opened.push(db);
    const events = Array.from({ length: 30 }, (_, index) => ({ ...eventRow(index + 1, 1_000 + index * 10, 1 + (index % 2), index % 3), message: `line ${index} ✓` }));
    const progress = { status: 'syncing' as const, eventsLoaded: 0, eventsTotal: 30 };
    for (let chunk = 0; chunk < 3; chunk += 1) await putEventChunk(db, 4, chunk, columnsOfRows(events.slice(chunk * 10, chunk * 10 + 10)), progress);

    expect(plain(await readWithTexts(db, 4, {}, []))).toEqual(plain(events));
    const window = await readChunkEvents(db, 4, { fromMicros: 1_095, toMicros: 1_205, streamIDs: [2] }, []);
    expect(window.map((event) => event.id)).toEqual(events.filter((event) => event.startTimestamp >= 1_095 && event.startTimestamp <= 1_205 && event.streamID === 2).map((event) => event.id));

    const moved = { ...events[2]!, startTimestamp: 1_255, message: 'moved to the last chunk' };
    const early = { ...eventRow(500, 10), isMarker: true, message: 'Impact' };
    const total = await db.transaction('rw', [db.eventChunks, db.eventChunkTexts, db.eventChunkKeys], () => patchEventChunks(db, 4, [moved, early], [15]));
    const expected = [...events.filter((event) => event.id !== 3 && event.id !== 15), moved, early].sort(byTime);
    expect(total).toBe(30);
    expect(plain(await readWithTexts(db, 4, {}, []))).toEqual(plain(expected));
    expect(await db.eventChunks.count()).toBe(3);
  });

  it('come with their number columns, position for position, optimistic rows merged in', async () => {
    const db = new MirrorDatabase(`chunk-columns-test-${Date.now()}`);
    opened.push(db);
    const events = Array.from({ length: 20 }, (_, index) => ({ ...eventRow(index + 1, 1_000 + index * 10, 1 + (index % 2), index % 3), extra: index % 7 === 3 ? { timings: { wait: index } } : null }));
    const progress = { status: 'syncing' as const, eventsLoaded: 0, eventsTotal: 20 };
    for (let chunk = 0; chunk < 2; chunk += 1) await putEventChunk(db, 4, chunk, columnsOfRows(events.slice(chunk * 10, chunk * 10 + 10)), progress);
    const optimistic = { ...eventRow(-1, 1_055, 0, 0), isMarker: true, message: 'waiting', incidentID: 4 };

    const rows = await readWithTexts(db, 4, { streamIDs: [1, 0] }, [optimistic]);
    const columns = eventListColumns(rows);
    expect(columns?.count).toBe(rows.length);
    expect(Array.from(columns?.ids.subarray(0, columns.count) ?? [])).toEqual(rows.map((row) => row.id));
    expect(Array.from(columns?.startTimestamps.subarray(0, columns.count) ?? [])).toEqual(rows.map((row) => row.startTimestamp));
    expect(Array.from(columns?.actorIDs.subarray(0, columns.count) ?? [])).toEqual(rows.map((row) => row.actorID));
    expect(Array.from(columns?.isMarker.subarray(0, columns.count) ?? [])).toEqual(rows.map((row) => (row.isMarker ? 1 : 0)));
    // HAR timings and other extra fields stay with their own events.
    expect(rows.filter((row) => row.extra !== null).map((row) => [row.id, row.extra])).toEqual(events.filter((event) => event.extra !== null && event.streamID === 1).map((event) => [event.id, event.extra]));
    // The whole incident: chunks copied whole where no optimistic row goes between their events.
    const between = { ...eventRow(-2, 1_095, 1, 1), message: 'between the chunks', incidentID: 4 };
    const whole = await readWithTexts(db, 4, {}, [optimistic, between]);
    expect(plain(whole)).toEqual(plain([...events, optimistic, between].sort(byTime)));
    expect(Array.from(eventListColumns(whole)?.ids.subarray(0, whole.length) ?? [])).toEqual(whole.map((row) => row.id));
    // A list made from it (a copy) has no columns: it is read as rows.
    expect(eventListColumns([...rows])).toBeUndefined();
  });

  it('are read as numbers first; texts rewritten meanwhile by a catch-up are refused, never paired with other numbers', async () => {
    const db = new MirrorDatabase(`chunk-texts-test-${Date.now()}`);
    opened.push(db);
    const events = Array.from({ length: 20 }, (_, index) => ({ ...eventRow(index + 1, 1_000 + index * 10), message: `line ${index}` }));
    const progress = { status: 'syncing' as const, eventsLoaded: 0, eventsTotal: 20 };
    for (let chunk = 0; chunk < 2; chunk += 1) await putEventChunk(db, 4, chunk, columnsOfRows(events.slice(chunk * 10, chunk * 10 + 10)), progress);
    const numbers = await readChunkEvents(db, 4, {}, []);
    expect(numbers.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(eventMessagePending(numbers[3]!)).toBe(true);
    // Another write lands between the numbers' read and the texts'.
    await db.transaction('rw', [db.eventChunks, db.eventChunkTexts, db.eventChunkKeys], () => patchEventChunks(db, 4, [{ ...events[3]!, message: 'edited' }], []));
    expect(await loadChunkTexts(db, numbers)).toBe('stale');
    const again = await readWithTexts(db, 4, {}, []);
    expect(again[3]?.message).toBe('edited');
    expect(again[12]?.message).toBe('line 12');
  });
});
