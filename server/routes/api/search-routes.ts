/*
 * Event search across the incidents an analyst may read, and the spec's "recreate all search
 * collections" (POST /api/events/search, administrators), which rebuilds every event's search data.
 */
import { SearchAnswerSchema, SearchQuerySchema, SearchRebuildAnswerSchema } from '../../../domain/search.ts';
import type { AppContext } from '../../app-context.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident, requireOrganization } from '../../repositories/access-repository.ts';
import { rebuildSearch, searchEvents } from '../../repositories/search-repository.ts';
import { searchPreparation } from '../../repositories/search-backlog-repository.ts';
import { auditedWrite } from '../audited-write.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404);

export function searchRoutes(routes: ApiRoutes, context: AppContext): void {
  const { db } = context;

  routes.get(
    '/api/events/search',
    routeOptions('read', {
      summary:
        'Events matching q (web search syntax) in the incidents the analyst may read, best first, with highlighted snippets (« and » mark the matches) and the total',
      tags: ['search'],
      querystring: SearchQuerySchema,
      response: { 200: SearchAnswerSchema, ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const query = request.query;
      // Behind a wall or missing: 404 either way, like every other id (access-repository.ts).
      if (query.incidentID !== undefined) await requireIncident(db, analyst, query.incidentID);
      if (query.organizationID !== undefined) await requireOrganization(db, analyst, query.organizationID);
      const found = await searchEvents(db, analyst, {
        q: query.q,
        incidentId: query.incidentID,
        organizationId: query.organizationID,
        limit: query.limit,
        offset: query.offset,
      });
      const scope = { incidentId: query.incidentID, organizationId: query.organizationID };
      const preparing = await searchPreparation(db, analyst, scope);
      return { ...found, ...(preparing ? { preparing } : {}), version: context.version };
    },
  );

  routes.post(
    '/api/events/search',
    {
      config: { access: 'admin' },
      // NOTE: the call has no body, but clients often still send Content-Type: application/json, which
      // Fastify refuses when the body is empty; with nothing to parse, the header is dropped.
      onRequest: async (request) => {
        const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
        if ((length === undefined || length === '0') && chunked === undefined) delete request.headers['content-type'];
      },
      schema: {
        summary: "Recreates all search data: rebuilds every event's search vector (administrators); answers when done",
        tags: ['search'],
        response: { 200: SearchRebuildAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const started = Date.now();
      const rebuilt = await auditedWrite(db, request, async ({ tx, audit }) => {
        const count = await rebuildSearch(tx);
        await audit({
          action: 'recreate search data',
          itemType: 'event',
          itemID: null,
          detail: { rebuilt: count, durationMs: Date.now() - started },
        });
        return count;
      });
      return { rebuilt, version: context.version };
    },
  );
}
