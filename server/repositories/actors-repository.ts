/*
 * Actors: an incident's (who did things in it) and an organization's (known across its incidents).
 * An incident actor a running import created is hidden (hidden-imports.ts): by id it is not there.
 */
import type { z } from 'zod';
import type { OrganizationActorCreateSchema } from '../../domain/actor.ts';
import type { Queryable } from '../db/database.ts';
import { nowMicros } from '../time.ts';
import { visibleRow } from './hidden-imports.ts';

export async function isIncidentActor(db: Queryable, incidentId: number, actorId: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM incident_actors a WHERE a.id = $1 AND a.incident_id = $2 AND ${visibleRow('a')}`,
    [actorId, incidentId],
  );
  return rows.length > 0;
}

export async function isOrganizationActor(db: Queryable, organizationId: number, actorId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM organization_actors WHERE id = $1 AND organization_id = $2', [
    actorId,
    organizationId,
  ]);
  return rows.length > 0;
}

export async function insertIncidentActor(
  db: Queryable,
  incidentId: number,
  actor: { name: string; isBot: boolean; organizationActorID: number | null },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO incident_actors (incident_id, name, is_bot, organization_actor_id, created_micros) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [incidentId, actor.name, actor.isBot, actor.organizationActorID, nowMicros()],
  );
  return rows[0]!.id;
}

/** `organizationActorID` null unties the actor; undefined leaves the tie as it is. */
export async function updateIncidentActor(
  db: Queryable,
  actorId: number,
  change: { name?: string; isBot?: boolean; organizationActorID?: number | null },
): Promise<void> {
  await db.query(
    `UPDATE incident_actors SET name = coalesce($2, name), is_bot = coalesce($3, is_bot),
            organization_actor_id = CASE WHEN $4::boolean THEN $5::bigint ELSE organization_actor_id END
      WHERE id = $1`,
    [
      actorId,
      change.name ?? null,
      change.isBot ?? null,
      change.organizationActorID !== undefined,
      change.organizationActorID ?? null,
    ],
  );
}

/** Removes a visible incident actor; its events stay with no actor. Undefined when there was none. */
export async function deleteIncidentActor(
  db: Queryable,
  incidentId: number,
  actorId: number,
): Promise<string | undefined> {
  const gone = await db.query<{ name: string }>(
    `DELETE FROM incident_actors a WHERE a.id = $1 AND a.incident_id = $2 AND ${visibleRow('a')} RETURNING a.name`,
    [actorId, incidentId],
  );
  return gone[0]?.name;
}

type NewOrganizationActor = z.infer<typeof OrganizationActorCreateSchema>;
type OrganizationActorChange = Partial<NewOrganizationActor>;

export async function insertOrganizationActor(
  db: Queryable,
  organizationId: number,
  actor: NewOrganizationActor,
  analystId: number,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO organization_actors (organization_id, display_name, start_date, description, is_bot, created_micros, analyst_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [organizationId, actor.displayName, actor.startDate, actor.description, actor.isBot, nowMicros(), analystId],
  );
  return rows[0]!.id;
}

/** Changes the fields given; false when the actor is not the organization's. */
export async function updateOrganizationActor(
  db: Queryable,
  organizationId: number,
  actorId: number,
  change: OrganizationActorChange,
): Promise<boolean> {
  const updated = await db.query(
    `UPDATE organization_actors SET display_name = coalesce($3, display_name), start_date = coalesce($4, start_date),
            description = coalesce($5, description), is_bot = coalesce($6, is_bot)
      WHERE id = $1 AND organization_id = $2 RETURNING id`,
    [
      actorId,
      organizationId,
      change.displayName ?? null,
      change.startDate ?? null,
      change.description ?? null,
      change.isBot ?? null,
    ],
  );
  return updated.length > 0;
}

export async function deleteOrganizationActor(
  db: Queryable,
  organizationId: number,
  actorId: number,
): Promise<string | undefined> {
  const gone = await db.query<{ display_name: string }>(
    'DELETE FROM organization_actors WHERE id = $1 AND organization_id = $2 RETURNING display_name',
    [actorId, organizationId],
  );
  return gone[0]?.display_name;
}
