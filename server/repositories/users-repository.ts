import type { Queryable } from '../db/database.ts';
import { nowMicros } from '../time.ts';

export interface UserRow {
  id: number;
  username: string;
  name: string;
  email: string;
  password_hash: string | null;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  disabled: boolean;
}

const COLUMNS = 'id, username, name, email, password_hash, oidc_issuer, oidc_subject, disabled';

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE username = $1`, [username]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

export async function listUsers(db: Queryable): Promise<UserRow[]> {
  return db.query<UserRow>(`SELECT ${COLUMNS} FROM users ORDER BY id`);
}

export async function insertLocalUser(
  db: Queryable,
  user: { username: string; name: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (username, name, email, password_hash, created_micros)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [user.username, user.name, user.email, user.passwordHash, nowMicros()],
  );
  return rows[0]!;
}

/**
 * The user behind an OpenID Connect subject, created on first sign-in. The username is the
 * preferred_username (or email, or subject), made unique with a numeric suffix when taken.
 */
export async function upsertOidcUser(
  db: Queryable,
  claims: { issuer: string; subject: string; preferredName: string; name: string; email: string },
): Promise<UserRow> {
  const existing = await db.query<UserRow>(
    `UPDATE users SET name = $3, email = $4 WHERE oidc_issuer = $1 AND oidc_subject = $2 RETURNING ${COLUMNS}`,
    [claims.issuer, claims.subject, claims.name, claims.email],
  );
  if (existing[0]) return existing[0];
  const base =
    claims.preferredName
      .toLowerCase()
      .replace(/[^a-z0-9._@-]/g, '')
      .slice(0, 56) || 'user';
  for (let attempt = 0; ; attempt += 1) {
    const username = attempt === 0 ? base : `${base}-${attempt + 1}`;
    const rows = await db.query<UserRow>(
      `INSERT INTO users (username, name, email, oidc_issuer, oidc_subject, created_micros)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (username) DO NOTHING RETURNING ${COLUMNS}`,
      [username, claims.name, claims.email, claims.issuer, claims.subject, nowMicros()],
    );
    if (rows[0]) return rows[0];
  }
}
