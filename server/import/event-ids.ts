/*
 * A batch's event ids, taken ahead of its write when two batches are written side by side (PostgreSQL),
 * so that ids follow the file whichever write lands first. The database takes them from the events'
 * sequence in one statement and answers only the first when they came as one unbroken block (the usual
 * case), the whole list only when another writer's ids fell in between.
 */
import type { Db, Queryable } from '../db/database.ts';

/** A block of consecutive ids from `first`, or the ids themselves in ascending order. */
export type EventIds = { readonly first: number } | readonly number[];

interface Heartbeat {
  importId: number;
  nowMicros: number;
}

/**
 * `count` ids in ascending order, with the import's heartbeat: on PostgreSQL as one block the sequence
 * hands out in one step (reserveBlock), else (or if that cannot be had at once) one nextval an id.
 */
export async function reserveEventIds(db: Db, count: number, beat: Heartbeat): Promise<EventIds> {
  if (db.kind === 'postgres' && count > 1) {
    const block = await reserveBlock(db, count, beat).catch(() => undefined);
    if (block) return block;
  }
  return reserveEachId(db, count, beat);
}

/** Rolls reserveBlock's transaction back: the sequence is not in the state a block needs. */
class NoBlock extends Error {}

/**
 * The ids as one block: the sequence's increment set to `count` for one nextval and back to 1, in one
 * transaction. ALTER SEQUENCE locks the sequence against every other nextval until this commits (a few
 * milliseconds), so no other writer's id falls inside the block; 25,000 nextval calls a batch were about
 * 1 s of a backend's CPU a million rows. It waits at most LOCK_WAIT for writers that hold the sequence
 * (their transactions took an id and are still open), and answers nothing (the caller takes ids one by one)
 * when it cannot have the lock in that time, lacks the sequence's ownership, or the sequence steps by
 * other than 1 or has never been called (its first nextval gives the start value, not a step).
 */
async function reserveBlock(db: Db, count: number, beat: Heartbeat): Promise<EventIds | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL synchronous_commit = off; SET LOCAL lock_timeout = '${LOCK_WAIT}'`);
      const [sequence] = await tx.query<{ name: string; step: number | string }>(
        `SELECT pg_get_serial_sequence('events', 'id') AS name, seqincrement AS step
           FROM pg_sequence WHERE seqrelid = pg_get_serial_sequence('events', 'id')::regclass`,
      );
      if (!sequence || Number(sequence.step) !== 1) throw new NoBlock();
      // The name comes quoted from pg_get_serial_sequence; count is a number.
      await tx.query(`ALTER SEQUENCE ${sequence.name} INCREMENT BY ${Math.trunc(count)}`);
      const [state] = await tx.query<{ called: boolean }>(`SELECT is_called AS called FROM ${sequence.name}`);
      if (!state?.called) throw new NoBlock();
      const [taken] = await tx.query<{ last: number | string }>('SELECT nextval($1::regclass) AS last', [
        sequence.name,
      ]);
      await tx.query(`ALTER SEQUENCE ${sequence.name} INCREMENT BY 1`);
      await tx.query('UPDATE imports SET heartbeat_micros = $2 WHERE id = $1', [beat.importId, beat.nowMicros]);
      return { first: Number(taken!.last) - Math.trunc(count) + 1 };
    });
  } catch (error) {
    if (error instanceof NoBlock) return undefined;
    throw error;
  }
}

/** How long reserveBlock waits for the sequence's lock before taking ids one by one. */
const LOCK_WAIT = '100ms';

/**
 * `count` ids by one nextval each. The commit does not wait for the WAL:
 * set_config(…, true) is SET LOCAL for the statement's own transaction (nothing here is seen before the
 * import's flip, whose commit flushes it all). The sequence is looked up once: pg_get_serial_sequence is
 * only stable, so called inside nextval it ran (a pg_depend scan) for every id, 7x the nextval calls.
 */
async function reserveEachId(db: Queryable, count: number, beat: Heartbeat): Promise<EventIds> {
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
