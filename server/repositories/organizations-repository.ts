/*
 * Organizations, their members, and what an organization's page lists beside its incidents
 * (incident tags with counts and styles, organization actors). The wall itself is access-repository.ts.
 */
import type { Queryable } from '../db/database.ts';
import { type NameChange, updateColumns } from './update-columns.ts';
import { nowMicros } from '../time.ts';
import { memberClause } from './access-repository.ts';
import type { AnalystRow } from './analysts-repository.ts';

interface OrganizationRow {
  id: number;
  name: string;
  description: string;
  created_micros: number;
}

/** The organizations the analyst is a member of (administrators: all), with their incident counts. */
export async function organizationsOf(
  db: Queryable,
  analyst: AnalystRow,
): Promise<(OrganizationRow & { incident_count: number })[]> {
  return db.query<OrganizationRow & { incident_count: number }>(
    `SELECT o.id, o.name, o.description, o.created_micros,
            (SELECT count(*)::int FROM incidents i WHERE i.organization_id = o.id) AS incident_count
       FROM organizations o WHERE ${memberClause('o.id', '$1', analyst.permission === 'admin')} ORDER BY o.id`,
    [analyst.id],
  );
}

export async function organizationRow(db: Queryable, organizationId: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.query<OrganizationRow>(
    'SELECT id, name, description, created_micros FROM organizations WHERE id = $1',
    [organizationId],
  );
  return row;
}

export async function organizationIncidentTags(db: Queryable, organizationId: number) {
  return db.query<{ name: string; count: number; color: string | null; is_label: boolean | null }>(
    `SELECT t.name, count(*)::int AS count, s.color, s.is_label
       FROM incident_tags t
       LEFT JOIN tag_styles s ON s.organization_id = t.organization_id AND s.incident_id = 0 AND s.item_type = 'incident' AND s.name = t.name
      WHERE t.organization_id = $1 GROUP BY t.name, s.color, s.is_label ORDER BY t.name`,
    [organizationId],
  );
}

export async function organizationActors(db: Queryable, organizationId: number) {
  return db.query<{
    id: number;
    display_name: string;
    start_date: string;
    description: string;
    is_bot: boolean;
    incident_count: number;
  }>(
    `SELECT a.id, a.display_name, a.start_date, a.description, a.is_bot,
            (SELECT count(DISTINCT ia.incident_id)::int FROM incident_actors ia WHERE ia.organization_actor_id = a.id) AS incident_count
       FROM organization_actors a WHERE a.organization_id = $1 ORDER BY lower(a.display_name), a.id`,
    [organizationId],
  );
}

export async function organizationMembers(db: Queryable, organizationId: number) {
  return db.query<{ analyst_id: number; name: string }>(
    `SELECT m.analyst_id, an.name FROM organization_members m JOIN analysts an ON an.id = m.analyst_id
      WHERE m.organization_id = $1 ORDER BY lower(an.name)`,
    [organizationId],
  );
}

/** Creates an organization with its creator as its first member. */
export async function insertOrganization(
  db: Queryable,
  organization: { name: string; description: string },
  analystId: number,
): Promise<number> {
  const now = nowMicros();
  const rows = await db.query<{ id: number }>(
    'INSERT INTO organizations (name, description, created_micros, analyst_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [organization.name, organization.description, now, analystId],
  );
  const created = rows[0]!.id;
  await addMember(db, created, analystId);
  return created;
}

export async function updateOrganization(db: Queryable, organizationId: number, change: NameChange): Promise<void> {
  await updateColumns(db, 'organizations', organizationId, { name: change.name, description: change.description });
}

/** Deletes the organization and, by cascade, everything in it. */
export async function deleteOrganization(db: Queryable, organizationId: number): Promise<void> {
  await db.query('DELETE FROM organizations WHERE id = $1', [organizationId]);
}

/** True when the analyst was not a member before. */
export async function addMember(db: Queryable, organizationId: number, analystId: number): Promise<boolean> {
  const added = await db.query(
    `INSERT INTO organization_members (organization_id, analyst_id, created_micros) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING analyst_id`,
    [organizationId, analystId, nowMicros()],
  );
  return added.length > 0;
}

/** True when the analyst was a member. */
export async function removeMember(db: Queryable, organizationId: number, analystId: number): Promise<boolean> {
  const removed = await db.query(
    'DELETE FROM organization_members WHERE organization_id = $1 AND analyst_id = $2 RETURNING analyst_id',
    [organizationId, analystId],
  );
  return removed.length > 0;
}
