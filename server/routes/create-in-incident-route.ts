/*
 * POST /api/incident/{incidentID}/{noun}: adds one item (an event, marker, stream, note, link,
 * collection or actor) to an incident the analyst may reach, in one audited write, and answers 201
 * with its id. Each noun says only how it is written and what its audit entry records.
 */
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { answer, auditedIncidentWrite, type WriteScope } from './audited-write.ts';
import { IncidentParams } from './path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from './route-options.ts';

/** Each noun's OpenAPI tag, the key its id is answered under (a marker is an event), and its audit entry. */
const NOUNS = {
  event: { tag: 'events', answers: 'event', action: 'create event', itemType: 'event' },
  marker: { tag: 'events', answers: 'event', action: 'create marker', itemType: 'event' },
  stream: { tag: 'streams', answers: 'stream', action: 'create stream', itemType: 'stream' },
  note: { tag: 'notes', answers: 'note', action: 'create note', itemType: 'incident_note' },
  link: { tag: 'links', answers: 'link', action: 'create link', itemType: 'link' },
  collection: { tag: 'collections', answers: 'collection', action: 'create collection', itemType: 'collection' },
  actor: { tag: 'actors', answers: 'actor', action: 'create incident actor', itemType: 'incident_actor' },
} as const;

/** The new item's id and what its audit entry remembers of it (a note on an event is audited as an event_note). */
interface Created {
  id: number;
  detail: unknown;
  itemType?: string;
}

interface IncidentItemCreate<B extends z.ZodType> {
  summary: string;
  /** Runs in the incident's audited write, after the wall: writes the item. */
  create: (scope: WriteScope & { incident: IncidentRef }, body: z.output<B>) => Promise<Created>;
}

export function createInIncidentRoute<B extends z.ZodType>(
  routes: ApiRoutes,
  db: Db,
  noun: keyof typeof NOUNS,
  body: B,
  { summary, create }: IncidentItemCreate<B>,
): void {
  const { tag, answers, action, itemType } = NOUNS[noun];
  routes.post(
    `/api/incident/:incidentID/${noun}`,
    routeOptions('write', {
      summary,
      tags: [tag],
      params: IncidentParams,
      body,
      response: {
        201: answer({ [answers]: z.object({ id: z.number().int() }) }),
        ...apiErrors(400, 401, 403, 404, 409),
      },
    }),
    async (request, reply) => {
      const id = await auditedIncidentWrite(db, request, request.params.incidentID, async (scope) => {
        // The type provider cannot see through the generic schema; Fastify parsed the body with it.
        const created = await create(scope, request.body as z.output<B>);
        await scope.audit({
          action,
          itemType: created.itemType ?? itemType,
          itemID: created.id,
          detail: created.detail,
        });
        return created.id;
      });
      reply.code(201);
      return { [answers]: { id } };
    },
  );
}
