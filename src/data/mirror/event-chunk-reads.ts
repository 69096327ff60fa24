/*
 * Reading a columnar incident (event-chunks.ts): the chunks' number buffers are filtered as typed arrays
 * (time window, streams, actors) into a lazy list (no row objects until a screen reads one), with the
 * optimistic rows of the outbox merged in time order; their texts follow (loadChunkTexts). A delta from
 * the server rewrites only the chunks it touches.
 */
import type { EventColumns } from '../../../domain/events/event-columns.ts';
import { unpackEventChunkNumbers, type EventChunkNumbers } from '../../../domain/events/event-chunk-numbers.ts';
import { emptyEventListColumns, pushEventListColumn } from '../../../domain/events/event-list-columns.ts';
import { columnsOfRows, rowsOfColumns } from '../../../domain/events/event-columns-rows.ts';
import type { EventRow } from '../../../domain/event.ts';
import { readEventChunkKeys, readEventChunks, readEventChunkTexts, writeEventChunk } from './event-chunks.ts';
import { lazyEventList, lazyEventSource, withChunkTexts, type ChunkTexts } from './lazy-event-list.ts';
import type { EventChunkRow, EventChunkTextsRow, EventMirrorRow, MirrorDatabase } from './mirror-database.ts';

interface ChunkQuery {
  fromMicros?: number | undefined;
  toMicros?: number | undefined;
  streamIDs?: readonly number[] | undefined;
  actorIDs?: readonly number[] | undefined;
}

const before = (a: { startTimestamp: number; id: number }, b: { startTimestamp: number; id: number }) => a.startTimestamp < b.startTimestamp || (a.startTimestamp === b.startTimestamp && a.id < b.id);

/**
 * The events of `chunks` the query admits, in order, with `optimistic` rows (already admitted) merged
 * in, as a lazy list (lazy-event-list.ts): the number columns and where each event lives are made here,
 * a row object only when a screen reads one.
 */
export function eventsOfChunks(incidentID: number, chunks: readonly EventChunkNumbers[], stamps: readonly string[], query: ChunkQuery, optimistic: readonly EventMirrorRow[]): EventMirrorRow[] {
  const from = query.fromMicros ?? -Infinity;
  const to = query.toMicros ?? Infinity;
  const streams = query.streamIDs ? new Set(query.streamIDs) : undefined;
  const actors = query.actorIDs ? new Set(query.actorIDs) : undefined;
  const pending = [...optimistic].sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
  const capacity = chunks.reduce((sum, columns) => sum + columns.count, pending.length);
  const listColumns = emptyEventListColumns(capacity);
  const chunkOf = new Int32Array(capacity);
  const indexOf = new Uint32Array(capacity);
  const extraPositions: number[] = [];
  const pushLoose = (at: number) => {
    const row = pending[at] as EventMirrorRow;
    chunkOf[listColumns.count] = -1;
    indexOf[listColumns.count] = at;
    if (row.extra !== null) extraPositions.push(listColumns.count);
    pushEventListColumn(listColumns, row);
  };
  let next = 0;
  for (const [chunk, columns] of chunks.entries()) {
    const { count, startTimestamps, ids, streamIDs, actorIDs } = columns;
    if (count === 0 || (startTimestamps[count - 1] as number) < from || (startTimestamps[0] as number) > to) continue;
    const whole = from <= (startTimestamps[0] as number) && to >= (startTimestamps[count - 1] as number) && !streams && !actors;
    const last = { startTimestamp: startTimestamps[count - 1] as number, id: ids[count - 1] as number };
    if (whole && !(next < pending.length && before(pending[next] as EventMirrorRow, last))) {
      // Every event of the chunk, none waiting to go between them: copied a column at a time.
      const at = listColumns.count;
      listColumns.ids.set(ids, at);
      listColumns.streamIDs.set(streamIDs, at);
      listColumns.actorIDs.set(actorIDs, at);
      listColumns.isMarker.set(columns.isMarker, at);
      listColumns.startTimestamps.set(startTimestamps, at);
      listColumns.endTimestamps.set(columns.endTimestamps, at);
      chunkOf.fill(chunk, at, at + count);
      for (let index = 0; index < count; index += 1) indexOf[at + index] = index;
      for (const index of [...columns.extraPositions].sort((a, b) => a - b)) extraPositions.push(at + index);
      listColumns.count = at + count;
      continue;
    }
    const extraSet = columns.extraPositions.length > 0 ? new Set(columns.extraPositions) : undefined;
    for (let index = 0; index < count; index += 1) {
      const start = startTimestamps[index] as number;
      if (start < from || start > to) continue;
      const streamID = streamIDs[index] as number;
      const actorID = actorIDs[index] as number;
      if (streams && !streams.has(streamID)) continue;
      if (actors && !actors.has(actorID)) continue;
      const id = ids[index] as number;
      while (next < pending.length && before(pending[next] as EventMirrorRow, { startTimestamp: start, id })) pushLoose(next++);
      const at = listColumns.count;
      chunkOf[at] = chunk;
      indexOf[at] = index;
      if (extraSet?.has(index)) extraPositions.push(at);
      listColumns.ids[at] = id;
      listColumns.streamIDs[at] = streamID;
      listColumns.actorIDs[at] = actorID;
      listColumns.isMarker[at] = columns.isMarker[index] as number;
      listColumns.startTimestamps[at] = start;
      listColumns.endTimestamps[at] = columns.endTimestamps[index] as number;
      listColumns.count = at + 1;
    }
  }
  while (next < pending.length) pushLoose(next++);
  const count = listColumns.count;
  return lazyEventList({
    incidentID,
    chunks,
    stamps,
    chunkOf: chunkOf.subarray(0, count),
    indexOf: indexOf.subarray(0, count),
    loose: pending,
    columns: listColumns,
    extraPositions: Uint32Array.from(extraPositions),
  });
}

/** The events the query admits, from the chunks' numbers alone: their texts are read by loadChunkTexts. */
export async function readChunkEvents(db: MirrorDatabase, incidentID: number, query: ChunkQuery, optimistic: readonly EventMirrorRow[]): Promise<EventMirrorRow[]> {
  const rows = await readEventChunks(db, incidentID);
  return eventsOfChunks(
    incidentID,
    rows.map((row) => unpackEventChunkNumbers(row.numbers)),
    rows.map((row) => row.stamp),
    query,
    optimistic,
  );
}

/**
 * `events` (a list readChunkEvents made) with its messages and extras read: 'stale' when a chunk was
 * rewritten since (a catch-up): its texts no longer match the numbers held, so read the events again;
 * undefined when the list needs none.
 */
export async function loadChunkTexts(db: MirrorDatabase, events: readonly EventMirrorRow[]): Promise<EventMirrorRow[] | 'stale' | undefined> {
  const source = lazyEventSource(events);
  if (!source?.stamps || source.texts) return undefined;
  const byStamp = new Map((await readEventChunkTexts(db, source.incidentID)).map((row) => [row.stamp, row]));
  const texts: ChunkTexts[] = [];
  for (const stamp of source.stamps) {
    const row = byStamp.get(stamp);
    if (!row) return 'stale';
    texts.push(row);
  }
  return withChunkTexts(events, texts);
}

/** A chunk's columns from its two rows (a patch rewrites it whole). */
function columnsOfChunk(numbers: EventChunkRow, texts: EventChunkTextsRow | undefined): EventColumns {
  if (texts?.stamp !== numbers.stamp) throw new Error(`the messages of events chunk ${numbers.chunk} do not match its numbers`);
  return { ...unpackEventChunkNumbers(numbers.numbers), messageText: texts.messageText, messageOffsets: texts.messageOffsets, extras: texts.extras };
}

/**
 * Applies a delta to the chunks inside the caller's transaction: changed and deleted events leave the
 * chunk holding them, changed ones arrive in the chunk whose range holds their (time, id). Only the
 * chunks' keys are read to find them; only the chunks touched are read and rewritten. Answers how
 * many events the incident holds after.
 */
export async function patchEventChunks(db: MirrorDatabase, incidentID: number, changed: readonly EventRow[], deletedIDs: readonly number[]): Promise<number> {
  const keys = await readEventChunkKeys(db, incidentID);
  const leaving = new Set<number>(deletedIDs);
  for (const event of changed) leaving.add(event.id);
  const deleted = new Set(deletedIDs);
  const touched = new Set<number>();
  let total = 0;
  for (const key of keys) {
    total += key.ids.length;
    for (let index = 0; index < key.ids.length; index += 1) {
      if (leaving.has(key.ids[index] as number)) {
        touched.add(key.chunk);
        break;
      }
    }
  }
  // Each arriving event goes to the last chunk starting at or before it (the first for one before them all).
  const homes = new Map<number, EventRow[]>();
  for (const event of changed) {
    if (deleted.has(event.id)) continue;
    let home = keys[0]?.chunk ?? 0;
    for (const key of keys) if (key.ids.length > 0 && !before(event, { startTimestamp: key.firstStart, id: key.firstID })) home = key.chunk;
    touched.add(home);
    homes.set(home, [...(homes.get(home) ?? []), event]);
  }
  const keysOfTouched = [...touched].map((chunk): [number, number] => [incidentID, chunk]);
  const chunks = await db.eventChunks.bulkGet(keysOfTouched);
  const texts = await db.eventChunkTexts.bulkGet(keysOfTouched);
  for (const [index, chunk] of [...touched].entries()) {
    const numbers = chunks[index];
    const held = numbers ? columnsOfChunk(numbers, texts[index]) : undefined;
    const rows = held ? rowsOfColumns(held).filter((event) => !leaving.has(event.id)) : [];
    rows.push(...(homes.get(chunk) ?? []));
    rows.sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
    total += rows.length - (held?.count ?? 0);
    await writeEventChunk(db, incidentID, chunk, columnsOfRows(rows));
  }
  return total;
}
