/*
 * Streams: the rows behind a stream's routes. Lookups by id skip a stream a running import hides
 * (hidden-imports.ts), so a guessed id answers as one that does not exist.
 */
import type { Queryable } from '../db/database.ts';
import { updateColumns } from './update-columns.ts';
import { nowMicros } from '../time.ts';
import { visibleEvent, visibleRow } from './hidden-imports.ts';

interface StreamState {
  name: string;
  clock_offset_micros: number;
  is_marker_stream: boolean;
  source_upload_id: number | null;
}

export async function insertStream(
  db: Queryable,
  incidentId: number,
  name: string,
  analystId: number,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO streams (incident_id, name, created_micros, analyst_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [incidentId, name, nowMicros(), analystId],
  );
  return rows[0]!.id;
}

/** A visible stream of the incident, or undefined; `lock` holds it until the transaction ends. */
export async function streamState(
  db: Queryable,
  streamId: number,
  options: { incidentId?: number; lock?: boolean } = {},
): Promise<StreamState | undefined> {
  const rows = await db.query<StreamState>(
    `SELECT s.name, s.clock_offset_micros, s.is_marker_stream, s.source_upload_id FROM streams s
      WHERE s.id = $1 AND ($2::bigint IS NULL OR s.incident_id = $2) AND ${visibleRow('s')}${options.lock ? ' FOR UPDATE' : ''}`,
    [streamId, options.incidentId ?? null],
  );
  return rows[0];
}

export async function markerStreamId(db: Queryable, incidentId: number): Promise<number> {
  const [stream] = await db.query<{ id: number }>(
    'SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [incidentId],
  );
  return stream!.id;
}

/** The earliest start among the stream's events, before its clock moves them. */
export async function earliestStart(db: Queryable, streamId: number): Promise<number | null> {
  const [low] = await db.query<{ min: number | null }>(
    `SELECT min(e.start_micros) AS min FROM events e WHERE e.stream_id = $1 AND ${visibleEvent('e')}`,
    [streamId],
  );
  return low?.min ?? null;
}

/**
 * The stream's first imported event as its file wrote it (its clock offset taken off), or null: the
 * day a re-import of a log whose lines have no date is read on when the analyst gives none.
 */
export async function firstImportedStart(db: Queryable, streamId: number): Promise<number | null> {
  const [row] = await db.query<{ first: number | string | null }>(
    `SELECT min(e.start_micros) - s.clock_offset_micros AS first FROM streams s JOIN events e ON e.stream_id = s.id
      WHERE s.id = $1 AND e.source_line IS NOT NULL AND NOT e.is_marker AND ${visibleEvent('e')}
      GROUP BY s.clock_offset_micros`,
    [streamId],
  );
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

/** Moves every event of the stream by `deltaMicros` (a clock offset change). */
export async function shiftStreamEvents(db: Queryable, streamId: number, deltaMicros: number): Promise<void> {
  await db.query(
    'UPDATE events SET start_micros = start_micros + $2, end_micros = end_micros + $2 WHERE stream_id = $1',
    [streamId, deltaMicros],
  );
}

/** A stream's new name or clock offset; what is left out stays. */
interface StreamChange {
  name?: string;
  clockOffsetMicros?: number;
}

export async function updateStream(db: Queryable, streamId: number, change: StreamChange): Promise<void> {
  await updateColumns(db, 'streams', streamId, { name: change.name, clock_offset_micros: change.clockOffsetMicros });
}

/** Deletes the stream, its events, and its source files (their blobs are reclaimed by a trigger when unused). */
export async function deleteStream(db: Queryable, streamId: number): Promise<void> {
  await db.query('DELETE FROM uploads WHERE stream_id = $1 AND is_system', [streamId]);
  await db.query('DELETE FROM streams WHERE id = $1', [streamId]);
}
