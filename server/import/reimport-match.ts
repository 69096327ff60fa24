/*
 * A re-import's matching, before its flip (migration 014): the stream's imported events against the
 * new generation's, pair by pair as domain/import/merge-outcome.ts defines a match, written to
 * reimport_matches in short transactions of a time slice each (the match key holds the start, so a
 * slice is matched whole). The flip then re-matches only the slices of events changed since.
 */
import type { Queryable } from '../db/database.ts';
import { visibleEvent } from '../repositories/hidden-imports.ts';

/** New rows a slice holds: about what one short write holds (PGlite: a reader waits for it). */
const ROWS_PER_SLICE = 1_000;

interface MatchTarget {
  streamId: number;
  incidentId: number;
  generation: number;
}

type Work = <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;

/** The stream's rows of one kind: its own events, or the markers its file brought to the marker stream. */
const OF_STREAM = {
  events: 'e.stream_id = $1 AND NOT e.is_marker',
  markers: 'e.is_marker AND e.import_stream_id = $1',
} as const;

/** Pairs old and new rows of one kind within `where` (on e.start_micros, from $3 on). */
function matchStatement(kind: keyof typeof OF_STREAM, where: string): string {
  const ranked = (side: string) =>
    `SELECT e.id, e.start_micros, coalesce(e.actor_id, 0) AS actor, e.message,
            row_number() OVER (PARTITION BY e.start_micros, coalesce(e.actor_id, 0), e.message ORDER BY e.source_line, e.id) AS rank
       FROM events e WHERE ${OF_STREAM[kind]} AND e.source_line IS NOT NULL AND ${side} AND ${where}`;
  return `INSERT INTO reimport_matches (generation, old_id, new_id, start_micros)
    SELECT $2, o.id, n.id, o.start_micros
      FROM (${ranked(`e.generation <> $2 AND ${visibleEvent('e')}`)}) o
      JOIN (${ranked('e.generation = $2')}) n
        ON n.start_micros = o.start_micros AND n.actor = o.actor AND n.message = o.message AND n.rank = o.rank
    ON CONFLICT DO NOTHING`;
}

/**
 * Matches the whole stream, slice by slice, each in `run`'s short transaction. Remembers the
 * incident's change number first: whatever changes after it is re-matched by the flip.
 */
export async function matchGeneration(run: Work, target: MatchTarget): Promise<void> {
  const { streamId, generation } = target;
  await run((tx) =>
    tx.query(
      `UPDATE stream_generations SET matched_from_seq = (SELECT change_seq FROM incidents WHERE id = $2) WHERE generation = $1`,
      [generation, target.incidentId],
    ),
  );
  let low: number | null = null;
  for (;;) {
    const from: number | null = low;
    const next = await run(async (tx): Promise<number | null> => {
      const [bound]: { start_micros: number | string }[] = await tx.query<{ start_micros: number | string }>(
        `SELECT e.start_micros FROM events e
          WHERE e.stream_id = $1 AND NOT e.is_marker AND e.generation = $2 AND ($3::bigint IS NULL OR e.start_micros > $3)
          ORDER BY e.start_micros OFFSET ${ROWS_PER_SLICE} LIMIT 1`,
        [streamId, generation, from],
      );
      const high: number | null = bound === undefined ? null : Number(bound.start_micros);
      await tx.query(
        matchStatement(
          'events',
          '($3::bigint IS NULL OR e.start_micros >= $3) AND ($4::bigint IS NULL OR e.start_micros < $4)',
        ),
        [streamId, generation, from, high],
      );
      return high;
    });
    if (next === null) break;
    low = next;
  }
  await run((tx) => tx.query(matchStatement('markers', '$3::int IS NULL'), [streamId, generation, null]));
}

/**
 * Inside the flip: the stream's old events changed since matching began (the change sequence names
 * them) lose their pairs, and every start they had or have is matched again. A few rows, usually none.
 */
export async function rematchChanged(tx: Queryable, target: MatchTarget): Promise<number> {
  const { streamId, generation } = target;
  const [generationRow] = await tx.query<{ matched_from_seq: number | string }>(
    'SELECT matched_from_seq FROM stream_generations WHERE generation = $1',
    [generation],
  );
  const changed = await tx.query<{ id: number | string; start_micros: number | string }>(
    `SELECT e.id, e.start_micros FROM events e
      WHERE e.incident_id = $3 AND e.change_seq > 1 AND e.change_seq > $4 AND e.generation <> $2 AND e.source_line IS NOT NULL
        AND ((e.stream_id = $1 AND NOT e.is_marker) OR (e.is_marker AND e.import_stream_id = $1))`,
    [streamId, generation, target.incidentId, Number(generationRow?.matched_from_seq ?? 0)],
  );
  if (changed.length === 0) return 0;
  const ids = changed.map((row) => Number(row.id));
  const starts = new Set(changed.map((row) => Number(row.start_micros)));
  const paired = await tx.query<{ start_micros: number | string }>(
    'SELECT start_micros FROM reimport_matches WHERE generation = $1 AND old_id = ANY($2::bigint[])',
    [generation, ids],
  );
  for (const row of paired) starts.add(Number(row.start_micros));
  const affected = [...starts];
  await tx.query('DELETE FROM reimport_matches WHERE generation = $1 AND start_micros = ANY($2::bigint[])', [
    generation,
    affected,
  ]);
  for (const kind of ['events', 'markers'] as const)
    await tx.query(matchStatement(kind, 'e.start_micros = ANY($3::bigint[])'), [streamId, generation, affected]);
  return ids.length;
}
