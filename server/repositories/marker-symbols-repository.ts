/* A marker's symbol (circle, airplane, rocket) is kept in its event's extra fields. */
import type { Queryable } from '../db/database.ts';

/** False when the event is not a marker of the incident. */
export async function setMarkerSymbol(
  db: Queryable,
  incidentId: number,
  eventId: number,
  symbol: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE events SET extra = coalesce(extra, '{}'::jsonb) || jsonb_build_object('symbol', $3::text)
      WHERE incident_id = $1 AND id = $2 AND is_marker RETURNING id`,
    [incidentId, eventId, symbol],
  );
  return rows.length > 0;
}
