/*
 * The organization's pictures (timeline, swimlane, actor charts, map) across all its incidents:
 * GET /api/organization/{id}/event-sources and GET /api/organization/{id}/events (keyset pages).
 * Read access, behind the organization wall like the organization itself (404 outside it).
 */
import { OrganizationEventPageSchema, OrganizationEventSourcesSchema } from '../../../domain/organization-events.ts';
import type { AppContext } from '../../app-context.ts';
import { acting } from '../../plugins/auth.ts';
import { requireOrganization } from '../../repositories/access-repository.ts';
import { organizationEventPage, organizationEventSources } from '../../repositories/organization-events-repository.ts';
import { OrganizationParams } from '../path-params.ts';
import { EventPageQuery, nextCursor, pageAfter } from './event-page-query.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404);

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
      querystring: EventPageQuery,
      response: { 200: OrganizationEventPageSchema, ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      await requireOrganization(db, analyst, request.params.organizationID);
      const events = await organizationEventPage(db, request.params.organizationID, pageAfter(request.query));
      return {
        events,
        nextCursor: nextCursor(events, request.query.limit),
        version: context.version,
      };
    },
  );
}
