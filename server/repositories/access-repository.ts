/*
 * Organizations are the walls between teams: an analyst reaches only the organizations they are a
 * member of (administrators: all). Anything behind a wall answers 404, exactly like something that
 * does not exist, so ids cannot be probed. Every route that takes an id resolves it through here.
 */
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http-error.ts';
import type { AnalystRow } from './analysts-repository.ts';
import { visibleEvent, visibleRow } from './hidden-imports.ts';

export interface IncidentRef {
  id: number;
  organization_id: number;
  name: string;
}

/** SQL that is true when analyst $n may reach organization `column`. */
export function memberClause(column: string, analystParam: string, isAdmin: boolean): string {
  // NOTE: the parameter is still used, since PostgreSQL refuses a statement given unused parameters.
  if (isAdmin) return `(${analystParam}::bigint IS NOT NULL)`;
  return `EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = ${column} AND m.analyst_id = ${analystParam})`;
}

const isAdmin = (analyst: AnalystRow) => analyst.permission === 'admin';

export async function requireOrganization(db: Queryable, analyst: AnalystRow, organizationId: number) {
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT o.id, o.name FROM organizations o WHERE o.id = $1 AND ${memberClause('o.id', '$2', isAdmin(analyst))}`,
    [organizationId, analyst.id],
  );
  if (!rows[0]) throw notFound('organization');
  return rows[0];
}

export async function requireIncident(db: Queryable, analyst: AnalystRow, incidentId: number): Promise<IncidentRef> {
  const rows = await db.query<IncidentRef>(
    `SELECT i.id, i.organization_id, i.name FROM incidents i
      WHERE i.id = $1 AND ${memberClause('i.organization_id', '$2', isAdmin(analyst))}`,
    [incidentId, analyst.id],
  );
  if (!rows[0]) throw notFound('incident');
  return rows[0];
}

/**
 * What keeps a row a running import hides out of reach by a guessed id: it answers as one that does
 * not exist (migration 010).
 */
const VISIBLE: Partial<Record<string, (alias: string) => string>> = {
  streams: visibleRow,
  incident_actors: visibleRow,
  events: visibleEvent,
};

/** The incident an item of `table` belongs to, when the analyst may reach it and no import hides it. */
export async function requireIncidentOf(
  db: Queryable,
  analyst: AnalystRow,
  table: 'streams' | 'events' | 'incident_actors' | 'collections' | 'notes' | 'links' | 'uploads',
  itemId: number,
  what: string,
): Promise<IncidentRef & { item_id: number }> {
  const visible = VISIBLE[table];
  const hidden = visible ? ` AND ${visible('t')}` : '';
  const rows = await db.query<IncidentRef & { item_id: number }>(
    `SELECT i.id, i.organization_id, i.name, t.id AS item_id FROM ${table} t JOIN incidents i ON i.id = t.incident_id
      WHERE t.id = $1 AND ${memberClause('i.organization_id', '$2', isAdmin(analyst))}${hidden}`,
    [itemId, analyst.id],
  );
  if (!rows[0]) throw notFound(what);
  return rows[0];
}
