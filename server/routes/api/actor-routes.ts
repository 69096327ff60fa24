/*
 * Actors: an incident's actors (who did things in it) and an organization's actors (people and bots
 * known across its incidents), with the organization's bulk edit.
 */
import { z } from 'zod';
import { PathIdSchema } from '../../../domain/ids.ts';
import {
  IncidentActorCreateSchema,
  IncidentActorUpdateSchema,
  OrganizationActorBulkSchema,
  OrganizationActorCreateSchema,
} from '../../../domain/actor.ts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { invalid, notFound } from '../../http-error.ts';
import {
  deleteIncidentActor,
  deleteOrganizationActor,
  insertIncidentActor,
  insertOrganizationActor,
  isIncidentActor,
  isOrganizationActor,
  updateIncidentActor,
  updateOrganizationActor,
} from '../../repositories/actors-repository.ts';
import { refreshActorSearch } from '../../repositories/search-repository.ts';
import { answer, auditedIncidentWrite, auditedOrganizationWrite } from '../audited-write.ts';
import { createInIncidentRoute } from '../create-in-incident-route.ts';
import { OrganizationParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
const Deleted = answer({ deleted: z.boolean() });
const ActorAnswer = answer({ actor: z.object({ id: z.number().int() }) });

async function requireOrganizationActor(
  db: Queryable,
  organizationId: number,
  actorId: number | null | undefined,
  field: string,
) {
  if (actorId == null) return;
  if (!(await isOrganizationActor(db, organizationId, actorId)))
    throw invalid(field, 'is not an actor of this organization');
}

export function actorRoutes(routes: ApiRoutes, { db }: AppContext): void {
  const IncidentActorParams = z.object({ incidentID: PathIdSchema, actorID: PathIdSchema });

  createInIncidentRoute(routes, db, 'actor', IncidentActorCreateSchema, {
    summary: 'Adds an actor to an incident',
    create: async ({ tx, incident }, body) => {
      await requireOrganizationActor(tx, incident.organization_id, body.organizationActorID, 'organizationActorID');
      const created = await insertIncidentActor(tx, incident.id, body);
      return { id: created, detail: { incidentID: incident.id, ...body } };
    },
  });

  routes.put(
    '/api/incident/:incidentID/actor/:actorID',
    routeOptions('write', {
      summary: 'Renames an incident actor, marks it a bot or a human, or ties it to an organization actor',
      tags: ['actors'],
      params: IncidentActorParams,
      body: IncidentActorUpdateSchema,
      response: { 200: ActorAnswer, ...errors },
    }),
    async (request) => {
      const { incidentID, actorID } = request.params;
      const body = request.body;
      await auditedIncidentWrite(db, request, incidentID, async ({ tx, audit, incident }) => {
        if (!(await isIncidentActor(tx, incident.id, actorID))) throw notFound('actor');
        await requireOrganizationActor(tx, incident.organization_id, body.organizationActorID, 'organizationActorID');
        await updateIncidentActor(tx, actorID, body);
        if (body.name !== undefined) await refreshActorSearch(tx, incident.id, actorID);
        await audit({ action: 'update incident actor', itemType: 'incident_actor', itemID: actorID, detail: body });
      });
      return { actor: { id: actorID } };
    },
  );

  routes.delete(
    '/api/incident/:incidentID/actor/:actorID',
    routeOptions('write', {
      summary: 'Removes an incident actor; its events stay, with no actor',
      tags: ['actors'],
      params: IncidentActorParams,
      response: { 200: Deleted, ...errors },
    }),
    async (request) => {
      const { incidentID, actorID } = request.params;
      await auditedIncidentWrite(db, request, incidentID, async ({ tx, audit, incident }) => {
        const name = await deleteIncidentActor(tx, incident.id, actorID);
        if (name === undefined) throw notFound('actor');
        await audit({ action: 'delete incident actor', itemType: 'incident_actor', itemID: actorID, detail: { name } });
      });
      return { deleted: true };
    },
  );

  routes.post(
    '/api/organization/:organizationID/actor',
    routeOptions('write', {
      summary: 'Adds an organization actor',
      tags: ['actors'],
      params: OrganizationParams,
      body: OrganizationActorCreateSchema,
      response: { 201: ActorAnswer, ...errors },
    }),
    async (request, reply) => {
      const body = request.body;
      const id = await auditedOrganizationWrite(
        db,
        request,
        request.params.organizationID,
        async ({ tx, analyst, audit }) => {
          const created = await insertOrganizationActor(tx, request.params.organizationID, body, analyst.id);
          await audit({
            action: 'create organization actor',
            itemType: 'organization_actor',
            itemID: created,
            detail: body,
          });
          return created;
        },
      );
      reply.code(201);
      return { actor: { id } };
    },
  );

  routes.put(
    '/api/organization/:organizationID/actors',
    routeOptions('write', {
      summary: 'Bulk edit: changes many organization actors at once; all land or none',
      tags: ['actors'],
      params: OrganizationParams,
      body: OrganizationActorBulkSchema,
      response: { 200: answer({ updated: z.number().int() }), ...errors },
    }),
    async (request) => {
      const { organizationID } = request.params;
      const { actors } = request.body;
      await auditedOrganizationWrite(db, request, organizationID, async ({ tx, audit }) => {
        for (const [index, actor] of actors.entries()) {
          if (!(await updateOrganizationActor(tx, organizationID, actor.id, actor)))
            throw invalid(`actors.${index}.id`, 'is not an actor of this organization');
        }
        await audit({
          action: 'bulk edit organization actors',
          itemType: 'organization',
          itemID: organizationID,
          detail: { actors },
        });
      });
      return { updated: actors.length };
    },
  );

  routes.delete(
    '/api/organization/:organizationID/actor/:actorID',
    routeOptions('write', {
      summary: 'Removes an organization actor; incident actors tied to it keep their names',
      tags: ['actors'],
      params: z.object({ organizationID: PathIdSchema, actorID: PathIdSchema }),
      response: { 200: Deleted, ...errors },
    }),
    async (request) => {
      const { organizationID, actorID } = request.params;
      await auditedOrganizationWrite(db, request, organizationID, async ({ tx, audit }) => {
        const displayName = await deleteOrganizationActor(tx, organizationID, actorID);
        if (displayName === undefined) throw notFound('actor');
        await audit({
          action: 'delete organization actor',
          itemType: 'organization_actor',
          itemID: actorID,
          detail: { displayName },
        });
      });
      return { deleted: true };
    },
  );
}
