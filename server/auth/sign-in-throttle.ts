/*
 * Repeated failed sign-ins are slowed down. An attempt is reserved (written as a failure) BEFORE its
 * password is hashed, under a lock on the username, so a parallel burst cannot slip past the count;
 * a right password then takes its reservation back. Per address and username: 5 in 15 minutes.
 * Per username from anywhere, past 50 the account is slowed, never locked: each address then gets
 * one attempt a window, so one address (or a botnet) cannot keep the owner out from theirs.
 */
import type { Db } from '../db/database.ts';
import { nowMicros } from '../time.ts';

const WINDOW_MICROS = 15 * 60 * 1_000_000;
const FAILURES_PER_ADDRESS = 5;
const FAILURES_PER_USERNAME = 50;
/** Past FAILURES_PER_USERNAME, what each address may still try in a window. */
const SLOWED_PER_ADDRESS = 1;

type Reservation = { ok: true; id: number } | { ok: false; waitSeconds: number };

/** Reserves one attempt for `username` from `ip`, or answers how many seconds to wait. */
export async function reserveSignIn(db: Db, username: string, ip: string): Promise<Reservation> {
  return db.transaction(async (tx) => {
    // One username's attempts are counted one at a time; other usernames are not held up.
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 17))', [`sign-in:${username}`]);
    const now = nowMicros();
    const since = now - WINDOW_MICROS;
    const rows = await tx.query<{ from_address: number; in_all: number; oldest_address: string | null }>(
      `SELECT count(*) FILTER (WHERE ip = $2)::int AS from_address, count(*)::int AS in_all,
              min(at_micros) FILTER (WHERE ip = $2)::text AS oldest_address
         FROM sign_in_failures WHERE username = $1 AND at_micros > $3`,
      [username, ip, since],
    );
    const row = rows[0] ?? { from_address: 0, in_all: 0, oldest_address: null };
    const allowed = row.in_all >= FAILURES_PER_USERNAME ? SLOWED_PER_ADDRESS : FAILURES_PER_ADDRESS;
    if (row.from_address >= allowed) {
      // NOTE: the oldest failure leaving the window frees a place, so that is when to come back.
      const until = Number(row.oldest_address ?? now) + WINDOW_MICROS;
      return { ok: false, waitSeconds: Math.max(1, Math.ceil((until - now) / 1_000_000)) };
    }
    const inserted = await tx.query<{ id: number }>(
      'INSERT INTO sign_in_failures (username, ip, at_micros) VALUES ($1, $2, $3) RETURNING id::int AS id',
      [username, ip, now],
    );
    return { ok: true, id: inserted[0]!.id };
  });
}

/** A right password: its reservation and this address's earlier failures for the username go. */
export async function clearSignInFailures(db: Db, username: string, ip: string): Promise<void> {
  await db.query('DELETE FROM sign_in_failures WHERE username = $1 AND ip = $2', [username, ip]);
}
