/*
 * Organizations: the list, one with its incidents, actors, incident tags and members, and the
 * writes. Creating one makes the creator a member; administrators manage memberships.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/api-error.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import { OrganizationDetailSchema } from '../../../domain/organization-payload.ts';
import {
  ORGANIZATION_SORT_FIELDS,
  OrganizationCreateSchema,
  OrganizationSummarySchema,
  OrganizationUpdateSchema,
} from '../../../domain/incident-data.ts';
import type { AppContext } from '../../app-context.ts';
import { nowMicros } from '../../time.ts';
import { invalid, notFound } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { memberClause, requireOrganization } from '../../repositories/access-repository.ts';
import { findAnalyst } from '../../repositories/analysts-repository.ts';
import { recordWrite } from '../../repositories/audit-repository.ts';
import { incidentSummaries } from '../../repositories/incidents-repository.ts';
import { parseSort, SortQuerySchema, sortedList } from './list-sort.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const OrganizationParams = z.object({ organizationID: PathIdSchema });

export function organizationRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/organizations',
    {
      config: { access: 'read' },
      schema: {
        summary: 'The organizations the analyst is a member of (administrators: all), sorted',
        tags: ['organizations'],
        querystring: SortQuerySchema,
        response: {
          200: z.object({
            organizations: z.object({
              sortField: z.array(z.enum(ORGANIZATION_SORT_FIELDS)),
              sortDirection: z.array(z.enum(['asc', 'desc'])),
              items: z.array(OrganizationSummarySchema),
              sortedItems: z.array(z.number().int()),
            }),
            version: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { analyst } = acting(request);
      const sort = parseSort(request.query, ORGANIZATION_SORT_FIELDS, 'name');
      if ('error' in sort) throw invalid(sort.error.field, sort.error.reason);
      const rows = await db.query<{ id: number; name: string; description: string; created_micros: number; incident_count: number }>(
        `SELECT o.id, o.name, o.description, o.created_micros,
                (SELECT count(*)::int FROM incidents i WHERE i.organization_id = o.id) AS incident_count
           FROM organizations o WHERE ${memberClause('o.id', '$1', analyst.permission === 'admin')} ORDER BY o.id`,
        [analyst.id],
      );
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
      return { organizations, version: context.version };
    },
  );

  routes.post(
    '/api/organization',
    {
      config: { access: 'write' },
      schema: {
        summary: 'Creates an organization; its creator becomes a member',
        tags: ['organizations'],
        body: OrganizationCreateSchema,
        response: { 201: z.object({ organization: z.object({ id: z.number().int() }), version: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { user, analyst } = acting(request);
      const id = await db.transaction(async (tx) => {
        const now = nowMicros();
        const rows = await tx.query<{ id: number }>(
          'INSERT INTO organizations (name, description, created_micros, analyst_id) VALUES ($1, $2, $3, $4) RETURNING id',
          [request.body.name, request.body.description, now, analyst.id],
        );
        const created = rows[0]!.id;
        await tx.query('INSERT INTO organization_members (organization_id, analyst_id, created_micros) VALUES ($1, $2, $3)', [
          created,
          analyst.id,
          now,
        ]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, {
          action: 'create organization',
          itemType: 'organization',
          itemID: created,
          detail: { name: request.body.name },
        });
        return created;
      });
      reply.code(201);
      return { organization: { id }, version: context.version };
    },
  );

  routes.get(
    '/api/organization/:organizationID',
    {
      config: { access: 'read' },
      schema: {
        summary: 'An organization with its incidents, actors, incident tags (with counts) and members',
        tags: ['organizations'],
        params: OrganizationParams,
        response: {
          200: z.object({
            organization: OrganizationDetailSchema,
            version: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { analyst } = acting(request);
      const { organizationID } = request.params;
      await requireOrganization(db, analyst, organizationID);
      const [organization] = await db.query<{ id: number; name: string; description: string; created_micros: number }>(
        'SELECT id, name, description, created_micros FROM organizations WHERE id = $1',
        [organizationID],
      );
      const incidentTags = await db.query<{ name: string; count: number; color: string | null; is_label: boolean | null }>(
        `SELECT t.name, count(*)::int AS count, s.color, s.is_label
           FROM incident_tags t
           LEFT JOIN tag_styles s ON s.organization_id = t.organization_id AND s.incident_id = 0 AND s.item_type = 'incident' AND s.name = t.name
          WHERE t.organization_id = $1 GROUP BY t.name, s.color, s.is_label ORDER BY t.name`,
        [organizationID],
      );
      const actors = await db.query<{ id: number; display_name: string; start_date: string; description: string; is_bot: boolean; incident_count: number }>(
        `SELECT a.id, a.display_name, a.start_date, a.description, a.is_bot,
                (SELECT count(DISTINCT ia.incident_id)::int FROM incident_actors ia WHERE ia.organization_actor_id = a.id) AS incident_count
           FROM organization_actors a WHERE a.organization_id = $1 ORDER BY lower(a.display_name), a.id`,
        [organizationID],
      );
      const members = await db.query<{ analyst_id: number; name: string }>(
        `SELECT m.analyst_id, an.name FROM organization_members m JOIN analysts an ON an.id = m.analyst_id
          WHERE m.organization_id = $1 ORDER BY lower(an.name)`,
        [organizationID],
      );
      return {
        organization: {
          id: organization!.id,
          name: organization!.name,
          description: organization!.description,
          createTimestamp: organization!.created_micros,
          incidentTags: incidentTags.map((tag) => ({ name: tag.name, count: tag.count, color: tag.color ?? '', isLabel: tag.is_label ?? false })),
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
        version: context.version,
      };
    },
  );

  routes.put(
    '/api/organization/:organizationID',
    {
      config: { access: 'write' },
      schema: {
        summary: "Renames an organization or changes its description",
        tags: ['organizations'],
        params: OrganizationParams,
        body: OrganizationUpdateSchema,
        response: { 200: z.object({ organization: z.object({ id: z.number().int() }), version: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      const { organizationID } = request.params;
      await db.transaction(async (tx) => {
        await requireOrganization(tx, analyst, organizationID);
        await tx.query(
          'UPDATE organizations SET name = coalesce($2, name), description = coalesce($3, description) WHERE id = $1',
          [organizationID, request.body.name ?? null, request.body.description ?? null],
        );
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, {
          action: 'update organization',
          itemType: 'organization',
          itemID: organizationID,
          detail: request.body,
        });
      });
      return { organization: { id: organizationID }, version: context.version };
    },
  );

  routes.delete(
    '/api/organization/:organizationID',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Deletes an organization and everything in it (administrators)',
        tags: ['organizations'],
        params: OrganizationParams,
        response: { 200: z.object({ deleted: z.boolean(), version: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      const { organizationID } = request.params;
      await db.transaction(async (tx) => {
        const organization = await requireOrganization(tx, analyst, organizationID);
        await tx.query('DELETE FROM organizations WHERE id = $1', [organizationID]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, {
          action: 'delete organization',
          itemType: 'organization',
          itemID: organizationID,
          detail: { name: organization.name },
        });
      });
      return { deleted: true, version: context.version };
    },
  );

  const MemberParams = z.object({ organizationID: PathIdSchema, analystID: PathIdSchema });
  for (const method of ['PUT', 'DELETE'] as const) {
    routes.route({
      method,
      url: '/api/organization/:organizationID/member/:analystID',
      config: { access: 'admin' },
      schema: {
        summary: method === 'PUT' ? 'Makes an analyst a member of an organization (administrators)' : 'Removes an analyst from an organization (administrators)',
        tags: ['organizations'],
        params: MemberParams,
        response: { 200: z.object({ member: z.boolean(), version: z.string() }), ...errors },
      },
      handler: async (request) => {
        const { user, analyst } = acting(request);
        const { organizationID, analystID } = request.params;
        await db.transaction(async (tx) => {
          await requireOrganization(tx, analyst, organizationID);
          if (!(await findAnalyst(tx, analystID))) throw notFound('analyst');
          const changed =
            method === 'PUT'
              ? await tx.query(
                  `INSERT INTO organization_members (organization_id, analyst_id, created_micros) VALUES ($1, $2, $3)
                   ON CONFLICT DO NOTHING RETURNING analyst_id`,
                  [organizationID, analystID, nowMicros()],
                )
              : await tx.query('DELETE FROM organization_members WHERE organization_id = $1 AND analyst_id = $2 RETURNING analyst_id', [
                  organizationID,
                  analystID,
                ]);
          if (method === 'DELETE' && changed.length === 0) throw notFound('member');
          if (changed.length > 0) {
            await recordWrite(tx, { userID: user.id, analystID: analyst.id }, {
              action: method === 'PUT' ? 'add organization member' : 'remove organization member',
              itemType: 'organization',
              itemID: organizationID,
              detail: { analystID },
            });
          }
        });
        return { member: method === 'PUT', version: context.version };
      },
    });
  }
}
