/*
 * Mirror schema 6 (issue 20): a device updated from schema 5 keeps its columnar incidents, converted in
 * place (numbers into one buffer, texts beside them), with its outbox and optimistic rows: the reopen
 * after the update reads the same events offline, and a catch-up still patches them.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { columnsOfRows } from '../../../domain/events/event-columns-rows.ts';
import type { EventRow } from '../../../domain/event.ts';
import { MIRROR_SCHEMA_V5 } from '../../../tests/support/mirror-schemas.ts';
import { eventRow } from '../../../tests/support/mirror-test-server.ts';
import { patchEventChunks } from './event-chunk-reads.ts';
import { eventMessagePending } from './lazy-event-list.ts';
import { MirrorDatabase, type OutboxRow } from './mirror-database.ts';
import { readIncidentEventNumbers, readIncidentEvents } from './mirror-queries.ts';

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});


const plain = (rows: EventRow[]) => rows.map(({ id, streamID, actorID, isMarker, message, startTimestamp, endTimestamp, extra }) => ({ id, streamID, actorID, isMarker, message, startTimestamp, endTimestamp, extra }));
const byTime = (a: EventRow, b: EventRow) => a.startTimestamp - b.startTimestamp || a.id - b.id;

describe('mirror schema 6', () => {
  it('converts the chunks of schema 5 in place, keeping the outbox and optimistic rows: the same events read offline', async () => {
    const name = `schema-6-test-${Date.now()}`;
    names.push(name);
    const events = Array.from({ length: 20 }, (_, index) => ({
      ...eventRow(index + 1, 1_000 + index * 10, 1 + (index % 2)),
      message: `line ${index} é ✓`,
      extra: index === 13 ? { timings: { wait: 4 } } : null,
    }));
    const optimistic = { ...eventRow(-1, 1_055), isMarker: true, message: 'marker made offline', incidentID: 9, outboxID: 'w-1' };
    const waiting: OutboxRow = { id: 'w-1', kind: 'annotation', method: 'POST', path: '/api/incident/9/marker', analystID: 1, label: 'Add marker', incidentID: 9, touchesEvents: true, createdAt: 1, status: 'pending', attempts: 0, optimisticPuts: [{ table: 'events', key: -1 }] };
    const old = new Dexie(name);
    old.version(5).stores(MIRROR_SCHEMA_V5);
    await old.open();
    for (let chunk = 0; chunk < 2; chunk += 1) {
      const columns = columnsOfRows(events.slice(chunk * 10, chunk * 10 + 10));
      await old.table('eventChunks').put({ incidentID: 9, chunk, columns });
      await old.table('eventChunkKeys').put({ incidentID: 9, chunk, ids: columns.ids, firstStart: columns.startTimestamps[0], firstID: columns.ids[0] });
    }
    await old.table('syncState').put({ incidentID: 9, status: 'idle', eventsLoaded: 20, eventsTotal: 20, eventsRevision: '1:5', changeRevision: '1:5', columnar: true });
    await old.table('events').put(optimistic);
    await old.table('outbox').add(waiting);
    old.close();

    const db = new MirrorDatabase(name);
    const expected = [...events, optimistic].sort(byTime);
    expect(plain(await readIncidentEvents(db, 9))).toEqual(plain(expected));
    expect(await db.outbox.count()).toBe(1);
    expect((await db.outbox.toArray())[0]?.id).toBe('w-1');
    expect(await db.eventChunkTexts.where('incidentID').equals(9).count()).toBe(2);
    expect((await db.eventChunks.toArray()).every((row) => row.numbers instanceof ArrayBuffer && !('columns' in row))).toBe(true);

    // A reopen reads the numbers alone: rows wait for their message, the optimistic one has its own.
    const numbers = await readIncidentEventNumbers(db, 9);
    expect(numbers.map((event) => event.id)).toEqual(expected.map((event) => event.id));
    expect(eventMessagePending(numbers[0]!)).toBe(true);
    expect(numbers.find((event) => event.id === -1)?.message).toBe('marker made offline');

    // A catch-up after the update patches the converted chunks.
    const edited = { ...events[13]!, message: 'edited after the update' };
    await db.transaction('rw', [db.eventChunks, db.eventChunkTexts, db.eventChunkKeys], () => patchEventChunks(db, 9, [edited], [2]));
    const after = await readIncidentEvents(db, 9);
    expect(after.find((event) => event.id === 14)).toMatchObject({ message: 'edited after the update', extra: { timings: { wait: 4 } } });
    expect(after.some((event) => event.id === 2)).toBe(false);
    expect(after).toHaveLength(20);
    db.close();
  });
});
