/*
 * Repeated failed sign-ins are slowed down: after 5 failures for one username from one address in
 * 15 minutes (or 50 for one username from anywhere) further attempts are refused until the window
 * has moved on. Failures live in the database, so every server process sees them.
 */
import type { Queryable } from '../db/database.ts';
import { nowMicros } from './tokens.ts';

const WINDOW_MICROS = 15 * 60 * 1_000_000;
export const FAILURES_PER_ADDRESS = 5;
const FAILURES_PER_USERNAME = 50;

/** Seconds to wait before another attempt, or 0 when one may be made now. */
export async function signInWait(db: Queryable, username: string, ip: string): Promise<number> {
  const since = nowMicros() - WINDOW_MICROS;
  const rows = await db.query<{ from_address: number; in_all: number; oldest_address: number | null; oldest_all: number | null }>(
    `SELECT count(*) FILTER (WHERE ip = $2)::int AS from_address,
            count(*)::int AS in_all,
            (SELECT at_micros FROM sign_in_failures WHERE username = $1 AND ip = $2 AND at_micros > $3
              ORDER BY at_micros DESC OFFSET ${FAILURES_PER_ADDRESS - 1} LIMIT 1) AS oldest_address,
            (SELECT at_micros FROM sign_in_failures WHERE username = $1 AND at_micros > $3
              ORDER BY at_micros DESC OFFSET ${FAILURES_PER_USERNAME - 1} LIMIT 1) AS oldest_all
       FROM sign_in_failures WHERE username = $1 AND at_micros > $3`,
    [username, ip, since],
  );
  const row = rows[0];
  if (!row) return 0;
  const until = Math.max(
    row.from_address >= FAILURES_PER_ADDRESS && row.oldest_address ? row.oldest_address + WINDOW_MICROS : 0,
    row.in_all >= FAILURES_PER_USERNAME && row.oldest_all ? row.oldest_all + WINDOW_MICROS : 0,
  );
  return until > 0 ? Math.max(1, Math.ceil((until - nowMicros()) / 1_000_000)) : 0;
}

export async function recordSignInFailure(db: Queryable, username: string, ip: string): Promise<void> {
  await db.query('INSERT INTO sign_in_failures (username, ip, at_micros) VALUES ($1, $2, $3)', [
    username,
    ip,
    nowMicros(),
  ]);
}

export async function clearSignInFailures(db: Queryable, username: string, ip: string): Promise<void> {
  await db.query('DELETE FROM sign_in_failures WHERE username = $1 AND ip = $2', [username, ip]);
}
