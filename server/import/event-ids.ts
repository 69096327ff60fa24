/*
 * A batch's event ids, taken ahead of its write when two batches are written side by side (PostgreSQL),
 * so that ids follow the file whichever write lands first. The database takes them from the events'
 * sequence in one statement and answers only the first when they came as one unbroken block (the usual
 * case), the whole list only when another writer's ids fell in between.
 */
import type { Queryable } from '../db/database.ts';

/** A block of consecutive ids from `first`, or the ids themselves in ascending order. */
export type EventIds = { readonly first: number } | readonly number[];

interface Heartbeat {
  importId: number;
  nowMicros: number;
}

/**
 * `count` ids in ascending order, with the import's heartbeat. The commit does not wait for the WAL:
 * set_config(…, true) is SET LOCAL for the statement's own transaction (nothing here is seen before the
 * import's flip, whose commit flushes it all). The sequence is looked up once: pg_get_serial_sequence is
 * only stable, so called inside nextval it ran (a pg_depend scan) for every id, 7x the nextval calls.
 */
export async function reserveEventIds(db: Queryable, count: number, beat: Heartbeat): Promise<EventIds> {
  const [row] = await db.query<{ first: number | string; ids: (number | string)[] | null }>(
    `WITH beat AS (UPDATE imports SET heartbeat_micros = $3 WHERE id = $2 RETURNING 1),
          seq AS MATERIALIZED (SELECT pg_get_serial_sequence('events', 'id')::regclass AS seq),
          taken AS (SELECT nextval((SELECT seq FROM seq)) AS id FROM generate_series(1, $1))
     SELECT set_config('synchronous_commit', 'off', true) AS commit_mode, (SELECT count(*) FROM beat) AS beats,
            min(id) AS first, CASE WHEN max(id) - min(id) + 1 = count(*) THEN NULL ELSE array_agg(id ORDER BY id) END AS ids
       FROM taken`,
    [count, beat.importId, beat.nowMicros],
  );
  if (!row) throw new Error('the events sequence gave no ids');
  return row.ids ? row.ids.map(Number) : { first: Number(row.first) };
}

/** The id of the batch's `index`th row. */
export function idAt(ids: EventIds, index: number): number {
  return 'first' in ids ? ids.first + index : ids[index]!;
}

/** The ids as a list (the INSERT … SELECT path of the first rows indexes them in SQL). */
export function idList(ids: EventIds, count: number): readonly number[] {
  return 'first' in ids ? Array.from({ length: count }, (_, index) => ids.first + index) : ids;
}
