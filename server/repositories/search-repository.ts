/*
 * Full-text search data: each event's search_vector holds its message (weight A), its actor's name
 * and its tags (B) and its notes (C). Writes that change any of them refresh the events they touch.
 */
import type { Queryable } from '../db/database.ts';

const VECTOR = `
  setweight(to_tsvector('english', e.message), 'A') ||
  setweight(to_tsvector('english', coalesce((SELECT a.name FROM incident_actors a WHERE a.id = e.actor_id), '')), 'B') ||
  setweight(to_tsvector('english', coalesce((SELECT string_agg(t.name, ' ') FROM event_tags t WHERE t.event_id = e.id), '')), 'B') ||
  setweight(to_tsvector('english', coalesce((SELECT string_agg(n.body, ' ') FROM notes n WHERE n.event_id = e.id), '')), 'C')`;

export async function refreshEventSearch(db: Queryable, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.query(`UPDATE events e SET search_vector = ${VECTOR} WHERE e.id = ANY($1::bigint[])`, [eventIds]);
}

/** After an actor is renamed: every event of that actor. */
export async function refreshActorSearch(db: Queryable, actorId: number): Promise<void> {
  await db.query(`UPDATE events e SET search_vector = ${VECTOR} WHERE e.actor_id = $1`, [actorId]);
}

/** Rebuilds the search data of every event, or of one incident's. */
export async function rebuildSearch(db: Queryable, incidentId?: number): Promise<void> {
  if (incidentId === undefined) await db.query(`UPDATE events e SET search_vector = ${VECTOR}`);
  else await db.query(`UPDATE events e SET search_vector = ${VECTOR} WHERE e.incident_id = $1`, [incidentId]);
}
