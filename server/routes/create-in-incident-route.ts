/*
 * POST /api/incident/{incidentID}/{noun}: adds one item (an event, marker, stream, note, link,
 * collection or actor) to an incident the analyst may reach, in one audited write, and answers 201
 * with its id. Each noun says only how it is written and what its audit entry records.
 */
import { z } from 'zod';
import { PathIdSchema } from '../../domain/ids.ts';
import type { Db } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { answer, auditedIncidentWrite, type WriteScope } from './audited-write.ts';
import { type ApiRoutes, apiErrors, routeOptions } from './route-options.ts';

/** Each noun's OpenAPI tag, and the key its id is answered under (a marker is an event). */
const NOUNS = {
  event: { tag: 'events', answers: 'event' },
  marker: { tag: 'events', answers: 'event' },
  stream: { tag: 'streams', answers: 'stream' },
  note: { tag: 'notes', answers: 'note' },
  link: { tag: 'links', answers: 'link' },
  collection: { tag: 'collections', answers: 'collection' },
  actor: { tag: 'actors', answers: 'actor' },
} as const;

/** The data audit entry of the new item: what was created, its id, and what to remember of it. */
interface Created {
  action: string;
  itemType: string;
  itemID: number;
  detail: unknown;
}

interface IncidentItemCreate<B extends z.ZodType> {
  summary: string;
  /** Runs in the incident's audited write, after the wall: writes the item and says how to audit it. */
  create: (scope: WriteScope & { incident: IncidentRef }, body: z.output<B>) => Promise<Created>;
}

export function createInIncidentRoute<B extends z.ZodType>(
  routes: ApiRoutes,
  db: Db,
  noun: keyof typeof NOUNS,
  body: B,
  { summary, create }: IncidentItemCreate<B>,
): void {
  const { tag, answers } = NOUNS[noun];
  routes.post(
    `/api/incident/:incidentID/${noun}`,
    routeOptions('write', {
      summary,
      tags: [tag],
      params: z.object({ incidentID: PathIdSchema }),
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
        await scope.audit(created);
        return created.itemID;
      });
      reply.code(201);
      return { [answers]: { id } };
    },
  );
}
