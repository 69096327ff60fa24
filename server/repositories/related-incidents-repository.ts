/*
 * Related incidents: a relation has no direction, so a pair is stored once, as (lower id, higher
 * id), and found whichever way it is asked for (rows written the other way round are found too).
 */
import type { Queryable } from '../db/database.ts';
import { nowMicros } from '../time.ts';

const PAIR = '(incident_id = $1 AND related_incident_id = $2) OR (incident_id = $2 AND related_incident_id = $1)';

/**
 * Relates two incidents, or changes the note of the pair when they are related already (a note
 * left out keeps the one there is). Answers whether the pair is new.
 */
export async function relateIncidents(
  db: Queryable,
  a: number,
  b: number,
  note: string | undefined,
  analystId: number,
): Promise<boolean> {
  const update = () =>
    db.query(`UPDATE related_incidents SET note = coalesce($3::text, note) WHERE ${PAIR} RETURNING incident_id`, [
      a,
      b,
      note ?? null,
    ]);
  if ((await update()).length > 0) return false;
  const inserted = await db.query(
    `INSERT INTO related_incidents (incident_id, related_incident_id, note, created_micros, analyst_id)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (incident_id, related_incident_id) DO NOTHING RETURNING incident_id`,
    [Math.min(a, b), Math.max(a, b), note ?? '', nowMicros(), analystId],
  );
  if (inserted.length > 0) return true;
  // NOTE: a concurrent request inserted the pair between our two statements; its row gets our note.
  await update();
  return false;
}

/** Answers whether the two were related. */
export async function unrelateIncidents(db: Queryable, a: number, b: number): Promise<boolean> {
  const rows = await db.query(`DELETE FROM related_incidents WHERE ${PAIR} RETURNING incident_id`, [a, b]);
  return rows.length > 0;
}
