/*
 * Events written one at a time (the event and marker routes), and one event read in full. Imports
 * write theirs in bulk elsewhere (server/import). Search rows are refreshed in the same transaction.
 */
import type { Queryable } from '../db/database.ts';
import { nowMicros } from '../time.ts';
import { refreshEventSearch } from './search-repository.ts';
import { visibleEvent } from './hidden-imports.ts';
import type { NamedEventRow } from './named-event-row.ts';

interface NewEvent {
  incidentId: number;
  streamId: number;
  /** 0 or null: no actor (markers). */
  actorId: number | null;
  isMarker: boolean;
  message: string;
  startMicros: number;
  endMicros: number;
  analystId: number;
}

export async function insertEvent(db: Queryable, event: NewEvent): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO events (incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, analyst_id, created_micros, change_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, incident_change_number($1)) RETURNING id`,
    [
      event.incidentId,
      event.streamId,
      event.actorId || null,
      event.isMarker,
      event.message,
      event.startMicros,
      event.endMicros,
      event.analystId,
      nowMicros(),
    ],
  );
  const id = rows[0]!.id;
  await refreshEventSearch(db, [id]);
  return id;
}

export async function eventTimes(db: Queryable, eventId: number) {
  const [row] = await db.query<{ start_micros: number; end_micros: number; is_marker: boolean }>(
    'SELECT start_micros, end_micros, is_marker FROM events WHERE id = $1',
    [eventId],
  );
  return row!;
}

/** `actorId` 0 takes the actor away; undefined keeps it. */
export async function updateEvent(
  db: Queryable,
  eventId: number,
  change: { message?: string; startMicros: number; endMicros: number; actorId?: number },
): Promise<void> {
  await db.query(
    `UPDATE events SET message = coalesce($2, message), start_micros = $3, end_micros = $4,
            actor_id = CASE WHEN $5::bigint IS NULL THEN actor_id ELSE nullif($5::bigint, 0) END
      WHERE id = $1`,
    [eventId, change.message ?? null, change.startMicros, change.endMicros, change.actorId ?? null],
  );
  await refreshEventSearch(db, [eventId]);
}

/** Deletes the event (its annotations go by cascade) and says what its message was. */
export async function deleteEvent(db: Queryable, eventId: number): Promise<string | undefined> {
  const [gone] = await db.query<{ message: string }>('DELETE FROM events WHERE id = $1 RETURNING message', [eventId]);
  return gone?.message;
}

interface EventDetailRow extends NamedEventRow {
  id: number;
  analyst_id: number | null;
  analyst_name: string | null;
  first_micros: number;
  collection_ids: number[] | null;
  collection_names: string[] | null;
  tag_names: string[] | null;
  incident_tag_names: string[] | null;
}

/** One event with the names and collections the event panel shows. */
export async function eventDetail(db: Queryable, eventId: number): Promise<EventDetailRow | undefined> {
  const [row] = await db.query<EventDetailRow>(
    `SELECT e.id, e.actor_id, a.name AS actor_name, e.is_marker, e.message, e.start_micros, e.end_micros, e.stream_id, s.name AS stream_name,
            e.analyst_id, an.name AS analyst_name, e.extra,
            (SELECT f.start_micros FROM events f WHERE f.incident_id = e.incident_id AND ${visibleEvent('f')} ORDER BY f.start_micros LIMIT 1) AS first_micros,
            (SELECT array_agg(c.id ORDER BY c.id) FROM collection_events ce JOIN collections c ON c.id = ce.collection_id WHERE ce.event_id = e.id) AS collection_ids,
            (SELECT array_agg(c.name ORDER BY c.id) FROM collection_events ce JOIN collections c ON c.id = ce.collection_id WHERE ce.event_id = e.id) AS collection_names,
            (SELECT array_agg(t.name ORDER BY t.name) FROM event_tags t WHERE t.event_id = e.id) AS tag_names,
            (SELECT array_agg(t.name ORDER BY t.name) FROM incident_tags t WHERE t.incident_id = e.incident_id) AS incident_tag_names
       FROM events e JOIN streams s ON s.id = e.stream_id
       LEFT JOIN incident_actors a ON a.id = e.actor_id
       LEFT JOIN analysts an ON an.id = e.analyst_id
      WHERE e.id = $1`,
    [eventId],
  );
  return row;
}
