/*
 * The reads behind GET /api/incident/{id}: everything an incident carries besides its events'
 * pages. Each is one query over an indexed incident_id, so the payload costs the same at any size.
 */
import type { Queryable } from '../db/database.ts';
import { memberClause } from './access-repository.ts';
import type { ATTACHMENT_KINDS, NOTE_KINDS, UPLOAD_KINDS, URL_TYPES } from '../../domain/annotations.ts';
import { visibleEvent, visibleRow } from './hidden-imports.ts';

export const PAYLOAD_EVENT_LIMIT = 10_000;

export async function streamsOf(db: Queryable, incidentId: number) {
  const rows = await db.query<{
    id: number;
    name: string;
    is_marker_stream: boolean;
    import_format: string | null;
    clock_offset_micros: number;
    created_micros: number;
    event_count: number;
    tags: string[] | null;
  }>(
    `SELECT s.id, s.name, s.is_marker_stream, s.import_format, s.clock_offset_micros, s.created_micros,
            (SELECT coalesce(sum(ec.event_count), 0)::bigint FROM event_counts ec WHERE ec.incident_id = s.incident_id AND ec.stream_id = s.id) AS event_count,
            (SELECT array_agg(t.name ORDER BY t.name) FROM stream_tags t WHERE t.stream_id = s.id) AS tags
       FROM streams s WHERE s.incident_id = $1 AND ${visibleRow('s')} ORDER BY s.is_marker_stream, s.id`,
    [incidentId],
  );
  return rows.map((row) => ({
    id: row.id,
    incidentID: incidentId,
    name: row.name,
    isMarkerStream: row.is_marker_stream,
    importFormat: row.import_format,
    clockOffsetMicroseconds: row.clock_offset_micros,
    eventCount: Number(row.event_count),
    tags: row.tags ?? [],
    createTimestamp: row.created_micros,
  }));
}

export async function actorsOf(db: Queryable, incidentId: number) {
  const rows = await db.query<{
    id: number;
    name: string;
    is_bot: boolean;
    organization_actor_id: number | null;
    event_count: number;
  }>(
    `SELECT a.id, a.name, a.is_bot, a.organization_actor_id,
            (SELECT coalesce(sum(ec.event_count), 0)::bigint FROM event_counts ec WHERE ec.incident_id = a.incident_id AND ec.actor_id = a.id) AS event_count
       FROM incident_actors a WHERE a.incident_id = $1 AND ${visibleRow('a')} ORDER BY lower(a.name), a.id`,
    [incidentId],
  );
  return rows.map((row) => ({
    id: row.id,
    incidentID: incidentId,
    name: row.name,
    isBot: row.is_bot,
    organizationActorID: row.organization_actor_id,
    eventCount: Number(row.event_count),
  }));
}

export async function collectionsOf(db: Queryable, incidentId: number) {
  const rows = await db.query<{
    id: number;
    name: string;
    is_analyst: boolean;
    is_thread: boolean;
    thread_event_id: number | null;
    analyst_id: number | null;
    event_ids: number[] | null;
  }>(
    `SELECT c.id, c.name, c.is_analyst, c.is_thread, c.thread_event_id, c.analyst_id,
            (SELECT array_agg(ce.event_id ORDER BY e.start_micros, e.id) FROM collection_events ce JOIN events e ON e.id = ce.event_id
              WHERE ce.collection_id = c.id AND ${visibleEvent('e')}) AS event_ids
       FROM collections c WHERE c.incident_id = $1 ORDER BY c.id`,
    [incidentId],
  );
  return rows.map((row) => ({
    id: row.id,
    incidentID: incidentId,
    name: row.name,
    isAnalyst: row.is_analyst,
    isThread: row.is_thread,
    threadEventID: row.thread_event_id,
    eventIDs: (row.event_ids ?? []).map(Number),
    analystID: row.analyst_id,
  }));
}

export async function notesOf(db: Queryable, incidentId: number, eventId?: number) {
  const rows = await db.query<{
    id: number;
    event_id: number | null;
    kind: string;
    body: string;
    analyst_id: number | null;
    analyst_name: string | null;
    created_micros: number;
    updated_micros: number;
  }>(
    `SELECT n.id, n.event_id, n.kind, n.body, n.analyst_id, an.name AS analyst_name, n.created_micros, n.updated_micros
       FROM notes n LEFT JOIN analysts an ON an.id = n.analyst_id
      WHERE n.incident_id = $1 ${eventId === undefined ? '' : 'AND n.event_id = $2'} ORDER BY n.created_micros, n.id`,
    eventId === undefined ? [incidentId] : [incidentId, eventId],
  );
  return rows.map((row) => ({
    id: row.id,
    incidentID: incidentId,
    eventID: row.event_id,
    kind: row.kind as (typeof NOTE_KINDS)[number],
    text: row.body,
    analystID: row.analyst_id,
    analystName: row.analyst_name,
    createTimestamp: row.created_micros,
    updateTimestamp: row.updated_micros,
  }));
}

export async function linksOf(db: Queryable, incidentId: number, eventId?: number) {
  const rows = await db.query<{
    id: number;
    event_id: number | null;
    stream_id: number | null;
    url: string;
    url_type: string;
    title: string;
    analyst_id: number | null;
    created_micros: number;
  }>(
    `SELECT id, event_id, stream_id, url, url_type, title, analyst_id, created_micros FROM links
      WHERE incident_id = $1 ${eventId === undefined ? '' : 'AND event_id = $2'} ORDER BY id`,
    eventId === undefined ? [incidentId] : [incidentId, eventId],
  );
  return rows.map((row) => ({
    id: row.id,
    incidentID: incidentId,
    eventID: row.event_id,
    streamID: row.stream_id,
    url: row.url,
    urlType: row.url_type as (typeof URL_TYPES)[number],
    title: row.title,
    analystID: row.analyst_id,
    createTimestamp: row.created_micros,
  }));
}

export async function uploadsOf(db: Queryable, incidentId: number, eventId?: number) {
  const rows = await db.query<{
    id: number;
    file_name: string;
    media_type: string;
    kind: string;
    size_bytes: number;
    sha256: string;
    event_id: number | null;
    attachment_kind: string | null;
    stream_id: number | null;
    is_system: boolean;
    analyst_id: number | null;
    created_micros: number;
  }>(
    `SELECT id, file_name, media_type, kind, size_bytes, sha256, event_id, attachment_kind, stream_id, is_system, analyst_id, created_micros
       FROM uploads WHERE incident_id = $1 ${eventId === undefined ? '' : 'AND event_id = $2'} ORDER BY id`,
    eventId === undefined ? [incidentId] : [incidentId, eventId],
  );
  return rows.map((row) => ({
    id: row.id,
    incidentID: incidentId,
    fileName: row.file_name,
    mediaType: row.media_type,
    kind: row.kind as (typeof UPLOAD_KINDS)[number],
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    eventID: row.event_id,
    attachmentKind: row.attachment_kind as (typeof ATTACHMENT_KINDS)[number] | null,
    streamID: row.stream_id,
    isSystem: row.is_system,
    analystID: row.analyst_id,
    createTimestamp: row.created_micros,
  }));
}

/** Tag names with their counts, colours and label flags, for event, stream and incident tags. */
export async function tagsOf(db: Queryable, incidentId: number, organizationId: number) {
  const rows = await db.query<{
    item_type: 'event' | 'stream' | 'incident';
    name: string;
    count: number;
    color: string | null;
    is_label: boolean | null;
    analyst_id: number | null;
  }>(
    `WITH counted AS (
       SELECT 'event' AS item_type, name, count(*)::int AS count, (array_agg(analyst_id ORDER BY created_micros))[1] AS analyst_id FROM event_tags WHERE incident_id = $1 GROUP BY name
       UNION ALL
       SELECT 'stream', name, count(*)::int, (array_agg(analyst_id ORDER BY created_micros))[1] FROM stream_tags WHERE incident_id = $1 GROUP BY name
       UNION ALL
       SELECT 'incident', name, count(*)::int, (array_agg(analyst_id ORDER BY created_micros))[1] FROM incident_tags WHERE incident_id = $1 GROUP BY name
     )
     SELECT c.item_type, c.name, c.count, s.color, s.is_label, c.analyst_id FROM counted c
       LEFT JOIN tag_styles s ON s.organization_id = $2 AND s.item_type = c.item_type AND s.name = c.name
                             AND s.incident_id = CASE WHEN c.item_type = 'incident' THEN 0 ELSE $1 END
      ORDER BY c.item_type, c.name`,
    [incidentId, organizationId],
  );
  return rows.map((row) => ({
    name: row.name,
    count: row.count,
    color: row.color ?? '',
    isLabel: row.is_label ?? false,
    itemType: row.item_type,
    analystID: row.analyst_id,
    incidentID: incidentId,
  }));
}

export async function tagAssignmentsOf(db: Queryable, table: 'event_tags' | 'stream_tags', incidentId: number) {
  const column = table === 'event_tags' ? 'event_id' : 'stream_id';
  const rows = await db.query<{ item_id: number; name: string; analyst_id: number | null }>(
    `SELECT ${column} AS item_id, name, analyst_id FROM ${table} WHERE incident_id = $1 ORDER BY ${column}, name`,
    [incidentId],
  );
  return rows.map((row) => ({ itemID: row.item_id, name: row.name, analystID: row.analyst_id }));
}

/** Related incidents, only those the analyst may reach (the others' names would leak). */
export async function relatedIncidentsOf(
  db: Queryable,
  incidentId: number,
  analyst: { id: number; permission: string },
) {
  const visible = memberClause('i.organization_id', '$2', analyst.permission === 'admin');
  const rows = await db.query<{ incident_id: number; name: string; note: string; analyst_id: number | null }>(
    `SELECT r.related_incident_id AS incident_id, i.name, r.note, r.analyst_id
       FROM related_incidents r JOIN incidents i ON i.id = r.related_incident_id
      WHERE r.incident_id = $1 AND ${visible}
     UNION
     SELECT r.incident_id, i.name, r.note, r.analyst_id
       FROM related_incidents r JOIN incidents i ON i.id = r.incident_id
      WHERE r.related_incident_id = $1 AND ${visible}
     ORDER BY 1`,
    [incidentId, analyst.id],
  );
  return rows.map((row) => ({
    incidentID: row.incident_id,
    name: row.name,
    note: row.note,
    analystID: row.analyst_id,
  }));
}
