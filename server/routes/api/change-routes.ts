/*
 * GET /api/incident/{id}/changes?since=N: what changed in an incident since the change number a
 * device holds (issue 20, delta sync), so an open device catches up with one small request instead
 * of fetching every event again. Behind the wall like the other incident reads.
 */
import { z } from 'zod';
import { IncidentChangesSchema } from '../../../domain/incident-changes.ts';
import type { AppContext } from '../../app-context.ts';
import { invalid, notFound } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident } from '../../repositories/access-repository.ts';
import { CHANGE_PAGE_SIZE, decodeChangeCursor, incidentChanges } from '../../repositories/changes-repository.ts';
import { actorsOf, streamsOf } from '../../repositories/incident-payload-repository.ts';
import { incidentSummary } from '../../repositories/incidents-repository.ts';
import { IncidentParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';
import { answer } from '../audited-write.ts';

const errors = apiErrors(400, 401, 403, 404);

const ChangesQuery = z.object({
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  epoch: z.string().uuid().optional(),
  after: z.string().max(60).optional(),
  limit: z.coerce.number().int().min(1).max(50_000).default(CHANGE_PAGE_SIZE),
});

export function changeRoutes(routes: ApiRoutes, context: AppContext): void {
  const { db } = context;

  routes.get(
    '/api/incident/:incidentID/changes',
    routeOptions('read', {
      summary:
        "What changed in an incident since a device's change number (its eventsRevision): changed events, deleted ones, and whether to fetch the payload again",
      tags: ['events'],
      params: IncidentParams,
      querystring: ChangesQuery,
      response: { 200: answer({ changes: IncidentChangesSchema }), ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const { incidentID } = request.params;
      await requireIncident(db, analyst, incidentID);
      const { since, epoch, limit } = request.query;
      const after = request.query.after === undefined ? undefined : decodeChangeCursor(request.query.after);
      if (request.query.after !== undefined && !after) throw invalid('after', 'must be a cursor from nextCursor');
      const set = await incidentChanges(db, incidentID, { since, epoch, after, limit });
      if (!set) throw notFound('incident');
      // Event counts move with events: the first page of a change brings them, streams and actors.
      const moved = !set.full && !after && set.until > since;
      const eventsMoved = moved && (set.events.length > 0 || set.deletedEventIDs.length > 0);
      const [summary, streams, actors] = await Promise.all([
        moved ? incidentSummary(db, incidentID) : undefined,
        eventsMoved ? streamsOf(db, incidentID) : null,
        eventsMoved ? actorsOf(db, incidentID) : null,
      ]);
      return {
        changes: {
          epoch: set.head.epoch,
          seq: set.until,
          full: set.full,
          payloadChanged: set.payloadChanged,
          events: set.events,
          deletedEventIDs: set.deletedEventIDs,
          nextCursor: set.nextCursor,
          summary: summary ?? null,
          streams,
          actors,
        },
      };
    },
  );
}
