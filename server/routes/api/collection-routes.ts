/*
 * Collections: an analyst's named sets of events of one incident, and reply threads (one per
 * event, made on first use). Reads come with the incident payload and the event.
 */
import { z } from 'zod';
import {
  CollectionCreateSchema,
  CollectionMembersSchema,
  CollectionUpdateSchema,
} from '../../../domain/annotations.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import type { AnalystRow } from '../../repositories/analysts-repository.ts';
import { conflict, invalid } from '../../http-error.ts';
import { requireEventsOf } from '../../repositories/annotation-targets-repository.ts';
import {
  addCollectionEvents,
  deleteCollection,
  ensureThread,
  insertCollection,
  lockCollection,
  removeCollectionEvents,
  renameCollection,
  type CollectionRow,
} from '../../repositories/collections-repository.ts';
import { answer, auditedItemWrite } from '../audited-write.ts';
import { createInIncidentRoute } from '../create-in-incident-route.ts';
import { deleteItemRoute, updateItemRoute } from '../item-route.ts';
import { EventParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
const Written = answer({ collection: z.object({ id: z.number().int() }) });
const MembersWritten = answer({
  collection: z.object({ id: z.number().int() }),
  /** How many of the events given changed membership (events already in, or already out, do not count). */
  changed: z.number().int(),
});
const CollectionParams = z.object({ collectionID: PathIdSchema });

export function collectionRoutes(routes: ApiRoutes, { db }: AppContext): void {
  /**
   * POST (add) and DELETE (take out) /api/collection/{collectionID}/events: the membership changes under
   * the collection's lock, and the audit row names how many changed.
   */
  const membersRoute = (
    verb: 'add' | 'remove',
    summary: string,
    change: (tx: Queryable, collection: CollectionRow, eventIDs: number[], analyst: AnalystRow) => Promise<number>,
  ) =>
    routes.route({
      method: verb === 'add' ? 'POST' : 'DELETE',
      url: '/api/collection/:collectionID/events',
      ...routeOptions('write', {
        summary,
        tags: ['collections'],
        params: CollectionParams,
        body: CollectionMembersSchema,
        response: { 200: MembersWritten, ...errors },
      }),
      handler: async (request) => {
        const { collectionID } = request.params;
        const { eventIDs } = request.body;
        const changed = await auditedItemWrite(db, request, 'collections', collectionID, async (scope) => {
          const collection = await lockCollection(scope.tx, scope.ref.item_id);
          await requireEventsOf(scope.tx, scope.ref.id, eventIDs);
          const count = await change(scope.tx, collection, eventIDs, scope.analyst);
          if (count > 0) {
            await scope.auditItem(`${verb} collection events`, {
              incidentID: scope.ref.id,
              eventIDs,
              [verb === 'add' ? 'added' : 'removed']: count,
            });
          }
          return count;
        });
        return { collection: { id: collectionID }, changed };
      },
    });

  createInIncidentRoute(routes, db, 'collection', CollectionCreateSchema, {
    summary: "Creates an analyst's collection, optionally with events of the incident",
    create: async ({ tx, analyst, incident }, { name, eventIDs }) => {
      await requireEventsOf(tx, incident.id, eventIDs);
      const created = await insertCollection(tx, { incidentId: incident.id, name, analystId: analyst.id });
      const added = await addCollectionEvents(tx, created, eventIDs, analyst.id);
      return { id: created, detail: { incidentID: incident.id, name, eventCount: added } };
    },
  });

  updateItemRoute(routes, db, 'collections', CollectionUpdateSchema, {
    summary: 'Renames a collection (a reply thread keeps its name)',
    update: async ({ tx, ref, auditItem }, { name }) => {
      if (name === undefined) throw invalid('name', 'is required');
      const collection = await lockCollection(tx, ref.item_id);
      if (collection.is_thread) throw conflict(`a reply thread keeps its name "${collection.name}"`, 'name');
      await renameCollection(tx, collection.id, name);
      await auditItem('update collection', { incidentID: ref.id, name, previousName: collection.name });
    },
  });

  deleteItemRoute(routes, db, 'collections', {
    summary: 'Deletes a collection (its events stay)',
    remove: async ({ tx, ref, auditItem }) => {
      const collection = await lockCollection(tx, ref.item_id);
      await deleteCollection(tx, collection.id);
      await auditItem('delete collection', {
        incidentID: ref.id,
        name: collection.name,
        isThread: collection.is_thread,
      });
    },
  });

  membersRoute(
    'add',
    'Adds events of the same incident to a collection (events already in it are left as they are)',
    (tx, collection, eventIDs, analyst) => addCollectionEvents(tx, collection.id, eventIDs, analyst.id),
  );

  membersRoute(
    'remove',
    'Takes events out of a collection (never the event a reply thread belongs to)',
    (tx, collection, eventIDs) => {
      if (collection.thread_event_id !== null && eventIDs.includes(collection.thread_event_id)) {
        throw invalid('eventIDs', `holds ${collection.thread_event_id}, the event this reply thread belongs to`);
      }
      return removeCollectionEvents(tx, collection.id, eventIDs);
    },
  );

  routes.post(
    '/api/event/:eventID/thread',
    routeOptions('write', {
      summary:
        'The reply thread of an event: a collection "Reply thread {eventID}" holding the event, made on the first call (201), the same one after (200)',
      tags: ['collections'],
      params: EventParams,
      response: { 200: Written, 201: Written, ...errors },
    }),
    async (request, reply) => {
      const { eventID } = request.params;
      const thread = await auditedItemWrite(db, request, 'events', eventID, async ({ tx, analyst, audit, ref }) => {
        const found = await ensureThread(tx, { incidentId: ref.id, eventId: ref.item_id, analystId: analyst.id });
        if (found.created) {
          await audit({
            action: 'create reply thread',
            itemType: 'collection',
            itemID: found.id,
            detail: { incidentID: ref.id, eventID: ref.item_id },
          });
        }
        return found;
      });
      reply.code(thread.created ? 201 : 200);
      return { collection: { id: thread.id } };
    },
  );
}
