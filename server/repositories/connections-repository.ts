/*
 * The cross-incident-connections picture's data: per incident of an organization, the organization
 * actors its actors are linked to and its related incidents inside the same organization (both
 * directions of related_incidents). Incident tags come with the organization's incident list.
 */
import type { IncidentConnection } from '../../domain/charts/incident-connections.ts';
import type { Queryable } from '../db/database.ts';

export async function incidentConnections(db: Queryable, organizationId: number): Promise<IncidentConnection[]> {
  const incidents = await db.query<{ id: number }>('SELECT id FROM incidents WHERE organization_id = $1 ORDER BY id', [
    organizationId,
  ]);
  const actors = await db.query<{ incident_id: number; organization_actor_id: number }>(
    `SELECT DISTINCT ia.incident_id, ia.organization_actor_id
       FROM incident_actors ia JOIN incidents i ON i.id = ia.incident_id
      WHERE i.organization_id = $1 AND ia.organization_actor_id IS NOT NULL
      ORDER BY ia.incident_id, ia.organization_actor_id`,
    [organizationId],
  );
  const related = await db.query<{ incident_id: number; other_id: number }>(
    `SELECT r.incident_id, r.related_incident_id AS other_id
       FROM related_incidents r
       JOIN incidents a ON a.id = r.incident_id
       JOIN incidents b ON b.id = r.related_incident_id
      WHERE a.organization_id = $1 AND b.organization_id = $1`,
    [organizationId],
  );
  const byId = new Map<number, IncidentConnection>(
    incidents.map((row) => [
      Number(row.id),
      { incidentID: Number(row.id), organizationActorIDs: [], relatedIncidentIDs: [] },
    ]),
  );
  for (const row of actors)
    byId.get(Number(row.incident_id))?.organizationActorIDs.push(Number(row.organization_actor_id));
  for (const row of related) {
    byId.get(Number(row.incident_id))?.relatedIncidentIDs.push(Number(row.other_id));
    byId.get(Number(row.other_id))?.relatedIncidentIDs.push(Number(row.incident_id));
  }
  for (const connection of byId.values()) connection.relatedIncidentIDs.sort((a, b) => a - b);
  return [...byId.values()];
}
