/* Server-side sessions: the cookie holds a random token, the database holds its hash. */
import type { Queryable } from '../db/database.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { nowMicros } from '../time.ts';
import type { UserRow } from './users-repository.ts';

const TOUCH_EVERY_MICROS = 60_000_000;

export async function createSession(
  db: Queryable,
  userId: number,
  lifetimeMicros: number,
  client: { userAgent: string; ip: string },
): Promise<string> {
  const token = newToken();
  const now = nowMicros();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_micros, expires_micros, last_seen_micros, user_agent, ip)
     VALUES ($1, $2, $3, $4, $3, $5, $6)`,
    [hashToken(token), userId, now, now + lifetimeMicros, client.userAgent.slice(0, 400), client.ip],
  );
  return token;
}

export async function findSessionUser(
  db: Queryable,
  token: string,
): Promise<(UserRow & { last_seen_micros: number }) | undefined> {
  const rows = await db.query<UserRow & { last_seen_micros: number }>(
    `SELECT u.id, u.username, u.name, u.email, u.password_hash, u.oidc_issuer, u.oidc_subject, u.disabled,
            s.last_seen_micros
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_micros > $2 AND NOT u.disabled`,
    [hashToken(token), nowMicros()],
  );
  const row = rows[0];
  if (row && nowMicros() - row.last_seen_micros > TOUCH_EVERY_MICROS) {
    await db.query('UPDATE sessions SET last_seen_micros = $2 WHERE token_hash = $1', [hashToken(token), nowMicros()]);
  }
  return row;
}

export async function deleteSession(db: Queryable, token: string): Promise<number | undefined> {
  const rows = await db.query<{ user_id: number }>('DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id', [
    hashToken(token),
  ]);
  return rows[0]?.user_id;
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  const now = nowMicros();
  await db.query('DELETE FROM sessions WHERE expires_micros <= $1', [now]);
  await db.query('DELETE FROM oidc_flows WHERE expires_micros <= $1', [now]);
  await db.query('DELETE FROM sign_in_links WHERE expires_micros <= $1', [now]);
  await db.query('DELETE FROM sign_in_failures WHERE at_micros <= $1', [now - 86_400_000_000]);
}
