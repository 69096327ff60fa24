/*
 * The organization's pictures (timeline, swimlane, actor charts, map) across all its incidents:
 * GET /api/organization/{id}/event-sources and GET /api/organization/{id}/events (keyset pages).
 * Read access, behind the organization wall like the organization itself (404 outside it).
 */
import { z } from 'zod';
import { OrganizationEventPageSchema, OrganizationEventSourcesSchema } from '../../../domain/organization-events.ts';
import type { AppContext } from '../../app-context.ts';
import { invalid } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireOrganization } from '../../repositories/access-repository.ts';
import { decodeCursor, encodeCursor } from '../../repositories/events-repository.ts';
import { organizationEventPage, organizationEventSources } from '../../repositories/organization-events-repository.ts';
import { OrganizationParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404);
const EventsQuery = z.object({
  after: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(50_000).default(10_000),
  minTimestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  maxTimestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export function organizationEventRoutes(routes: ApiRoutes, context: AppContext): void {
  const { db } = context;

  routes.get(
    '/api/organization/:organizationID/event-sources',
    routeOptions('read', {
      summary:
        "The streams, actors (with their organization actors) and maps of all the organization's incidents, and their event count",
      tags: ['organizations'],
      params: OrganizationParams,
      response: { 200: OrganizationEventSourcesSchema, ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      await requireOrganization(db, analyst, request.params.organizationID);
      return { ...(await organizationEventSources(db, request.params.organizationID)), version: context.version };
    },
  );

  routes.get(
    '/api/organization/:organizationID/events',
    routeOptions('read', {
      summary:
        "A page of the events of all the organization's incidents in time order; pass nextCursor as `after` for the next; optional time window",
      tags: ['organizations', 'events'],
      params: OrganizationParams,
      querystring: EventsQuery,
      response: { 200: OrganizationEventPageSchema, ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      await requireOrganization(db, analyst, request.params.organizationID);
      const after = request.query.after === undefined ? undefined : decodeCursor(request.query.after);
      if (request.query.after !== undefined && !after) throw invalid('after', 'must be a cursor from nextCursor');
      const events = await organizationEventPage(db, request.params.organizationID, { ...request.query, after });
      const last = events[events.length - 1];
      return {
        events,
        nextCursor: events.length === request.query.limit && last ? encodeCursor(last) : null,
        version: context.version,
      };
    },
  );
}
