/*
 * The re-import's flip (migration 014): the new file's rows are already in the stream under a hidden
 * generation and matched (reimport-match.ts), so one transaction re-matches what changed since, carries
 * the annotations, fixes the counts and switches the generation the stream shows: a few statements
 * whatever the stream's size. Readers see the old events or the new, never a mix; the old rows are
 * deleted afterwards (reimport-cleanup.ts).
 */
import type { Queryable } from '../db/database.ts';
import { visibleEvent } from '../repositories/hidden-imports.ts';
import type { AnnotatedEventRow } from '../repositories/merge-repository.ts';
import { annotatedSourceEvents } from '../repositories/merge-repository.ts';

interface FlipTarget {
  streamId: number;
  incidentId: number;
  generation: number;
}

/** The stream's imported events a flip replaces: visible, of another generation. */
const OLD_ROWS = `e.source_line IS NOT NULL AND e.generation <> $2 AND ((e.stream_id = $1 AND NOT e.is_marker) OR (e.is_marker AND e.import_stream_id = $1)) AND ${visibleEvent('e')}`;

/**
 * The old events that carry an annotation (reimport_source) and their pairs (reimport_match), as the
 * check's tables, so merge-repository answers the outcome and carries as it does for the check.
 */
export async function annotatedOldEvents(tx: Queryable, on: FlipTarget): Promise<AnnotatedEventRow[]> {
  await tx.query(
    `CREATE TEMP TABLE reimport_source ON COMMIT DROP AS
     SELECT e.id, e.is_marker, e.start_micros, e.message FROM events e
      WHERE e.id IN (SELECT t.event_id FROM event_tags t WHERE t.incident_id = $3
                     UNION SELECT c.thread_event_id FROM collections c WHERE c.incident_id = $3 AND c.thread_event_id IS NOT NULL
                     UNION SELECT ce.event_id FROM collection_events ce JOIN collections c ON c.id = ce.collection_id WHERE c.incident_id = $3
                     UNION SELECT n.event_id FROM notes n WHERE n.incident_id = $3 AND n.event_id IS NOT NULL
                     UNION SELECT l.event_id FROM links l WHERE l.incident_id = $3 AND l.event_id IS NOT NULL
                     UNION SELECT u.event_id FROM uploads u WHERE u.incident_id = $3 AND u.event_id IS NOT NULL)
        AND ${OLD_ROWS}`,
    [on.streamId, on.generation, on.incidentId],
  );
  await tx.query(
    `CREATE TEMP TABLE reimport_match ON COMMIT DROP AS
     SELECT m.old_id, m.new_id FROM reimport_matches m WHERE m.generation = $1 AND m.old_id IN (SELECT id FROM reimport_source)`,
    [on.generation],
  );
  return annotatedSourceEvents(tx);
}

/**
 * Takes the old rows' counts off and shows the new generation: the hand-made rows and those kept
 * stay (the kept join the new generation). Answers how many events were replaced.
 */
export async function switchGeneration(tx: Queryable, on: FlipTarget, keptIds: readonly number[]): Promise<number> {
  const { streamId, generation } = on;
  // The flip is one change of the incident; taken first, so showImport's floor reads it, not takes it.
  await tx.query('SELECT incident_change_number($1)', [on.incidentId]);
  const markers = await tx.query<{ n: number | string }>(
    `WITH old AS (SELECT e.incident_id, e.stream_id, coalesce(e.actor_id, 0) AS actor_id, count(*) AS n FROM events e
                   WHERE e.is_marker AND e.import_stream_id = $1 AND ${OLD_ROWS} AND NOT (e.id = ANY($3::bigint[])) GROUP BY 1, 2, 3)
     UPDATE event_counts c SET event_count = c.event_count - old.n FROM old
      WHERE c.incident_id = old.incident_id AND c.stream_id = old.stream_id AND c.actor_id = old.actor_id RETURNING old.n`,
    [streamId, generation, keptIds],
  );
  const [before] = await tx.query<{ n: number | string }>(
    'SELECT coalesce(sum(event_count), 0)::bigint AS n FROM event_counts WHERE stream_id = $1',
    [streamId],
  );
  await tx.query('DELETE FROM event_counts WHERE stream_id = $1', [streamId]);
  const staying = await tx.query<{ n: number | string }>(
    `INSERT INTO event_counts (incident_id, stream_id, actor_id, event_count)
     SELECT e.incident_id, e.stream_id, coalesce(e.actor_id, 0), count(*) FROM events e
      WHERE e.stream_id = $1 AND NOT e.is_marker AND (e.source_line IS NULL OR e.id = ANY($2::bigint[]))
      GROUP BY 1, 2, 3 RETURNING event_count AS n`,
    [streamId, keptIds],
  );
  if (keptIds.length > 0)
    await tx.query('UPDATE events SET generation = $2 WHERE id = ANY($1::bigint[])', [keptIds, generation]);
  // An earlier re-import's cleanup may still run: this generation retires its rows too.
  await tx.query("DELETE FROM stream_generations WHERE stream_id = $1 AND state = 'retiring'", [streamId]);
  await tx.query("UPDATE stream_generations SET state = 'retiring' WHERE generation = $1", [generation]);
  const sum = (rows: { n: number | string }[]) => rows.reduce((total, row) => total + Number(row.n), 0);
  return Number(before!.n) - sum(staying) + sum(markers);
}
