import type { Queryable } from '../db/database.ts';
import { type NameChange, updateColumns } from './update-columns.ts';
import type { IncidentSummary } from '../../domain/incident.ts';
import { memberClause } from './access-repository.ts';
import type { AnalystRow } from './analysts-repository.ts';
import { visibleEvent, visibleRow } from './hidden-imports.ts';

interface IncidentSummaryRow {
  id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  description: string;
  created_micros: number;
  first_micros: number | null;
  last_micros: number | null;
  stream_count: number;
  upload_count: number;
  event_count: number;
  actor_event_count: number;
  event_note_count: number;
  human_actor_count: number;
  human_actor_event_count: number;
  incident_tags: string[] | null;
}

// NOTE: the first and last timestamps come from index scans, the event counts from event_counts
// (kept by triggers), so a summary costs the same at a million events as at ten.
const SUMMARY_SELECT = `
  SELECT i.id, i.organization_id, o.name AS organization_name, i.name, i.description, i.created_micros,
    (SELECT e.start_micros FROM events e WHERE e.incident_id = i.id AND ${visibleEvent('e')} ORDER BY e.start_micros LIMIT 1) AS first_micros,
    (SELECT e.end_micros FROM events e WHERE e.incident_id = i.id AND ${visibleEvent('e')} ORDER BY e.end_micros DESC LIMIT 1) AS last_micros,
    (SELECT count(*)::int FROM streams s WHERE s.incident_id = i.id AND NOT s.is_marker_stream AND ${visibleRow('s')}) AS stream_count,
    (SELECT count(*)::int FROM uploads u WHERE u.incident_id = i.id AND NOT u.is_system) AS upload_count,
    c.event_count, c.actor_event_count, c.human_actor_event_count,
    (SELECT count(*)::int FROM notes n WHERE n.incident_id = i.id AND n.event_id IS NOT NULL) AS event_note_count,
    (SELECT count(*)::int FROM incident_actors a WHERE a.incident_id = i.id AND NOT a.is_bot AND ${visibleRow('a')}) AS human_actor_count,
    (SELECT array_agg(t.name ORDER BY t.name) FROM incident_tags t WHERE t.incident_id = i.id) AS incident_tags
  FROM incidents i
  JOIN organizations o ON o.id = i.organization_id
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(ec.event_count), 0)::bigint AS event_count,
           coalesce(sum(ec.event_count) FILTER (WHERE ec.actor_id <> 0), 0)::bigint AS actor_event_count,
           coalesce(sum(ec.event_count) FILTER (WHERE ec.actor_id <> 0 AND NOT coalesce(a.is_bot, false)), 0)::bigint
             AS human_actor_event_count
      FROM event_counts ec LEFT JOIN incident_actors a ON a.id = ec.actor_id
     WHERE ec.incident_id = i.id
  ) c`;

function toSummary(row: IncidentSummaryRow): IncidentSummary {
  return {
    id: row.id,
    organizationID: row.organization_id,
    organizationName: row.organization_name,
    name: row.name,
    description: row.description,
    firstTimestamp: row.first_micros,
    lastTimestamp: row.last_micros,
    hasMultipleStreams: row.stream_count > 1,
    incidentTags: row.incident_tags ?? [],
    createTimestamp: row.created_micros,
    counts: {
      events: Number(row.event_count),
      streams: row.stream_count,
      uploads: row.upload_count,
      actorEventCount: Number(row.actor_event_count),
      eventNoteCount: row.event_note_count,
      humanActorCount: row.human_actor_count,
      humanActorEventCount: Number(row.human_actor_event_count),
    },
  };
}

export async function incidentSummary(db: Queryable, incidentId: number): Promise<IncidentSummary | undefined> {
  const rows = await db.query<IncidentSummaryRow>(`${SUMMARY_SELECT} WHERE i.id = $1`, [incidentId]);
  return rows[0] && toSummary(rows[0]);
}

/** Changes whenever an event of the incident is added, changed or removed (migration 007). */
export async function eventsRevision(db: Queryable, incidentId: number): Promise<string> {
  const rows = await db.query<{ events_revision: string }>(
    'SELECT events_revision::text FROM incidents WHERE id = $1',
    [incidentId],
  );
  return rows[0]?.events_revision ?? '';
}

export async function incidentSummaries(
  db: Queryable,
  analyst: AnalystRow,
  organizationId: number | undefined,
): Promise<IncidentSummary[]> {
  const params: unknown[] = [analyst.id];
  let where = `WHERE ${memberClause('i.organization_id', '$1', analyst.permission === 'admin')}`;
  if (organizationId !== undefined) {
    params.push(organizationId);
    where += ` AND i.organization_id = $2`;
  }
  const rows = await db.query<IncidentSummaryRow>(`${SUMMARY_SELECT} ${where} ORDER BY i.id`, params);
  return rows.map(toSummary);
}

export async function insertIncident(
  db: Queryable,
  incident: { organizationId: number; name: string; description: string; analystId: number | null },
): Promise<number> {
  const now = Date.now() * 1000;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO incidents (organization_id, name, description, created_micros, analyst_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [incident.organizationId, incident.name, incident.description, now, incident.analystId],
  );
  const id = rows[0]!.id;
  // Every incident has its marker stream, where markers live (PRODUCT.md).
  await db.query(
    `INSERT INTO streams (incident_id, name, is_marker_stream, created_micros, analyst_id) VALUES ($1, 'Markers', true, $2, $3)`,
    [id, now, incident.analystId],
  );
  return id;
}

export async function updateIncident(db: Queryable, incidentId: number, change: NameChange): Promise<void> {
  await updateColumns(db, 'incidents', incidentId, { name: change.name, description: change.description });
}

/** Deletes the incident, everything in it by cascade, and its tag styles. */
export async function deleteIncident(db: Queryable, incidentId: number): Promise<void> {
  await db.query('DELETE FROM incidents WHERE id = $1', [incidentId]);
  // tag_styles.incident_id has no foreign key (0 stands for the organization's styles).
  await db.query('DELETE FROM tag_styles WHERE incident_id = $1', [incidentId]);
}
