import type { Queryable } from '../db/database.ts';
import type { Permission } from '../../domain/analyst.ts';
import { nowMicros } from '../time.ts';

export interface AnalystRow {
  id: number;
  name: string;
  email: string;
  permission: Permission;
  user_id: number | null;
}

const COLUMNS = 'id, name, email, permission, user_id';

export async function listAnalysts(db: Queryable): Promise<AnalystRow[]> {
  return db.query<AnalystRow>(`SELECT ${COLUMNS} FROM analysts ORDER BY lower(name), id`);
}

export async function findAnalyst(db: Queryable, id: number): Promise<AnalystRow | undefined> {
  return (await db.query<AnalystRow>(`SELECT ${COLUMNS} FROM analysts WHERE id = $1`, [id]))[0];
}

/** Ids of the analysts a user was granted, beside their own. */
export async function grantedAnalystIds(db: Queryable, userId: number): Promise<Set<number>> {
  const rows = await db.query<{ analyst_id: number }>('SELECT analyst_id FROM analyst_grants WHERE user_id = $1', [
    userId,
  ]);
  return new Set(rows.map((row) => row.analyst_id));
}

export async function countAnalysts(db: Queryable): Promise<number> {
  const rows = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM analysts');
  return rows[0]?.count ?? 0;
}

export async function insertAnalyst(
  db: Queryable,
  analyst: { id?: number; name: string; email: string; permission: Permission; userId: number | null },
): Promise<AnalystRow> {
  const rows = await db.query<AnalystRow>(
    `INSERT INTO analysts (id, name, email, permission, user_id, created_micros)
     VALUES (coalesce($1::bigint, nextval('identity_id_seq')), $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [analyst.id ?? null, analyst.name, analyst.email, analyst.permission, analyst.userId, nowMicros()],
  );
  return rows[0]!;
}

export async function updateAnalystPermission(
  db: Queryable,
  id: number,
  permission: Permission,
): Promise<AnalystRow | undefined> {
  return (
    await db.query<AnalystRow>(`UPDATE analysts SET permission = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [
      id,
      permission,
    ])
  )[0];
}

export async function countAdmins(db: Queryable): Promise<number> {
  const rows = await db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM analysts WHERE permission = 'admin'",
  );
  return rows[0]?.count ?? 0;
}

export async function insertGrant(
  db: Queryable,
  grant: { analystId: number; userId: number; grantedBy: number },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO analyst_grants (analyst_id, user_id, granted_by_analyst_id, created_micros)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING analyst_id`,
    [grant.analystId, grant.userId, grant.grantedBy, nowMicros()],
  );
  return rows.length > 0;
}

export async function deleteGrant(db: Queryable, analystId: number, userId: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM analyst_grants WHERE analyst_id = $1 AND user_id = $2 RETURNING analyst_id',
    [analystId, userId],
  );
  return rows.length > 0;
}

export async function listGrants(
  db: Queryable,
  analystId: number,
): Promise<{ user_id: number; username: string; granted_by_analyst_id: number; created_micros: number }[]> {
  return db.query(
    `SELECT g.user_id, u.username, g.granted_by_analyst_id, g.created_micros
       FROM analyst_grants g JOIN users u ON u.id = g.user_id
      WHERE g.analyst_id = $1 ORDER BY u.username`,
    [analystId],
  );
}

// An arbitrary key of ours for pg_advisory_xact_lock.
const PRIMARY_LOCK = 7_270_012;

/**
 * Serialises, until the transaction ends, the writes that decide who administers: two first sign-ins
 * racing to create the primary analyst, or two demotions racing past the last administrator.
 */
export async function lockAdministrators(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1)', [PRIMARY_LOCK]);
}
