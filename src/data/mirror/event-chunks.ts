/*
 * A large incident kept as columnar chunks (issue 20): each page the columnar wire brings is stored as
 * one number buffer and one texts record (schema 6), in one transaction with the sync's progress. A
 * million events are a hundred buffers a reopen clones with a memcpy, the messages read after the first
 * frame. Reads and delta patches of these chunks are in event-chunk-reads.ts.
 */
import Dexie from 'dexie';
import type { EventColumns } from '../../../domain/events/event-columns.ts';
import { packEventChunkNumbers } from '../../../domain/events/event-chunk-numbers.ts';
import { waitingWrites } from './incident-writes.ts';
import type { ChunkStamp } from './event-numbers-file.ts';
import type { EventChunkKeysRow, EventChunkRow, EventChunkTextsRow, MirrorDatabase, SyncStateRow } from './mirror-database.ts';

/** The incident's chunks' numbers in order (the server's time, id order). */
export async function readEventChunks(db: MirrorDatabase, incidentID: number): Promise<EventChunkRow[]> {
  return db.eventChunks.where('[incidentID+chunk]').between([incidentID, Dexie.minKey], [incidentID, Dexie.maxKey], true, true).toArray();
}

/** The incident's chunks and their write stamps in order, from the index alone (no numbers read). */
export async function readEventChunkStamps(db: MirrorDatabase, incidentID: number): Promise<ChunkStamp[]> {
  const keys = await db.eventChunks
    .where('[incidentID+chunk+stamp]')
    .between([incidentID, Dexie.minKey], [incidentID, Dexie.maxKey], true, true)
    .keys();
  return keys.map((key) => {
    const [, chunk, stamp] = key as unknown as [number, number, string];
    return { chunk, stamp };
  });
}

/** The incident's chunks' texts in order. */
export async function readEventChunkTexts(db: MirrorDatabase, incidentID: number): Promise<EventChunkTextsRow[]> {
  return db.eventChunkTexts.where('[incidentID+chunk]').between([incidentID, Dexie.minKey], [incidentID, Dexie.maxKey], true, true).toArray();
}

/**
 * Drops the incident's rows from the events table but the optimistic ones of writes still waiting
 * in the outbox: once its events are chunks, the table holds only those.
 */
async function keepOnlyWaitingRows(db: MirrorDatabase, incidentID: number): Promise<void> {
  const keys = await db.events.where('[incidentID+startTimestamp]').between([incidentID, Dexie.minKey], [incidentID, Dexie.maxKey], true, true).primaryKeys();
  const gone = keys.filter((id) => id >= 0);
  const optimistic = keys.filter((id) => id < 0);
  if (optimistic.length > 0) {
    const waiting = await waitingWrites(db);
    for (const row of await db.events.bulkGet(optimistic)) if (row && !(row.outboxID !== undefined && waiting.has(row.outboxID))) gone.push(row.id);
  }
  if (gone.length > 0) await db.events.bulkDelete(gone);
}

/**
 * Stores page `chunk` of a full sync with its progress row. The first page replaces whatever the
 * device held of the incident's events (chunks, snapshot, rows).
 */
export async function putEventChunk(db: MirrorDatabase, incidentID: number, chunk: number, columns: EventColumns, progress: Omit<SyncStateRow, 'incidentID'>): Promise<void> {
  await db.transaction('rw', [db.eventChunks, db.eventChunkTexts, db.eventChunkKeys, db.events, db.eventSnapshots, db.syncState, db.outbox], async () => {
    if (chunk === 0) {
      await dropEventChunks(db, incidentID);
      await db.eventSnapshots.delete(incidentID);
      await keepOnlyWaitingRows(db, incidentID);
    }
    await writeEventChunk(db, incidentID, chunk, columns);
    await db.syncState.put({ incidentID, ...progress, columnar: true });
  });
}

/** Writes a chunk and its keys (in the caller's transaction). */
export async function writeEventChunk(db: MirrorDatabase, incidentID: number, chunk: number, columns: EventColumns): Promise<void> {
  // Pairs this write's numbers with its texts: a read never takes the texts of another write.
  const stamp = crypto.randomUUID();
  await db.eventChunks.put({ incidentID, chunk, numbers: packEventChunkNumbers(columns), stamp });
  await db.eventChunkTexts.put({ incidentID, chunk, stamp, messageText: columns.messageText, messageOffsets: columns.messageOffsets, extras: columns.extras });
  await db.eventChunkKeys.put({ incidentID, chunk, ids: columns.ids, firstStart: columns.count > 0 ? (columns.startTimestamps[0] as number) : Infinity, firstID: columns.count > 0 ? (columns.ids[0] as number) : Infinity });
}

/** The incident's chunk keys in order. */
export async function readEventChunkKeys(db: MirrorDatabase, incidentID: number): Promise<EventChunkKeysRow[]> {
  return db.eventChunkKeys.where('[incidentID+chunk]').between([incidentID, Dexie.minKey], [incidentID, Dexie.maxKey], true, true).toArray();
}

/** Forgets the incident's chunks (its events went back to the events table: it became small). */
export async function dropEventChunks(db: MirrorDatabase, incidentID: number): Promise<void> {
  await db.eventChunks.where('incidentID').equals(incidentID).delete();
  await db.eventChunkTexts.where('incidentID').equals(incidentID).delete();
  await db.eventChunkKeys.where('incidentID').equals(incidentID).delete();
}
