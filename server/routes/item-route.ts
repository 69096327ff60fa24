/*
 * PUT and DELETE /api/{noun}/{nounID} of one item of an incident (an event, stream, note, link,
 * upload or collection): every such route reaches the item through the organization wall, writes in
 * one audited write and answers its id (or { deleted: true }); each noun says only what its write does.
 */
import { z } from 'zod';
import { PathIdSchema } from '../../domain/ids.ts';
import type { Db } from '../db/database.ts';
import { answer, auditedItemWrite, ITEM_TYPE, type ItemWriteScope } from './audited-write.ts';
import { type ApiRoutes, apiErrors, routeOptions } from './route-options.ts';

/** The items with a path of their own; each table is also the OpenAPI tag of its routes. */
type ItemTable = 'events' | 'streams' | 'notes' | 'links' | 'uploads' | 'collections';

const errors = apiErrors(400, 401, 403, 404, 409);

/** The item's path, /api/{noun}/:{noun}ID, and its one id parameter. */
function itemPath(table: ItemTable) {
  const noun = ITEM_TYPE[table];
  const idName = `${noun}ID`;
  return { noun, idName, path: `/api/${noun}/:${idName}`, params: z.object({ [idName]: PathIdSchema }) };
}

/** `update` runs in the item's audited write, after the wall: it changes the item and records the audit entry. */
export function updateItemRoute<B extends z.ZodType>(
  routes: ApiRoutes,
  db: Db,
  table: ItemTable,
  body: B,
  { summary, update }: { summary: string; update: (scope: ItemWriteScope, body: z.output<B>) => Promise<void> },
): void {
  const { noun, idName, path, params } = itemPath(table);
  routes.put(
    path,
    routeOptions('write', {
      summary,
      tags: [table],
      params,
      body,
      response: { 200: answer({ [noun]: z.object({ id: z.number().int() }) }), ...errors },
    }),
    async (request) => {
      // The params schema requires the id, so it is there.
      const id = request.params[idName]!;
      // The type provider cannot see through the generic schema; Fastify parsed the body with it.
      await auditedItemWrite(db, request, table, id, (scope) => update(scope, request.body as z.output<B>));
      return { [noun]: { id } };
    },
  );
}

/** `remove` runs in the item's audited write, after the wall: it deletes and records the audit entry. */
export function deleteItemRoute(
  routes: ApiRoutes,
  db: Db,
  table: ItemTable,
  { summary, remove }: { summary: string; remove: (scope: ItemWriteScope) => Promise<void> },
): void {
  const { idName, path, params } = itemPath(table);
  routes.delete(
    path,
    routeOptions('write', {
      summary,
      tags: [table],
      params,
      response: { 200: answer({ deleted: z.boolean() }), ...errors },
    }),
    async (request) => {
      await auditedItemWrite(db, request, table, request.params[idName]!, remove);
      return { deleted: true };
    },
  );
}
