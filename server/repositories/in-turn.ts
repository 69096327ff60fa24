/*
 * Short transactions that wait their turn: on PGlite every reader waits while a transaction runs, so
 * long writes (pending blobs, hidden maps, a re-import's cleanup) go in small transactions, each after
 * the server's read queue lets it (the turn), and release it as soon as it commits.
 */
import type { Db, DbTransaction } from '../db/database.ts';

/** Waits for a turn before each short transaction and answers its release (PGlite: the server's read queue). */
export type TakeTurn = () => Promise<() => void>;

/** One transaction, run once it is this writer's turn (straight away without a `takeTurn`). */
export async function inTurn<T>(
  db: Db,
  takeTurn: TakeTurn | undefined,
  work: (tx: DbTransaction) => Promise<T>,
): Promise<T> {
  const release = await takeTurn?.();
  try {
    return await db.transaction(work);
  } finally {
    release?.();
  }
}
