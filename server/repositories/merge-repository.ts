/*
 * The SQL of a re-import (domain/import/merge-outcome.ts defines source, target, match key and
 * annotations). Works on the temporary tables of one transaction: reimport_staging (the new file,
 * server/import/stage-file.ts), reimport_source (the stream's events from its file), reimport_match
 * (source id → target line); everything set-based, so a million-row stream never passes through JS.
 */
import type { Queryable } from '../db/database.ts';
import { visibleEvent } from './hidden-imports.ts';

export interface StreamRow {
  id: number;
  incident_id: number;
  is_marker_stream: boolean;
  clock_offset_micros: number;
}

export interface AnnotatedEventRow {
  id: number;
  is_marker: boolean;
  start_micros: number;
  message: string;
  matched: boolean;
  labels: string[];
}

/**
 * Ranks the source and target events by match key and pairs them (the domain's "match"). With
 * `lock`, the source events are locked too: an annotation written to one of them meanwhile (its
 * foreign key takes a share lock on the event) waits for the re-import, instead of being deleted
 * with the event after the annotations were carried.
 */
export async function matchSourceEvents(
  tx: Queryable,
  stream: StreamRow,
  lock: boolean,
): Promise<{ currentCount: number; newCount: number; matchedCount: number }> {
  await tx.query(
    `CREATE TEMP TABLE reimport_source ON COMMIT DROP AS
     SELECT e.id, e.is_marker, e.start_micros, e.message, e.start_micros - s.clock_offset_micros AS raw_start, coalesce(a.name, '') AS actor,
            row_number() OVER (PARTITION BY e.is_marker, e.start_micros - s.clock_offset_micros, coalesce(a.name, ''), e.message
                               ORDER BY e.source_line, e.id) AS rank
       FROM events e JOIN streams s ON s.id = e.stream_id LEFT JOIN incident_actors a ON a.id = e.actor_id
      WHERE e.incident_id = $1 AND e.source_line IS NOT NULL AND ${visibleEvent('e')}
        AND ((e.stream_id = $2 AND NOT e.is_marker) OR (e.is_marker AND e.import_stream_id = $2))`,
    [stream.incident_id, stream.id],
  );
  if (lock)
    await tx.query(
      'WITH locked AS (SELECT e.id FROM events e WHERE e.id IN (SELECT id FROM reimport_source) FOR UPDATE) SELECT count(*) FROM locked',
    );
  await tx.query(
    `CREATE TEMP TABLE reimport_match ON COMMIT DROP AS
     SELECT s.id AS old_id, t.is_marker, t.line
       FROM reimport_source s
       JOIN (SELECT g.is_marker, g.line, g.start_micros, g.actor, g.message,
                    row_number() OVER (PARTITION BY g.is_marker, g.start_micros, g.actor, g.message ORDER BY g.line) AS rank
               FROM reimport_staging g) t
         ON t.is_marker = s.is_marker AND t.start_micros = s.raw_start AND t.actor = s.actor AND t.message = s.message AND t.rank = s.rank`,
  );
  const [counts] = await tx.query<{ current: number; new: number; matched: number }>(
    `SELECT (SELECT count(*) FROM reimport_source)::bigint AS current, (SELECT count(*) FROM reimport_staging)::bigint AS new,
            (SELECT count(*) FROM reimport_match)::bigint AS matched`,
  );
  return {
    currentCount: Number(counts!.current),
    newCount: Number(counts!.new),
    matchedCount: Number(counts!.matched),
  };
}

// One row per annotation of a source event, labelled as the check answer shows it.
const ANNOTATIONS = `
  SELECT t.event_id, 'tag:' || t.name AS label, 1 AS kind FROM event_tags t JOIN reimport_source s ON s.id = t.event_id
  UNION ALL SELECT c.thread_event_id, 'thread', 2 FROM collections c JOIN reimport_source s ON s.id = c.thread_event_id
  UNION ALL SELECT ce.event_id, 'collection ' || ce.collection_id, 3 FROM collection_events ce JOIN reimport_source s ON s.id = ce.event_id
            JOIN collections c ON c.id = ce.collection_id WHERE c.thread_event_id IS DISTINCT FROM ce.event_id
  UNION ALL SELECT n.event_id, 'note ' || n.id, 4 FROM notes n JOIN reimport_source s ON s.id = n.event_id
  UNION ALL SELECT l.event_id, 'link ' || l.id, 5 FROM links l JOIN reimport_source s ON s.id = l.event_id
  UNION ALL SELECT u.event_id, 'upload ' || u.id, 6 FROM uploads u JOIN reimport_source s ON s.id = u.event_id`;

/** The source events that carry annotations, with their labels and whether they have a match. */
export async function annotatedSourceEvents(tx: Queryable): Promise<AnnotatedEventRow[]> {
  const rows = await tx.query<AnnotatedEventRow>(
    `SELECT s.id, s.is_marker, s.start_micros, s.message, bool_or(m.old_id IS NOT NULL) AS matched,
            array_agg(x.label ORDER BY x.kind, x.label) AS labels
       FROM (${ANNOTATIONS}) x JOIN reimport_source s ON s.id = x.event_id LEFT JOIN reimport_match m ON m.old_id = s.id
      GROUP BY s.id, s.is_marker, s.start_micros, s.message
      ORDER BY s.start_micros, s.id`,
  );
  return rows;
}

/** Stream tags, links and (non-system) uploads on the stream itself. */
export async function streamHasAnnotations(tx: Queryable, streamId: number): Promise<boolean> {
  const [row] = await tx.query<{ annotated: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM stream_tags WHERE stream_id = $1)
         OR EXISTS (SELECT 1 FROM links WHERE stream_id = $1 AND event_id IS NULL)
         OR EXISTS (SELECT 1 FROM uploads WHERE stream_id = $1 AND event_id IS NULL AND NOT is_system) AS annotated`,
    [streamId],
  );
  return row!.annotated;
}

const CHECK_PAIRS = `(SELECT m.old_id, n.id AS new_id FROM reimport_match m JOIN reimport_new n ON n.is_marker = m.is_marker AND n.line = m.line)`;
const counted = (update: string) => `WITH moved AS (${update} RETURNING 1) SELECT count(*)::bigint AS count FROM moved`;

/**
 * Moves every annotation of each matched source event to its new event; answers how many rows moved
 * and which new events got tags or notes (their search data must be refreshed).
 */
export async function carryAnnotations(
  tx: Queryable,
  pairsTable?: string,
): Promise<{ carriedCount: number; searchEventIds: number[] }> {
  // A re-import's flip names a table of (old_id, new_id) pairs (reimport-match.ts); the check pairs lines.
  const CARRY = pairsTable === undefined ? CHECK_PAIRS : `(SELECT old_id, new_id FROM ${pairsTable})`;
  const statements = [
    `UPDATE event_tags t SET event_id = c.new_id FROM ${CARRY} c WHERE t.event_id = c.old_id`,
    `UPDATE collection_events ce SET event_id = c.new_id FROM ${CARRY} c WHERE ce.event_id = c.old_id
        AND NOT EXISTS (SELECT 1 FROM collections k WHERE k.id = ce.collection_id AND k.thread_event_id = c.old_id)`,
    // A reply thread's own event: the thread follows it, keeping the spec's name "Reply thread {eventID}".
    `UPDATE collections k SET thread_event_id = c.new_id,
            name = CASE WHEN k.name = 'Reply thread ' || c.old_id THEN 'Reply thread ' || c.new_id ELSE k.name END
       FROM ${CARRY} c WHERE k.thread_event_id = c.old_id`,
    `UPDATE notes n SET event_id = c.new_id FROM ${CARRY} c WHERE n.event_id = c.old_id`,
    `UPDATE links l SET event_id = c.new_id FROM ${CARRY} c WHERE l.event_id = c.old_id`,
    `UPDATE uploads u SET event_id = c.new_id FROM ${CARRY} c WHERE u.event_id = c.old_id`,
  ];
  let carriedCount = 0;
  for (const statement of statements) {
    const [row] = await tx.query<{ count: number }>(counted(statement));
    carriedCount += Number(row!.count);
  }
  // The thread's own membership moves with the thread (not counted twice: it is the "thread" label).
  await tx.query(
    `UPDATE collection_events ce SET event_id = k.thread_event_id FROM collections k, ${CARRY} c
      WHERE ce.collection_id = k.id AND k.thread_event_id = c.new_id AND ce.event_id = c.old_id`,
  );
  const search = await tx.query<{ id: number }>(
    `SELECT DISTINCT c.new_id AS id FROM ${CARRY} c
      WHERE EXISTS (SELECT 1 FROM event_tags t WHERE t.event_id = c.new_id) OR EXISTS (SELECT 1 FROM notes n WHERE n.event_id = c.new_id)`,
  );
  return { carriedCount, searchEventIds: search.map((row) => row.id) };
}

/**
 * Moves the annotations of the given source events off them: tags onto the stream, notes to the
 * incident, links and uploads to the stream, a reply thread becomes a plain collection. Answers how
 * many annotations moved. Collection memberships end with the events (the caller lists them).
 */
export async function detachAnnotations(
  tx: Queryable,
  streamId: number,
  eventIds: readonly number[],
  nowMicros: number,
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const ids = [eventIds];
  const statements: [string, unknown[]][] = [
    [
      `INSERT INTO stream_tags (stream_id, incident_id, name, created_micros, analyst_id)
       SELECT DISTINCT ON (t.name) $2::bigint, t.incident_id, t.name, $3::bigint, t.analyst_id FROM event_tags t WHERE t.event_id = ANY($1::bigint[])
        ORDER BY t.name, t.created_micros
       ON CONFLICT (stream_id, name) DO NOTHING`,
      [eventIds, streamId, nowMicros],
    ],
    ['UPDATE notes SET event_id = NULL WHERE event_id = ANY($1::bigint[])', ids],
    [
      'UPDATE links SET event_id = NULL, stream_id = coalesce(stream_id, $2) WHERE event_id = ANY($1::bigint[])',
      [eventIds, streamId],
    ],
    [
      'UPDATE uploads SET event_id = NULL, attachment_kind = NULL, stream_id = coalesce(stream_id, $2) WHERE event_id = ANY($1::bigint[])',
      [eventIds, streamId],
    ],
    ['UPDATE collections SET is_thread = false, thread_event_id = NULL WHERE thread_event_id = ANY($1::bigint[])', ids],
  ];
  let moved = 0;
  for (const [statement, params] of statements) {
    const [row] = await tx.query<{ count: number }>(counted(statement), params);
    moved += Number(row!.count);
  }
  return moved;
}
