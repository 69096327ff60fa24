/*
 * The context ids an audit action names (organization, incident, event, stream, map) pass the
 * organization wall like every other id: one the analyst cannot reach answers 404, word for word as
 * for an id that does not exist (access-repository.ts).
 */
import type { AuditActionBody } from '../../domain/audit.ts';
import type { Queryable } from '../db/database.ts';
import { visibleRow } from './hidden-imports.ts';
import { notFound } from '../http-error.ts';
import { memberClause, requireIncident, requireIncidentOf, requireOrganization } from './access-repository.ts';
import type { AnalystRow } from './analysts-repository.ts';

export async function requireActionContext(db: Queryable, analyst: AnalystRow, body: AuditActionBody): Promise<void> {
  if (body.organizationID !== undefined) await requireOrganization(db, analyst, body.organizationID);
  if (body.incidentID !== undefined) await requireIncident(db, analyst, body.incidentID);
  if (body.eventID !== undefined) await requireIncidentOf(db, analyst, 'events', body.eventID, 'event');
  if (body.streamID !== undefined) await requireIncidentOf(db, analyst, 'streams', body.streamID, 'stream');
  if (body.mapID !== undefined) {
    const rows = await db.query(
      `SELECT 1 FROM incident_maps m JOIN incidents i ON i.id = m.incident_id
        WHERE m.id = $1 AND ${visibleRow('m')} AND ${memberClause('i.organization_id', '$2', analyst.permission === 'admin')}`,
      [body.mapID, analyst.id],
    );
    if (!rows[0]) throw notFound('map');
  }
}
