/*
 * Tags on events, streams and incidents, named in the path (URL-encoded), and the colour and label
 * flag of a tag name. Adding a tag an item carries, or removing one it does not, changes nothing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TAG_ITEM_TYPES, TagNameSchema, TagStyleSchema } from '../../../domain/annotations.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { requireIncident, requireIncidentOf } from '../../repositories/access-repository.ts';
import type { AnalystRow } from '../../repositories/analysts-repository.ts';
import { refreshEventSearch } from '../../repositories/search-repository.ts';
import {
  addTag,
  removeTag,
  setTagStyle,
  type TagItemType,
  type TagTarget,
} from '../../repositories/tags-repository.ts';
import { answer, auditedIncidentWrite, auditedWrite } from '../audited-write.ts';
import { IncidentParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
const Tagged = answer({
  tag: z.object({ itemType: z.enum(TAG_ITEM_TYPES), itemID: z.number().int(), name: z.string() }),
});
const Removed = answer({ deleted: z.boolean() });
const Styled = answer({
  tagStyle: z.object({ itemType: z.enum(TAG_ITEM_TYPES), name: z.string(), color: z.string(), isLabel: z.boolean() }),
});

const PARAMS = {
  event: z.object({ eventID: PathIdSchema, tagName: TagNameSchema }),
  stream: z.object({ streamID: PathIdSchema, tagName: TagNameSchema }),
  incident: z.object({ incidentID: PathIdSchema, tagName: TagNameSchema }),
};

async function targetOf(db: Queryable, analyst: AnalystRow, itemType: TagItemType, id: number): Promise<TagTarget> {
  if (itemType === 'incident') {
    const incident = await requireIncident(db, analyst, id);
    return { itemType, itemId: incident.id, incidentId: incident.id, organizationId: incident.organization_id };
  }
  const ref = await requireIncidentOf(db, analyst, itemType === 'event' ? 'events' : 'streams', id, itemType);
  return { itemType, itemId: ref.item_id, incidentId: ref.id, organizationId: ref.organization_id };
}

export function tagRoutes(routes: ApiRoutes, { db }: AppContext): void {
  const detailOf = (target: TagTarget, name: string) =>
    target.itemType === 'incident'
      ? { name, organizationID: target.organizationId }
      : { name, incidentID: target.incidentId };

  async function add(request: FastifyRequest, reply: FastifyReply, itemType: TagItemType, id: number, name: string) {
    const created = await auditedWrite(db, request, async ({ tx, analyst, audit }) => {
      const target = await targetOf(tx, analyst, itemType, id);
      if (!(await addTag(tx, target, name, analyst.id))) return false;
      if (itemType === 'event') await refreshEventSearch(tx, [target.itemId]);
      await audit({ action: `add ${itemType} tag`, itemType, itemID: target.itemId, detail: detailOf(target, name) });
      return true;
    });
    reply.code(created ? 201 : 200);
    return { tag: { itemType, itemID: id, name } };
  }

  async function remove(request: FastifyRequest, itemType: TagItemType, id: number, name: string) {
    const deleted = await auditedWrite(db, request, async ({ tx, analyst, audit }) => {
      const target = await targetOf(tx, analyst, itemType, id);
      if (!(await removeTag(tx, target, name))) return false;
      if (itemType === 'event') await refreshEventSearch(tx, [target.itemId]);
      await audit({
        action: `remove ${itemType} tag`,
        itemType,
        itemID: target.itemId,
        detail: detailOf(target, name),
      });
      return true;
    });
    return { deleted };
  }

  const putSchema = (itemType: TagItemType) => ({
    summary: `Tags ${itemType === 'incident' ? 'an incident' : `a ${itemType}`} (201; 200 when it carries the tag already)`,
    tags: ['tags'],
    params: PARAMS[itemType],
    response: { 200: Tagged, 201: Tagged, ...errors },
  });
  const deleteSchema = (itemType: TagItemType) => ({
    summary: `Removes a tag from ${itemType === 'incident' ? 'an incident' : `a ${itemType}`} (deleted is false when it did not carry it)`,
    tags: ['tags'],
    params: PARAMS[itemType],
    response: { 200: Removed, ...errors },
  });
  const write = { access: 'write' } as const;

  // The three item types differ only in the path's id name (":eventID", ":streamID", ":incidentID").
  for (const itemType of ['event', 'stream', 'incident'] as const) {
    const path = `/api/${itemType}/:${itemType}ID/tag/:tagName`;
    const idOf = (params: Record<string, unknown>) => Number(params[`${itemType}ID`]);
    routes.put(path, { config: write, schema: putSchema(itemType) }, (request, reply) =>
      add(request, reply, itemType, idOf(request.params), request.params.tagName),
    );
    routes.delete(path, { config: write, schema: deleteSchema(itemType) }, (request) =>
      remove(request, itemType, idOf(request.params), request.params.tagName),
    );
  }

  routes.put(
    '/api/incident/:incidentID/tag-style',
    {
      config: write,
      schema: {
        summary:
          "Sets a tag name's colour and label flag (what is left out is kept); incident tags are styled for the whole organization",
        tags: ['tags'],
        params: IncidentParams,
        body: TagStyleSchema,
        response: { 200: Styled, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const { incidentID } = request.params;
      const tagStyle = await auditedIncidentWrite(db, request, incidentID, async ({ tx, analyst, audit, incident }) => {
        const style = await setTagStyle(
          tx,
          { organizationId: incident.organization_id, incidentId: incident.id },
          body,
          analyst.id,
        );
        const organizationWide = body.itemType === 'incident';
        await audit({
          action: 'set tag style',
          itemType: organizationWide ? 'organization' : 'incident',
          itemID: organizationWide ? incident.organization_id : incident.id,
          detail: { ...body, incidentID: incident.id },
        });
        return style;
      });
      return { tagStyle };
    },
  );
}
