/*
 * Links from an incident (or one of its events or streams) to the outside: only http and https
 * addresses are stored, since the app renders them as clickable links and embeds.
 */
import { LinkCreateSchema } from '../../../domain/annotations.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http-error.ts';
import { requireEventOf, requireStreamOf } from '../../repositories/annotation-targets-repository.ts';
import { deleteLink, insertLink } from '../../repositories/links-repository.ts';
import { createInIncidentRoute } from '../create-in-incident-route.ts';
import { deleteItemRoute } from '../item-route.ts';
import type { ApiRoutes } from '../route-options.ts';

export function linkRoutes(routes: ApiRoutes, { db }: AppContext): void {
  createInIncidentRoute(routes, db, 'link', LinkCreateSchema, {
    summary: 'Adds an http or https link to an incident, optionally to one of its events or streams',
    create: async ({ tx, analyst, incident }, body) => {
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
      return {
        id: created,
        detail: {
          incidentID: incident.id,
          eventID: body.eventID ?? null,
          streamID: body.streamID ?? null,
          url: body.url,
          urlType: body.urlType,
        },
      };
    },
  });

  deleteItemRoute(routes, db, 'links', {
    summary: 'Deletes a link',
    remove: async ({ tx, ref, auditItem }) => {
      const url = await deleteLink(tx, ref.item_id);
      if (url === undefined) throw notFound('link'); // deleted since it was found
      await auditItem('delete link', { incidentID: ref.id, url });
    },
  });
}
