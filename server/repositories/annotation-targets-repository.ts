/*
 * What an annotation may point at: events and streams of the same incident. An id of another
 * incident (or of another organization) is refused as a bad input naming the field, never as a
 * 404, and with the same words whether or not the id exists, so ids cannot be probed.
 */
import type { Queryable } from '../db/database.ts';
import { invalid } from '../http-error.ts';
// An import's rows are not there for anyone until it shows them.
import { visibleEvent, visibleRow } from './hidden-imports.ts';

/** Refuses the first of `eventIds` (in the order given) that is not an event of the incident. */
export async function requireEventsOf(
  db: Queryable,
  incidentId: number,
  eventIds: readonly number[],
  field = 'eventIDs',
): Promise<void> {
  if (eventIds.length === 0) return;
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM events WHERE id = ANY($1::bigint[]) AND incident_id = $2 AND ${visibleEvent('events')}`,
    [eventIds, incidentId],
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = eventIds.find((id) => !found.has(id));
  if (missing !== undefined) throw invalid(field, `holds ${missing}, which is not an event of this incident`);
}

/** Refuses an event not of the incident; answers the stream the event is in. */
export async function requireEventOf(
  db: Queryable,
  incidentId: number,
  eventId: number,
  field = 'eventID',
): Promise<number> {
  const rows = await db.query<{ stream_id: number }>(
    `SELECT stream_id FROM events WHERE id = $1 AND incident_id = $2 AND ${visibleEvent('events')}`,
    [eventId, incidentId],
  );
  if (!rows[0]) throw invalid(field, 'is not an event of this incident');
  return rows[0].stream_id;
}

export async function requireStreamOf(
  db: Queryable,
  incidentId: number,
  streamId: number,
  field = 'streamID',
): Promise<void> {
  const rows = await db.query(`SELECT 1 FROM streams WHERE id = $1 AND incident_id = $2 AND ${visibleRow('streams')}`, [
    streamId,
    incidentId,
  ]);
  if (rows.length === 0) throw invalid(field, 'is not a stream of this incident');
}
