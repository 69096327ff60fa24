/*
 * Reading a columnar incident (event-chunks.ts): the chunks are filtered as typed arrays (time window,
 * streams, actors) and rows are built only for the events that pass, with the optimistic rows of the
 * outbox merged in time order. A delta from the server rewrites only the chunks it touches.
 */
import type { EventColumns } from '../../../domain/events/event-columns.ts';
import { emptyEventListColumns, pushEventListColumn } from '../../../domain/events/event-list-columns.ts';
import { columnsOfRows, extrasByPosition, messageAt, rowsOfColumns } from '../../../domain/events/event-columns-rows.ts';
import type { EventRow } from '../../../domain/event.ts';
import { readEventChunkKeys, readEventChunks, writeEventChunk } from './event-chunks.ts';
import { registerEventListColumns } from './event-list-columns.ts';
import type { EventMirrorRow, MirrorDatabase } from './mirror-database.ts';

interface ChunkQuery {
  fromMicros?: number | undefined;
  toMicros?: number | undefined;
  streamIDs?: readonly number[] | undefined;
  actorIDs?: readonly number[] | undefined;
}

const before = (a: { startTimestamp: number; id: number }, b: { startTimestamp: number; id: number }) => a.startTimestamp < b.startTimestamp || (a.startTimestamp === b.startTimestamp && a.id < b.id);

/**
 * The rows of `chunks` the query admits, in order, with `optimistic` rows (already admitted) merged in;
 * their number columns are made in the same pass and registered with the list (event-list-columns.ts).
 */
function rowsOfChunks(incidentID: number, chunks: readonly EventColumns[], query: ChunkQuery, optimistic: readonly EventMirrorRow[]): EventMirrorRow[] {
  const from = query.fromMicros ?? -Infinity;
  const to = query.toMicros ?? Infinity;
  const streams = query.streamIDs ? new Set(query.streamIDs) : undefined;
  const actors = query.actorIDs ? new Set(query.actorIDs) : undefined;
  const pending = [...optimistic].sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
  const rows: EventMirrorRow[] = [];
  const listColumns = emptyEventListColumns(chunks.reduce((sum, columns) => sum + columns.count, pending.length));
  const push = (row: EventMirrorRow) => {
    rows.push(row);
    pushEventListColumn(listColumns, row);
  };
  let next = 0;
  for (const columns of chunks) {
    const { count, startTimestamps } = columns;
    if (count === 0 || (startTimestamps[count - 1] as number) < from || (startTimestamps[0] as number) > to) continue;
    // Extra positions come ascending from the wire: a cursor walks them beside the index instead of a
    // Map lookup per event (any other order, from elsewhere, goes through the Map).
    const { extraPositions, extras } = columns;
    const unordered = extraPositions.some((position, at) => at > 0 && position <= (extraPositions[at - 1] as number));
    const extraOf = unordered ? extrasByPosition(columns) : undefined;
    let extraAt = 0;
    for (let index = 0; index < count; index += 1) {
      const start = startTimestamps[index] as number;
      if (start < from || start > to) continue;
      if (streams && !streams.has(columns.streamIDs[index] as number)) continue;
      if (actors && !actors.has(columns.actorIDs[index] as number)) continue;
      // One literal with every field, so the million rows share one shape.
      const row: EventMirrorRow = {
        id: columns.ids[index] as number,
        streamID: columns.streamIDs[index] as number,
        actorID: columns.actorIDs[index] as number,
        isMarker: columns.isMarker[index] === 1,
        message: messageAt(columns, index),
        startTimestamp: start,
        endTimestamp: columns.endTimestamps[index] as number,
        extra: null,
        incidentID,
      };
      if (extraOf) row.extra = extraOf.get(index) ?? null;
      else {
        while (extraAt < extraPositions.length && (extraPositions[extraAt] as number) < index) extraAt += 1;
        if (extraPositions[extraAt] === index) row.extra = extras[extraAt] as EventMirrorRow['extra'];
      }
      while (next < pending.length && before(pending[next] as EventMirrorRow, row)) push(pending[next++] as EventMirrorRow);
      push(row);
    }
  }
  while (next < pending.length) push(pending[next++] as EventMirrorRow);
  registerEventListColumns(rows, listColumns);
  return rows;
}

export async function readChunkEvents(db: MirrorDatabase, incidentID: number, query: ChunkQuery, optimistic: readonly EventMirrorRow[]): Promise<EventMirrorRow[]> {
  const chunks = await readEventChunks(db, incidentID);
  return rowsOfChunks(incidentID, chunks.map((row) => row.columns), query, optimistic);
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
  const chunks = await db.eventChunks.bulkGet([...touched].map((chunk): [number, number] => [incidentID, chunk]));
  for (const [index, chunk] of [...touched].entries()) {
    const held = chunks[index]?.columns;
    const rows = held ? rowsOfColumns(held).filter((event) => !leaving.has(event.id)) : [];
    rows.push(...(homes.get(chunk) ?? []));
    rows.sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
    total += rows.length - (held?.count ?? 0);
    await writeEventChunk(db, incidentID, chunk, columnsOfRows(rows));
  }
  return total;
}
