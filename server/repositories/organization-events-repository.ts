/*
 * The organization's pictures: events of all its incidents on one axis, keyset-paged by (start, id)
 * like an incident's, and the streams, actors and maps those events refer to. Callers have passed
 * the organization wall (requireOrganization) before either runs.
 */
import type { Queryable } from '../db/database.ts';
import type { OrganizationEventRow, OrganizationEventSources } from '../../domain/organization-events.ts';
import { EVENT_COLUMNS, pageWhere, toEventRow, type EventPageOptions } from './events-repository.ts';
import { visibleEvent, visibleRow } from './hidden-imports.ts';

type EventDbRow = Parameters<typeof toEventRow>[0] & { incident_id: number };

export async function organizationEventPage(
  db: Queryable,
  organizationId: number,
  options: EventPageOptions,
): Promise<OrganizationEventRow[]> {
  const incidents = await db.query<{ id: number }>('SELECT id FROM incidents WHERE organization_id = $1 ORDER BY id', [
    organizationId,
  ]);
  if (incidents.length === 0) return [];
  const params: unknown[] = [];
  // Rows of a running import or re-import stay out of sight here too (hidden-imports.ts).
  const where = [visibleEvent('e'), ...pageWhere(params, options)];
  params.push(options.limit);
  const limit = `$${params.length}`;
  // One branch per incident, each read in order from its (incident, start, id) index: PostgreSQL
  // merges them (Merge Append) and stops at the limit, so a page reads about limit rows in all.
  const branches = incidents.map((incident) => {
    params.push(Number(incident.id));
    return `(SELECT ${EVENT_COLUMNS}, e.incident_id FROM events e WHERE ${['e.incident_id = $' + params.length, ...where].join(' AND ')} ORDER BY e.start_micros, e.id LIMIT ${limit})`;
  });
  const rows = await db.query<EventDbRow>(
    `SELECT * FROM (${branches.join(' UNION ALL ')}) e ORDER BY e.start_micros, e.id LIMIT ${limit}`,
    params,
  );
  return rows.map((row) => ({ ...toEventRow(row), incidentID: Number(row.incident_id) }));
}

export async function organizationEventSources(
  db: Queryable,
  organizationId: number,
): Promise<Omit<OrganizationEventSources, 'version'>> {
  const [streams, actors, maps, counts] = await Promise.all([
    db.query<{ id: number; incident_id: number; name: string; is_marker_stream: boolean }>(
      `SELECT s.id, s.incident_id, s.name, s.is_marker_stream FROM streams s JOIN incidents i ON i.id = s.incident_id
        WHERE i.organization_id = $1 ORDER BY s.incident_id, s.is_marker_stream, s.id`,
      [organizationId],
    ),
    db.query<{ id: number; incident_id: number; name: string; is_bot: boolean; organization_actor_id: number | null }>(
      `SELECT a.id, a.incident_id, a.name, a.is_bot, a.organization_actor_id FROM incident_actors a JOIN incidents i ON i.id = a.incident_id
        WHERE i.organization_id = $1 ORDER BY a.incident_id, lower(a.name), a.id`,
      [organizationId],
    ),
    db.query<{
      id: number;
      incident_id: number;
      name: string;
      colour: string;
      icon: 'circle' | 'airplane' | 'rocket';
      valid_point_count: number;
    }>(
      `SELECT m.id, m.incident_id, m.name, m.colour, m.icon, m.valid_point_count FROM incident_maps m JOIN incidents i ON i.id = m.incident_id
        WHERE i.organization_id = $1 AND ${visibleRow('m')} ORDER BY m.incident_id, m.id`,
      [organizationId],
    ),
    db.query<{ total: number | string }>(
      `SELECT coalesce(sum(ec.event_count), 0)::bigint AS total FROM event_counts ec JOIN incidents i ON i.id = ec.incident_id WHERE i.organization_id = $1`,
      [organizationId],
    ),
  ]);
  return {
    streams: streams.map((row) => ({
      id: Number(row.id),
      incidentID: Number(row.incident_id),
      name: row.name,
      isMarkerStream: row.is_marker_stream,
    })),
    actors: actors.map((row) => ({
      id: Number(row.id),
      incidentID: Number(row.incident_id),
      name: row.name,
      isBot: row.is_bot,
      organizationActorID: row.organization_actor_id === null ? null : Number(row.organization_actor_id),
    })),
    maps: maps.map((row) => ({
      id: Number(row.id),
      incidentID: Number(row.incident_id),
      name: row.name,
      colour: row.colour,
      icon: row.icon,
      validPointCount: Number(row.valid_point_count),
    })),
    eventCount: Number(counts[0]?.total ?? 0),
  };
}
