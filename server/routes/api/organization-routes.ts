/*
 * Organizations: the list, one with its incidents, actors, incident tags and members, and the
 * writes. Creating one makes the creator a member; administrators manage memberships.
 */
import { z } from 'zod';
import { PathIdSchema } from '../../../domain/ids.ts';
import { OrganizationDetailSchema } from '../../../domain/organization-payload.ts';
import {
  ORGANIZATION_SORT_FIELDS,
  OrganizationCreateSchema,
  OrganizationSummarySchema,
  OrganizationUpdateSchema,
} from '../../../domain/organization.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireOrganization } from '../../repositories/access-repository.ts';
import { findAnalyst } from '../../repositories/analysts-repository.ts';
import { incidentSummaries } from '../../repositories/incidents-repository.ts';
import {
  addMember,
  deleteOrganization,
  insertOrganization,
  organizationActors,
  organizationIncidentTags,
  organizationMembers,
  organizationRow,
  organizationsOf,
  removeMember,
  updateOrganization,
} from '../../repositories/organizations-repository.ts';
import { answer, auditedOrganizationWrite, auditedWrite } from '../audited-write.ts';
import { parseSort, SortQuerySchema, sortedList, sortedListSchema } from './list-sort.ts';
import { OrganizationParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

export function organizationRoutes(routes: ApiRoutes, { db }: AppContext): void {
  routes.get(
    '/api/organizations',
    routeOptions('read', {
      summary: 'The organizations the analyst is a member of (administrators: all), sorted',
      tags: ['organizations'],
      querystring: SortQuerySchema,
      response: {
        200: answer({
          organizations: sortedListSchema(ORGANIZATION_SORT_FIELDS, OrganizationSummarySchema),
        }),
        ...errors,
      },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const sort = parseSort(request.query, ORGANIZATION_SORT_FIELDS, 'name');
      const rows = await organizationsOf(db, analyst);
      const items = rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        incidentCount: row.incident_count,
        createTimestamp: row.created_micros,
      }));
      const organizations = sortedList(items, sort, (item, field) =>
        field === 'name' ? item.name : field === 'incidentCount' ? item.incidentCount : item.createTimestamp,
      );
      return { organizations };
    },
  );

  routes.post(
    '/api/organization',
    routeOptions('write', {
      summary: 'Creates an organization; its creator becomes a member',
      tags: ['organizations'],
      body: OrganizationCreateSchema,
      response: { 201: answer({ organization: z.object({ id: z.number().int() }) }), ...errors },
    }),
    async (request, reply) => {
      const id = await auditedWrite(db, request, async ({ tx, analyst, audit }) => {
        const created = await insertOrganization(tx, request.body, analyst.id);
        await audit({
          action: 'create organization',
          itemType: 'organization',
          itemID: created,
          detail: { name: request.body.name },
        });
        return created;
      });
      reply.code(201);
      return { organization: { id } };
    },
  );

  routes.get(
    '/api/organization/:organizationID',
    routeOptions('read', {
      summary: 'An organization with its incidents, actors, incident tags (with counts) and members',
      tags: ['organizations'],
      params: OrganizationParams,
      response: {
        200: answer({ organization: OrganizationDetailSchema }),
        ...errors,
      },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const { organizationID } = request.params;
      await requireOrganization(db, analyst, organizationID);
      const organization = await organizationRow(db, organizationID);
      const incidentTags = await organizationIncidentTags(db, organizationID);
      const actors = await organizationActors(db, organizationID);
      const members = await organizationMembers(db, organizationID);
      return {
        organization: {
          id: organization!.id,
          name: organization!.name,
          description: organization!.description,
          createTimestamp: organization!.created_micros,
          incidentTags: incidentTags.map((tag) => ({
            name: tag.name,
            count: tag.count,
            color: tag.color ?? '',
            isLabel: tag.is_label ?? false,
          })),
          incidents: await incidentSummaries(db, analyst, organizationID),
          actors: actors.map((actor) => ({
            id: actor.id,
            organizationID,
            displayName: actor.display_name,
            startDate: actor.start_date,
            description: actor.description,
            isBot: actor.is_bot,
            incidentCount: actor.incident_count,
          })),
          members: members.map((member) => ({ analystID: member.analyst_id, name: member.name })),
        },
      };
    },
  );

  routes.put(
    '/api/organization/:organizationID',
    routeOptions('write', {
      summary: 'Renames an organization or changes its description',
      tags: ['organizations'],
      params: OrganizationParams,
      body: OrganizationUpdateSchema,
      response: { 200: answer({ organization: z.object({ id: z.number().int() }) }), ...errors },
    }),
    async (request) => {
      const { organizationID } = request.params;
      await auditedOrganizationWrite(db, request, organizationID, async ({ tx, audit }) => {
        await updateOrganization(tx, organizationID, request.body);
        await audit({
          action: 'update organization',
          itemType: 'organization',
          itemID: organizationID,
          detail: request.body,
        });
      });
      return { organization: { id: organizationID } };
    },
  );

  routes.delete(
    '/api/organization/:organizationID',
    routeOptions('admin', {
      summary: 'Deletes an organization and everything in it (administrators)',
      tags: ['organizations'],
      params: OrganizationParams,
      response: { 200: answer({ deleted: z.boolean() }), ...errors },
    }),
    async (request) => {
      const { organizationID } = request.params;
      await auditedOrganizationWrite(db, request, organizationID, async ({ tx, audit, organization }) => {
        await deleteOrganization(tx, organizationID);
        await audit({
          action: 'delete organization',
          itemType: 'organization',
          itemID: organizationID,
          detail: { name: organization.name },
        });
      });
      return { deleted: true };
    },
  );

  const MemberParams = z.object({ organizationID: PathIdSchema, analystID: PathIdSchema });
  for (const method of ['PUT', 'DELETE'] as const) {
    routes.route({
      method,
      url: '/api/organization/:organizationID/member/:analystID',
      config: { access: 'admin' },
      schema: {
        summary:
          method === 'PUT'
            ? 'Makes an analyst a member of an organization (administrators)'
            : 'Removes an analyst from an organization (administrators)',
        tags: ['organizations'],
        params: MemberParams,
        response: { 200: answer({ member: z.boolean() }), ...errors },
      },
      handler: async (request) => {
        const { organizationID, analystID } = request.params;
        await auditedOrganizationWrite(db, request, organizationID, async ({ tx, audit }) => {
          if (!(await findAnalyst(tx, analystID))) throw notFound('analyst');
          const changed =
            method === 'PUT'
              ? await addMember(tx, organizationID, analystID)
              : await removeMember(tx, organizationID, analystID);
          if (method === 'DELETE' && !changed) throw notFound('member');
          if (changed) {
            await audit({
              action: method === 'PUT' ? 'add organization member' : 'remove organization member',
              itemType: 'organization',
              itemID: organizationID,
              detail: { analystID },
            });
          }
        });
        return { member: method === 'PUT' };
      },
    });
  }
}
