/*
 * The re-import's flip: the new file's events, written out of sight under a hidden twin of the stream
 * (reimport-stream.ts), take the stream's place in one transaction. They are matched against the stream's
 * events as the check does (merge-repository.ts), annotations carried, the old events deleted and the new
 * ones moved into the stream with its clock offset, so readers see the old events or the new, never a mix.
 */
import type { DbTransaction } from '../db/database.ts';
import type { StreamRow } from '../repositories/merge-repository.ts';

/**
 * reimport_staging as the check stages a file, read back from the twin's hidden events: raw times (the
 * twin and the hidden markers carry no clock offset yet), actor names, lines.
 */
export async function stageFromTwin(tx: DbTransaction, twinId: number): Promise<void> {
  await tx.query(
    `CREATE TEMP TABLE reimport_staging ON COMMIT DROP AS
     SELECT e.is_marker, e.source_line AS line, e.start_micros, coalesce(a.name, '') AS actor, e.message
       FROM events e LEFT JOIN incident_actors a ON a.id = e.actor_id
      WHERE (e.stream_id = $1 AND NOT e.is_marker) OR (e.is_marker AND e.import_stream_id = $1)`,
    [twinId],
  );
  // carryAnnotations pairs matched lines with new ids through reimport_new, as insertStagedEvents leaves it.
  await tx.query(
    `CREATE TEMP TABLE reimport_new ON COMMIT DROP AS
     SELECT e.id, e.is_marker, e.source_line AS line FROM events e
      WHERE (e.stream_id = $1 AND NOT e.is_marker) OR (e.is_marker AND e.import_stream_id = $1)`,
    [twinId],
  );
}

/**
 * Moves the twin's events into the stream (and its markers under the stream's name), then removes the
 * twin. The count trigger adds the moved events to the stream's counts, so only the markers' counts kept
 * aside remain for showImport; the twin's own are dropped.
 */
export async function moveTwinEvents(
  tx: DbTransaction,
  on: { importId: number; twinId: number; stream: StreamRow; marker: { id: number; clockOffsetMicros: number } },
): Promise<void> {
  const { importId, twinId, stream, marker } = on;
  await tx.query('DELETE FROM import_event_counts WHERE import_id = $1 AND stream_id = $2', [importId, twinId]);
  await tx.query(
    `UPDATE events SET stream_id = $2, start_micros = start_micros + $3, end_micros = end_micros + $3
      WHERE stream_id = $1 AND NOT is_marker`,
    [twinId, stream.id, stream.clock_offset_micros],
  );
  await tx.query(
    `UPDATE events SET import_stream_id = $2, start_micros = start_micros + $3, end_micros = end_micros + $3
      WHERE is_marker AND import_stream_id = $1 AND stream_id = $4`,
    [twinId, stream.id, marker.clockOffsetMicros, marker.id],
  );
  await tx.query('DELETE FROM streams WHERE id = $1', [twinId]);
}
