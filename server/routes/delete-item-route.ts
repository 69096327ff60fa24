/*
 * DELETE /api/{noun}/{nounID} of one item of an incident (an event, stream, note, link, upload or
 * collection): every such route reaches the item through the organization wall, deletes it in one
 * audited write and answers { deleted: true }; each noun says only what its delete does.
 */
import { z } from 'zod';
import { PathIdSchema } from '../../domain/ids.ts';
import type { Db } from '../db/database.ts';
import { answer, auditedItemWrite, ITEM_TYPE, type ItemWriteScope } from './audited-write.ts';
import { type ApiRoutes, apiErrors, routeOptions } from './route-options.ts';

/** The items with a path of their own; each table is also the OpenAPI tag of its routes. */
type ItemTable = 'events' | 'streams' | 'notes' | 'links' | 'uploads' | 'collections';

/** `remove` runs in the item's audited write, after the wall: it deletes and records the audit entry. */
export function deleteItemRoute(
  routes: ApiRoutes,
  db: Db,
  table: ItemTable,
  summary: string,
  remove: (scope: ItemWriteScope) => Promise<void>,
): void {
  const idName = `${ITEM_TYPE[table]}ID`;
  routes.delete(
    `/api/${ITEM_TYPE[table]}/:${idName}`,
    routeOptions('write', {
      summary,
      tags: [table],
      params: z.object({ [idName]: PathIdSchema }),
      response: { 200: answer({ deleted: z.boolean() }), ...apiErrors(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      // The params schema requires the id, so it is there.
      await auditedItemWrite(db, request, table, request.params[idName]!, remove);
      return { deleted: true };
    },
  );
}
