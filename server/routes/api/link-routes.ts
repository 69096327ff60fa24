/*
 * Links from an incident (or one of its events or streams) to the outside: only http and https
 * addresses are stored, since the app renders them as clickable links and embeds.
 */
import { z } from 'zod';
import { LinkCreateSchema } from '../../../domain/annotations.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http-error.ts';
import { requireEventOf, requireStreamOf } from '../../repositories/annotation-targets-repository.ts';
import { deleteLink, insertLink } from '../../repositories/links-repository.ts';
import { answer, auditedIncidentWrite, auditedItemWrite } from '../audited-write.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

export function linkRoutes(routes: ApiRoutes, { db }: AppContext): void {
  routes.post(
    '/api/incident/:incidentID/link',
    routeOptions('write', {
      summary: 'Adds an http or https link to an incident, optionally to one of its events or streams',
      tags: ['links'],
      params: z.object({ incidentID: PathIdSchema }),
      body: LinkCreateSchema,
      response: { 201: answer({ link: z.object({ id: z.number().int() }) }), ...errors },
    }),
    async (request, reply) => {
      const body = request.body;
      const { incidentID } = request.params;
      const id = await auditedIncidentWrite(db, request, incidentID, async ({ tx, analyst, audit, incident }) => {
        if (body.eventID !== undefined) await requireEventOf(tx, incident.id, body.eventID);
        if (body.streamID !== undefined) await requireStreamOf(tx, incident.id, body.streamID);
        const created = await insertLink(tx, {
          incidentId: incident.id,
          eventId: body.eventID ?? null,
          streamId: body.streamID ?? null,
          url: body.url,
          urlType: body.urlType,
          title: body.title,
          analystId: analyst.id,
        });
        await audit({
          action: 'create link',
          itemType: 'link',
          itemID: created,
          detail: {
            incidentID: incident.id,
            eventID: body.eventID ?? null,
            streamID: body.streamID ?? null,
            url: body.url,
            urlType: body.urlType,
          },
        });
        return created;
      });
      reply.code(201);
      return { link: { id } };
    },
  );

  routes.delete(
    '/api/link/:linkID',
    routeOptions('write', {
      summary: 'Deletes a link',
      tags: ['links'],
      params: z.object({ linkID: PathIdSchema }),
      response: { 200: answer({ deleted: z.boolean() }), ...errors },
    }),
    async (request) => {
      await auditedItemWrite(db, request, 'links', request.params.linkID, async ({ tx, ref, auditItem }) => {
        const url = await deleteLink(tx, ref.item_id);
        if (url === undefined) throw notFound('link'); // deleted since it was found
        await auditItem('delete link', { incidentID: ref.id, url });
      });
      return { deleted: true };
    },
  );
}
