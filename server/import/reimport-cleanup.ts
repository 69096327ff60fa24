/*
 * After a re-import's flip (migration 014), the stream's retired rows (imported, of another generation)
 * are deleted in short transactions, each taking its turn like the import's writes; an annotation that
 * reached one of them late follows its match first. A generation a killed process left is swept at
 * start: one still writing is discarded, one retiring has its cleanup finished.
 */
import type { Db, Queryable } from '../db/database.ts';
import { inTurn, type TakeTurn } from '../repositories/in-turn.ts';
import { carryAnnotations } from '../repositories/merge-repository.ts';
import { refreshEventSearch } from '../repositories/search-repository.ts';

/** Rows deleted per transaction (each runs the count, tombstone and annotation cascades): on PGlite about 0.2 s. */
const ROWS_PER_DELETE = { pglite: 400, postgres: 5_000 } as const;

const WRITING = "ARRAY(SELECT w.generation FROM stream_generations w WHERE w.state = 'writing')";
const RETIRED = {
  events: `e.stream_id = $1 AND NOT e.is_marker AND e.source_line IS NOT NULL AND e.generation <> $2 AND e.generation <> ALL (${WRITING})`,
  markers: `e.is_marker AND e.import_stream_id = $1 AND e.source_line IS NOT NULL AND e.generation <> $2 AND e.generation <> ALL (${WRITING})`,
} as const;

/** Whether `generation` is still the stream's live one (a later flip takes over the cleanup). */
async function stillLive(tx: Queryable, streamId: number, generation: number): Promise<boolean> {
  const rows = await tx.query(
    "SELECT 1 FROM stream_generations WHERE generation = $1 AND stream_id = $2 AND state = 'retiring' FOR UPDATE",
    [generation, streamId],
  );
  return rows.length > 0;
}

/** One batch of retired rows of one kind: late annotations carried, then the rows deleted. Answers how many. */
async function deleteSome(
  tx: Queryable,
  streamId: number,
  generation: number,
  kind: keyof typeof RETIRED,
  limit: number,
) {
  if (!(await stillLive(tx, streamId, generation))) return 0;
  const ids = (
    await tx.query<{ id: number | string }>(`SELECT e.id FROM events e WHERE ${RETIRED[kind]} LIMIT ${limit}`, [
      streamId,
      generation,
    ])
  ).map((row) => Number(row.id));
  if (ids.length === 0) return 0;
  await tx.query(
    `CREATE TEMP TABLE reimport_late ON COMMIT DROP AS
     SELECT old_id, new_id FROM reimport_matches WHERE generation = $1 AND old_id = ANY($2::bigint[])`,
    [generation, ids],
  );
  const late = await carryAnnotations(tx, 'reimport_late');
  if (late.searchEventIds.length > 0) await refreshEventSearch(tx, late.searchEventIds);
  await tx.query('DELETE FROM events WHERE id = ANY($1::bigint[])', [ids]);
  await tx.query('DELETE FROM reimport_matches WHERE generation = $1 AND old_id = ANY($2::bigint[])', [
    generation,
    ids,
  ]);
  return ids.length;
}

/** Deletes the stream's retired rows, then the generation's bookkeeping: the stream is ordinary again. */
export async function retireOldRows(
  db: Db,
  on: { streamId: number; generation: number },
  takeTurn?: TakeTurn,
): Promise<number> {
  const limit = ROWS_PER_DELETE[db.kind];
  let deleted = 0;
  for (const kind of ['events', 'markers'] as const) {
    for (;;) {
      const count = await inTurn(db, takeTurn, (tx) => deleteSome(tx, on.streamId, on.generation, kind, limit));
      if (count === 0) break;
      deleted += count;
    }
  }
  await inTurn(db, takeTurn, async (tx) => {
    if (!(await stillLive(tx, on.streamId, on.generation))) return;
    for (const kind of ['events', 'markers'] as const) {
      const left = await tx.query(`SELECT 1 FROM events e WHERE ${RETIRED[kind]} LIMIT 1`, [
        on.streamId,
        on.generation,
      ]);
      if (left.length > 0) return;
    }
    await tx.query('DELETE FROM stream_generations WHERE generation = $1', [on.generation]);
    await tx.query('DELETE FROM reimport_matches WHERE generation = $1', [on.generation]);
  });
  return deleted;
}

/** Deletes a generation that was never shown (a failed, refused or killed re-import), in short transactions. */
export async function discardGeneration(db: Db, generation: number, takeTurn?: TakeTurn): Promise<void> {
  const [row] = await db.query<{ stream_id: number | string }>(
    "SELECT stream_id FROM stream_generations WHERE generation = $1 AND state = 'writing'",
    [generation],
  );
  if (!row) return;
  const limit = ROWS_PER_DELETE[db.kind];
  // The rows go while their generation still hides them (the count and tombstone triggers leave them alone).
  for (const of of ['e.stream_id = $1 AND NOT e.is_marker', 'e.is_marker AND e.import_stream_id = $1'])
    while (
      (await inTurn(
        db,
        takeTurn,
        async (tx) =>
          (
            await tx.query(
              `DELETE FROM events WHERE id IN (SELECT e.id FROM events e WHERE ${of} AND e.generation = $2 LIMIT ${limit}) RETURNING id`,
              [Number(row.stream_id), generation],
            )
          ).length,
      )) > 0
    );
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM reimport_matches WHERE generation = $1', [generation]);
    await tx.query('DELETE FROM stream_generations WHERE generation = $1', [generation]);
  });
}

/**
 * At start, after the abandoned imports are swept: a writing generation whose import is gone is
 * discarded; a retiring one has its old rows deleted (on PostgreSQL another server may be doing the
 * same: both take the stream's generation row in turn, so no row is deleted twice).
 */
export async function sweepGenerations(db: Db): Promise<number> {
  const left = await db.query<{ generation: number | string; stream_id: number | string; state: string }>(
    `SELECT generation, stream_id, state FROM stream_generations
      WHERE state = 'retiring' OR import_id IS NULL ORDER BY generation`,
  );
  for (const row of left) {
    if (row.state === 'writing') await discardGeneration(db, Number(row.generation));
    else await retireOldRows(db, { streamId: Number(row.stream_id), generation: Number(row.generation) });
  }
  return left.length;
}
