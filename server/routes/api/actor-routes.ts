/*
 * Actors: an incident's actors (who did things in it) and an organization's actors (people and bots
 * known across its incidents), with the organization's bulk edit.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/api-error.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import {
  IncidentActorCreateSchema,
  IncidentActorUpdateSchema,
  OrganizationActorBulkSchema,
  OrganizationActorCreateSchema,
} from '../../../domain/incident-data.ts';
import type { AppContext } from '../../app-context.ts';
import { nowMicros } from '../../time.ts';
import type { Queryable } from '../../db/database.ts';
import { invalid, notFound } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident, requireOrganization } from '../../repositories/access-repository.ts';
import { recordWrite } from '../../repositories/audit-repository.ts';
import { refreshActorSearch } from '../../repositories/search-repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const Deleted = z.object({ deleted: z.boolean(), version: z.string() });
const ActorAnswer = z.object({ actor: z.object({ id: z.number().int() }), version: z.string() });

async function requireOrganizationActor(db: Queryable, organizationId: number, actorId: number | null | undefined, field: string) {
  if (actorId == null) return;
  const rows = await db.query('SELECT 1 FROM organization_actors WHERE id = $1 AND organization_id = $2', [actorId, organizationId]);
  if (rows.length === 0) throw invalid(field, 'is not an actor of this organization');
}

export function actorRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;
  const IncidentActorParams = z.object({ incidentID: PathIdSchema, actorID: PathIdSchema });
  const OrganizationParams = z.object({ organizationID: PathIdSchema });

  routes.post(
    '/api/incident/:incidentID/actor',
    {
      config: { access: 'write' },
      schema: { summary: 'Adds an actor to an incident', tags: ['actors'], params: z.object({ incidentID: PathIdSchema }), body: IncidentActorCreateSchema, response: { 201: ActorAnswer, ...errors } },
    },
    async (request, reply) => {
      const { user, analyst } = acting(request);
      const body = request.body;
      const id = await db.transaction(async (tx) => {
        const incident = await requireIncident(tx, analyst, request.params.incidentID);
        await requireOrganizationActor(tx, incident.organization_id, body.organizationActorID, 'organizationActorID');
        const rows = await tx.query<{ id: number }>(
          'INSERT INTO incident_actors (incident_id, name, is_bot, organization_actor_id, created_micros) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [incident.id, body.name, body.isBot, body.organizationActorID, nowMicros()],
        );
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'create incident actor', itemType: 'incident_actor', itemID: rows[0]!.id, detail: { incidentID: incident.id, ...body } });
        return rows[0]!.id;
      });
      reply.code(201);
      return { actor: { id }, version: context.version };
    },
  );

  routes.put(
    '/api/incident/:incidentID/actor/:actorID',
    {
      config: { access: 'write' },
      schema: { summary: "Renames an incident actor, marks it a bot or a human, or ties it to an organization actor", tags: ['actors'], params: IncidentActorParams, body: IncidentActorUpdateSchema, response: { 200: ActorAnswer, ...errors } },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      const { incidentID, actorID } = request.params;
      const body = request.body;
      await db.transaction(async (tx) => {
        const incident = await requireIncident(tx, analyst, incidentID);
        const found = await tx.query('SELECT 1 FROM incident_actors WHERE id = $1 AND incident_id = $2', [actorID, incident.id]);
        if (found.length === 0) throw notFound('actor');
        await requireOrganizationActor(tx, incident.organization_id, body.organizationActorID, 'organizationActorID');
        await tx.query(
          `UPDATE incident_actors SET name = coalesce($2, name), is_bot = coalesce($3, is_bot),
                  organization_actor_id = CASE WHEN $4::boolean THEN $5::bigint ELSE organization_actor_id END
            WHERE id = $1`,
          [actorID, body.name ?? null, body.isBot ?? null, body.organizationActorID !== undefined, body.organizationActorID ?? null],
        );
        if (body.name !== undefined) await refreshActorSearch(tx, actorID);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'update incident actor', itemType: 'incident_actor', itemID: actorID, detail: body });
      });
      return { actor: { id: actorID }, version: context.version };
    },
  );

  routes.delete(
    '/api/incident/:incidentID/actor/:actorID',
    {
      config: { access: 'write' },
      schema: { summary: 'Removes an incident actor; its events stay, with no actor', tags: ['actors'], params: IncidentActorParams, response: { 200: Deleted, ...errors } },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      const { incidentID, actorID } = request.params;
      await db.transaction(async (tx) => {
        const incident = await requireIncident(tx, analyst, incidentID);
        const gone = await tx.query<{ name: string }>('DELETE FROM incident_actors WHERE id = $1 AND incident_id = $2 RETURNING name', [actorID, incident.id]);
        if (gone.length === 0) throw notFound('actor');
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'delete incident actor', itemType: 'incident_actor', itemID: actorID, detail: { name: gone[0]!.name } });
      });
      return { deleted: true, version: context.version };
    },
  );

  routes.post(
    '/api/organization/:organizationID/actor',
    {
      config: { access: 'write' },
      schema: { summary: 'Adds an organization actor', tags: ['actors'], params: OrganizationParams, body: OrganizationActorCreateSchema, response: { 201: ActorAnswer, ...errors } },
    },
    async (request, reply) => {
      const { user, analyst } = acting(request);
      const body = request.body;
      const id = await db.transaction(async (tx) => {
        await requireOrganization(tx, analyst, request.params.organizationID);
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO organization_actors (organization_id, display_name, start_date, description, is_bot, created_micros, analyst_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [request.params.organizationID, body.displayName, body.startDate, body.description, body.isBot, nowMicros(), analyst.id],
        );
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'create organization actor', itemType: 'organization_actor', itemID: rows[0]!.id, detail: body });
        return rows[0]!.id;
      });
      reply.code(201);
      return { actor: { id }, version: context.version };
    },
  );

  routes.put(
    '/api/organization/:organizationID/actors',
    {
      config: { access: 'write' },
      schema: {
        summary: 'Bulk edit: changes many organization actors at once; all land or none',
        tags: ['actors'],
        params: OrganizationParams,
        body: OrganizationActorBulkSchema,
        response: { 200: z.object({ updated: z.number().int(), version: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      const { organizationID } = request.params;
      const { actors } = request.body;
      await db.transaction(async (tx) => {
        await requireOrganization(tx, analyst, organizationID);
        for (const [index, actor] of actors.entries()) {
          const updated = await tx.query(
            `UPDATE organization_actors SET display_name = coalesce($3, display_name), start_date = coalesce($4, start_date),
                    description = coalesce($5, description), is_bot = coalesce($6, is_bot)
              WHERE id = $1 AND organization_id = $2 RETURNING id`,
            [actor.id, organizationID, actor.displayName ?? null, actor.startDate ?? null, actor.description ?? null, actor.isBot ?? null],
          );
          if (updated.length === 0) throw invalid(`actors.${index}.id`, 'is not an actor of this organization');
        }
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'bulk edit organization actors', itemType: 'organization', itemID: organizationID, detail: { actors } });
      });
      return { updated: actors.length, version: context.version };
    },
  );

  routes.delete(
    '/api/organization/:organizationID/actor/:actorID',
    {
      config: { access: 'write' },
      schema: { summary: 'Removes an organization actor; incident actors tied to it keep their names', tags: ['actors'], params: z.object({ organizationID: PathIdSchema, actorID: PathIdSchema }), response: { 200: Deleted, ...errors } },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      const { organizationID, actorID } = request.params;
      await db.transaction(async (tx) => {
        await requireOrganization(tx, analyst, organizationID);
        const gone = await tx.query<{ display_name: string }>('DELETE FROM organization_actors WHERE id = $1 AND organization_id = $2 RETURNING display_name', [actorID, organizationID]);
        if (gone.length === 0) throw notFound('actor');
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'delete organization actor', itemType: 'organization_actor', itemID: actorID, detail: { displayName: gone[0]!.display_name } });
      });
      return { deleted: true, version: context.version };
    },
  );
}
