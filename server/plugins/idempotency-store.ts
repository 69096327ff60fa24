/*
 * The SQL of idempotency keys (migration 004): one row per analyst and key, with the request's
 * fingerprint and, once sent, the answer a replay gets.
 */
import type { Queryable } from '../db/database.ts';

export interface IdempotencyClaim {
  analystID: number;
  userID: number;
  key: string;
  requestHash: string;
  method: string;
  path: string;
}

interface StoredKey {
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_micros: number;
}

export async function findKey(db: Queryable, analystID: number, key: string): Promise<StoredKey | undefined> {
  const rows = await db.query<StoredKey>(
    'SELECT request_hash, status_code, response_body, created_micros FROM idempotency_keys WHERE analyst_id = $1 AND key = $2',
    [analystID, key],
  );
  return rows[0];
}

/** Fails with unique_violation (23505) when the key is taken: the caller's transaction then rolls back. */
export async function insertKey(
  db: Queryable,
  claim: IdempotencyClaim,
  nowMicros: number,
  ifAbsent = false,
): Promise<void> {
  await db.query(
    `INSERT INTO idempotency_keys (analyst_id, key, user_id, request_hash, method, path, created_micros)
     VALUES ($1, $2, $3, $4, $5, $6, $7)${ifAbsent ? ' ON CONFLICT DO NOTHING' : ''}`,
    [claim.analystID, claim.key, claim.userID, claim.requestHash, claim.method, claim.path, nowMicros],
  );
}

export async function storeAnswer(
  db: Queryable,
  claim: IdempotencyClaim,
  statusCode: number,
  body: string,
): Promise<void> {
  await db.query(
    'UPDATE idempotency_keys SET status_code = $3, response_body = $4 WHERE analyst_id = $1 AND key = $2',
    [claim.analystID, claim.key, statusCode, body],
  );
}

export async function dropKeysBefore(db: Queryable, beforeMicros: number): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE created_micros < $1', [beforeMicros]);
}
