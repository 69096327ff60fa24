/*
 * Related incidents: a relation without direction between two incidents the analyst may both
 * read (possibly of two organizations). Each side's payload lists the other.
 */
import { z } from 'zod';
import { RelatedIncidentUpdateSchema } from '../../../domain/annotations.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { invalid } from '../../http-error.ts';
import { requireIncident } from '../../repositories/access-repository.ts';
import type { AnalystRow } from '../../repositories/analysts-repository.ts';
import { relateIncidents, unrelateIncidents } from '../../repositories/related-incidents-repository.ts';
import { answer, auditedWrite } from '../audited-write.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
const PairParams = z.object({ incidentID: PathIdSchema, relatedIncidentID: PathIdSchema });
const Related = answer({
  relatedIncident: z.object({ incidentID: z.number().int(), relatedIncidentID: z.number().int() }),
});

/** Both incidents must be readable (else 404, as if they did not exist) and not one and the same. */
async function requirePair(db: Queryable, analyst: AnalystRow, incidentId: number, relatedId: number) {
  const incident = await requireIncident(db, analyst, incidentId);
  if (relatedId === incidentId) throw invalid('relatedIncidentID', 'is this incident itself');
  const related = await requireIncident(db, analyst, relatedId);
  return { incident, related };
}

export function relatedIncidentRoutes(routes: ApiRoutes, { db }: AppContext): void {
  routes.put(
    '/api/incident/:incidentID/related/:relatedIncidentID',
    routeOptions('write', {
      summary:
        'Relates two incidents, whichever way round (201), or changes the note of a relation (200); no body keeps the note',
      tags: ['incidents'],
      params: PairParams,
      body: RelatedIncidentUpdateSchema.nullish(), // NOTE: Fastify gives null for a call with no body
      response: { 200: Related, 201: Related, ...errors },
    }),
    async (request, reply) => {
      const { incidentID, relatedIncidentID } = request.params;
      const note = request.body?.note;
      const created = await auditedWrite(db, request, async ({ tx, analyst, audit }) => {
        await requirePair(tx, analyst, incidentID, relatedIncidentID);
        const isNew = await relateIncidents(tx, incidentID, relatedIncidentID, note, analyst.id);
        if (!isNew && note === undefined) return false; // related already, nothing to change
        await audit({
          action: isNew ? 'add related incident' : 'update related incident',
          itemType: 'incident',
          itemID: incidentID,
          detail: { relatedIncidentID, ...(note === undefined ? {} : { note }) },
        });
        return isNew;
      });
      reply.code(created ? 201 : 200);
      return { relatedIncident: { incidentID, relatedIncidentID } };
    },
  );

  routes.delete(
    '/api/incident/:incidentID/related/:relatedIncidentID',
    routeOptions('write', {
      summary:
        'Ends the relation of two incidents, whichever way round it was made (deleted is false when there was none)',
      tags: ['incidents'],
      params: PairParams,
      response: { 200: answer({ deleted: z.boolean() }), ...errors },
    }),
    async (request) => {
      const { incidentID, relatedIncidentID } = request.params;
      const deleted = await auditedWrite(db, request, async ({ tx, analyst, audit }) => {
        await requirePair(tx, analyst, incidentID, relatedIncidentID);
        if (!(await unrelateIncidents(tx, incidentID, relatedIncidentID))) return false;
        await audit({
          action: 'remove related incident',
          itemType: 'incident',
          itemID: incidentID,
          detail: { relatedIncidentID },
        });
        return true;
      });
      return { deleted };
    },
  );
}
