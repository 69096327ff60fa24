/*
 * The fast copy's file, as a reopen relies on it: made from the chunks IndexedDB holds, it reads back as
 * the same number columns, position for position; once a catch-up rewrote a chunk, or for a torn or
 * foreign file, it is refused, so the reopen reads IndexedDB instead of an older state.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { columnsOfRows } from '../../../domain/events/event-columns-rows.ts';
import { MIRROR_SCHEMA_V6 } from '../../../tests/support/mirror-schemas.ts';
import { eventRow } from '../../../tests/support/mirror-test-server.ts';
import { eventsOfChunks, patchEventChunks, readChunkEvents } from './event-chunk-reads.ts';
import { putEventChunk, readEventChunks, readEventChunkStamps } from './event-chunks.ts';
import { eventListColumns } from './event-list-columns.ts';
import { packEventChunkNumbers } from '../../../domain/events/event-chunk-numbers.ts';
import { eventNumbersFileParts, eventNumbersFileStamps, eventNumbersOfFile } from './event-numbers-file.ts';
import { MirrorDatabase } from './mirror-database.ts';

const opened: MirrorDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function heldIncident(): Promise<MirrorDatabase> {
  const db = new MirrorDatabase(`numbers-file-test-${Date.now()}-${opened.length}`);
  opened.push(db);
  // Chunks of odd sizes, so every chunk after the first starts at a padded offset; a few carry extras.
  const events = Array.from({ length: 23 }, (_, index) => ({ ...eventRow(index + 1, 1_000 + index * 10, 1 + (index % 3), index % 2), extra: index % 5 === 2 ? { timings: { wait: index } } : null }));
  const progress = { status: 'syncing' as const, eventsLoaded: 0, eventsTotal: 23 };
  const sizes = [7, 9, 7];
  let from = 0;
  for (const [chunk, size] of sizes.entries()) {
    await putEventChunk(db, 4, chunk, columnsOfRows(events.slice(from, from + size)), progress);
    from += size;
  }
  return db;
}

async function fileOf(db: MirrorDatabase): Promise<ArrayBuffer> {
  return new Blob(eventNumbersFileParts(await readEventChunks(db, 4))).arrayBuffer();
}

const columnsOf = (events: Parameters<typeof eventListColumns>[0]) => {
  const columns = eventListColumns(events);
  if (!columns) throw new Error('not a columnar list');
  const { count } = columns;
  return {
    ids: [...columns.ids.subarray(0, count)],
    starts: [...columns.startTimestamps.subarray(0, count)],
    ends: [...columns.endTimestamps.subarray(0, count)],
    streams: [...columns.streamIDs.subarray(0, count)],
    actors: [...columns.actorIDs.subarray(0, count)],
    markers: [...columns.isMarker.subarray(0, count)],
  };
};

describe('the fast copy of an incident\'s event numbers', () => {
  it('reads back as the same columns IndexedDB gives, for the whole incident and a filtered window', async () => {
    const db = await heldIncident();
    const file = await fileOf(db);
    const stamps = await readEventChunkStamps(db, 4);
    expect(eventNumbersFileStamps(file)).toEqual(stamps);
    const chunks = eventNumbersOfFile(file, stamps);
    expect(chunks).toBeDefined();
    for (const query of [{}, { fromMicros: 1_055, toMicros: 1_175, streamIDs: [2, 3] }]) {
      const fromCopy = eventsOfChunks(4, chunks ?? [], stamps.map((entry) => entry.stamp), query, []);
      const fromIndexedDB = await readChunkEvents(db, 4, query, []);
      expect(columnsOf(fromCopy)).toEqual(columnsOf(fromIndexedDB));
      expect(fromCopy.map((event) => event.extra === null)).toEqual(fromIndexedDB.map((event) => event.extra === null));
    }
  });

  it('is refused once a catch-up rewrote a chunk after it was written', async () => {
    const db = await heldIncident();
    const file = await fileOf(db);
    const marker = { ...eventRow(900, 1_101), isMarker: true, message: 'Caught up' };
    await db.transaction('rw', [db.eventChunks, db.eventChunkTexts, db.eventChunkKeys], () => patchEventChunks(db, 4, [marker], []));
    const stamps = await readEventChunkStamps(db, 4);
    expect(eventNumbersOfFile(file, stamps)).toBeUndefined();
    // Written again from what IndexedDB holds now, it has the marker.
    const renewed = eventNumbersOfFile(await fileOf(db), stamps);
    expect(renewed?.some((chunk) => [...chunk.ids].includes(900))).toBe(true);
  });

  it('is refused when torn or of another layout', async () => {
    const db = await heldIncident();
    const file = await fileOf(db);
    const stamps = await readEventChunkStamps(db, 4);
    expect(eventNumbersOfFile(file.slice(0, file.byteLength - 100), stamps)).toBeUndefined();
    expect(eventNumbersOfFile(file.slice(0, 6), stamps)).toBeUndefined();
    expect(eventNumbersOfFile(new ArrayBuffer(64), stamps)).toBeUndefined();
    expect(eventNumbersOfFile(file, stamps.slice(1))).toBeUndefined();
  });
});

describe('mirror schema 7', () => {
  it('indexes the chunks a device held under schema 6, so their stamps read without their numbers', async () => {
    const name = `schema-7-test-${Date.now()}`;
    const old = new Dexie(name);
    old.version(6).stores(MIRROR_SCHEMA_V6);
    const numbers = packEventChunkNumbers(columnsOfRows([eventRow(1, 1_000), eventRow(2, 1_010)]));
    await old.table('eventChunks').bulkPut([
      { incidentID: 4, chunk: 1, numbers, stamp: 'second' },
      { incidentID: 4, chunk: 0, numbers, stamp: 'first' },
      { incidentID: 5, chunk: 0, numbers, stamp: 'another incident' },
    ]);
    old.close();
    const db = new MirrorDatabase(name);
    opened.push(db);
    expect(await readEventChunkStamps(db, 4)).toEqual([
      { chunk: 0, stamp: 'first' },
      { chunk: 1, stamp: 'second' },
    ]);
  });
});
