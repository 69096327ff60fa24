/*
 * Collections and their members. A reply thread is the collection of one event's replies: one per
 * event (collections.thread_event_id is unique), named "Reply thread {eventID}", holding the event.
 */
import type { Queryable } from '../db/database.ts';
import { nowMicros } from '../time.ts';
import { notFound } from '../http-error.ts';

export interface CollectionRow {
  id: number;
  incident_id: number;
  name: string;
  is_thread: boolean;
  thread_event_id: number | null;
}

const threadName = (eventId: number) => `Reply thread ${eventId}`;

/** The collection, locked until the transaction ends, so a concurrent delete cannot slip between check and write. */
export async function lockCollection(db: Queryable, collectionId: number): Promise<CollectionRow> {
  const rows = await db.query<CollectionRow>(
    'SELECT id, incident_id, name, is_thread, thread_event_id FROM collections WHERE id = $1 FOR UPDATE',
    [collectionId],
  );
  if (!rows[0]) throw notFound('collection');
  return rows[0];
}

export async function insertCollection(
  db: Queryable,
  collection: { incidentId: number; name: string; analystId: number },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO collections (incident_id, name, is_analyst, is_thread, created_micros, analyst_id)
     VALUES ($1, $2, true, false, $3, $4) RETURNING id`,
    [collection.incidentId, collection.name, nowMicros(), collection.analystId],
  );
  return rows[0]!.id;
}

/**
 * The reply thread of an event, made when it has none. Safe when two requests race: the unique
 * thread_event_id lets one insert and the other find it.
 */
export async function ensureThread(
  db: Queryable,
  thread: { incidentId: number; eventId: number; analystId: number },
): Promise<{ id: number; created: boolean }> {
  // NOTE: is_analyst is false: a thread records who replied to whom in the source, and an import
  // that finds the same thread must make the same collection.
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO collections (incident_id, name, is_analyst, is_thread, thread_event_id, created_micros, analyst_id)
     VALUES ($1, $2, false, true, $3, $4, $5)
     ON CONFLICT (thread_event_id) DO NOTHING RETURNING id`,
    [thread.incidentId, threadName(thread.eventId), thread.eventId, nowMicros(), thread.analystId],
  );
  if (inserted[0]) {
    await addCollectionEvents(db, inserted[0].id, [thread.eventId], thread.analystId);
    return { id: inserted[0].id, created: true };
  }
  const existing = await db.query<{ id: number }>('SELECT id FROM collections WHERE thread_event_id = $1', [
    thread.eventId,
  ]);
  return { id: existing[0]!.id, created: false };
}

/** Adds the events not yet members; answers how many were added. */
export async function addCollectionEvents(
  db: Queryable,
  collectionId: number,
  eventIds: readonly number[],
  analystId: number,
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const rows = await db.query<{ event_id: number }>(
    `INSERT INTO collection_events (collection_id, event_id, created_micros, analyst_id)
     SELECT $1, e, $3, $4 FROM unnest($2::bigint[]) AS e
     ON CONFLICT (collection_id, event_id) DO NOTHING RETURNING event_id`,
    [collectionId, [...new Set(eventIds)], nowMicros(), analystId],
  );
  return rows.length;
}

export async function removeCollectionEvents(
  db: Queryable,
  collectionId: number,
  eventIds: readonly number[],
): Promise<number> {
  const rows = await db.query<{ event_id: number }>(
    'DELETE FROM collection_events WHERE collection_id = $1 AND event_id = ANY($2::bigint[]) RETURNING event_id',
    [collectionId, eventIds],
  );
  return rows.length;
}

export async function renameCollection(db: Queryable, collectionId: number, name: string): Promise<void> {
  await db.query('UPDATE collections SET name = $2 WHERE id = $1', [collectionId, name]);
}

export async function deleteCollection(db: Queryable, collectionId: number): Promise<void> {
  await db.query('DELETE FROM collections WHERE id = $1', [collectionId]);
}
