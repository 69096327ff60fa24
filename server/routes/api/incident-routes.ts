/*
 * Incidents: lists, the incident payload of section 7, writes, and the events in pages or as one
 * NDJSON stream, so a million events never travel as one JSON document.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IncidentPayloadSchema } from '../../../domain/incident-payload.ts';
import { EventRowSchema } from '../../../domain/event.ts';
import {
  INCIDENT_SORT_FIELDS,
  IncidentCreateSchema,
  IncidentSummarySchema,
  IncidentUpdateSchema,
} from '../../../domain/incident.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident, requireOrganization, type IncidentRef } from '../../repositories/access-repository.ts';
import { eventPage, type EventCursor } from '../../repositories/events-repository.ts';
import { acceptsEventColumns, encodeEventColumns, sendEventColumns } from '../../wire/event-columns-encoder.ts';
import {
  deleteIncident,
  incidentSummaries,
  incidentSummary,
  insertIncident,
  updateIncident,
} from '../../repositories/incidents-repository.ts';
import { readableIncidentVersion } from '../../repositories/incident-version-repository.ts';
import { readIncidentPayload } from '../../repositories/read-incident-payload.ts';
import type { AnalystRow } from '../../repositories/analysts-repository.ts';
import { answer, auditedIncidentWrite, auditedOrganizationWrite } from '../audited-write.ts';
import { etagMatches, IncidentPayloadCache, payloadShape } from '../../incident-payload-cache.ts';
import { parseSort, SortQuerySchema, sortedList, sortedListSchema } from './list-sort.ts';
import { IncidentParams, OrganizationParams } from '../path-params.ts';
import { EventPageQuery, nextCursor, pageAfter } from './event-page-query.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
const Created = answer({ incident: z.object({ id: z.number().int() }) });

const PayloadAnswer = answer({ incident: IncidentPayloadSchema });

export function incidentRoutes(routes: ApiRoutes, context: AppContext): void {
  const { db } = context;
  const payloads = new IncidentPayloadCache();
  const incidentPayload = (ref: IncidentRef, analyst: AnalystRow) => readIncidentPayload(db, ref, analyst);

  routes.get(
    '/api/incidents',
    routeOptions('read', {
      summary: 'Incidents the analyst may read (optionally of one organization), sorted by one or more fields',
      tags: ['incidents'],
      querystring: SortQuerySchema.extend({ organizationID: z.coerce.number().int().positive().optional() }),
      response: {
        200: answer({
          incidents: sortedListSchema(INCIDENT_SORT_FIELDS, IncidentSummarySchema),
        }),
        ...errors,
      },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const sort = parseSort(request.query, INCIDENT_SORT_FIELDS, 'createTimestamp');
      if (request.query.organizationID !== undefined)
        await requireOrganization(db, analyst, request.query.organizationID);
      const items = await incidentSummaries(db, analyst, request.query.organizationID);
      const incidents = sortedList(items, sort, (item, field) => {
        switch (field) {
          case 'name':
            return item.name;
          case 'createTimestamp':
            return item.createTimestamp;
          case 'firstTimestamp':
            return item.firstTimestamp;
          case 'lastTimestamp':
            return item.lastTimestamp;
          case 'humanActorCount':
            return item.counts.humanActorCount;
          default:
            return item.counts[field];
        }
      });
      return { incidents };
    },
  );

  /** Both create routes: the incident made in an organization the analyst is a member of, answered 201 with its id. */
  const create = async (
    request: FastifyRequest,
    reply: FastifyReply,
    organizationId: number,
    body: { name: string; description: string },
  ) => {
    const id = await auditedOrganizationWrite(db, request, organizationId, async ({ tx, analyst, audit }) => {
      const id = await insertIncident(tx, { organizationId, ...body, analystId: analyst.id });
      await audit({
        action: 'create incident',
        itemType: 'incident',
        itemID: id,
        detail: { organizationID: organizationId, name: body.name },
      });
      return id;
    });
    reply.code(201);
    return { incident: { id } };
  };

  routes.post(
    '/api/incident',
    routeOptions('write', {
      summary: 'Creates an incident in an organization',
      tags: ['incidents'],
      body: IncidentCreateSchema,
      response: { 201: Created, ...errors },
    }),
    async (request, reply) => create(request, reply, request.body.organizationID, request.body),
  );

  routes.post(
    '/api/organization/:organizationID/incident',
    routeOptions('write', {
      summary: 'Creates an incident in this organization',
      tags: ['incidents'],
      params: OrganizationParams,
      body: IncidentCreateSchema.omit({ organizationID: true }),
      response: { 201: Created, ...errors },
    }),
    async (request, reply) => create(request, reply, request.params.organizationID, request.body),
  );

  routes.get(
    '/api/incident/:incidentID',
    routeOptions('read', {
      summary: 'An incident with its counts and payload; events are included up to 10,000 (page them beyond)',
      tags: ['incidents'],
      params: IncidentParams,
      response: { 200: PayloadAnswer, ...errors },
    }),
    async (request, reply) => {
      const { analyst } = acting(request);
      // Read before the payload, so a change made meanwhile leaves an older version on a newer
      // payload (one needless miss later), never a newer version on an older payload.
      const { ref, version } = await readableIncidentVersion(db, analyst, request.params.incidentID);
      const shape = payloadShape(analyst);
      const etag = `"${createHash('sha256').update(`${context.version}\n${version}\n${shape}`).digest('base64url').slice(0, 27)}"`;
      // private: the answer depends on the cookie; no-cache: asked again each time, with If-None-Match.
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie, X-Churchkey-Analyst');
      // Typed replies want a body; a 304 has none (a serialised `null` would announce 4 bytes never sent).
      const untyped: FastifyReply = reply;
      if (etagMatches(request.headers['if-none-match'], etag)) return untyped.code(304).send();
      const key = `${ref.id}\n${version}\n${shape}`;
      let body = payloads.get(key);
      if (body === undefined) {
        body = JSON.stringify(
          PayloadAnswer.encode({ incident: await incidentPayload(ref, analyst), version: context.version }),
        );
        payloads.set(key, body);
      }
      // Already serialised through the schema: Fastify sends a string as it is.
      return untyped.type('application/json; charset=utf-8').send(body);
    },
  );

  routes.put(
    '/api/incident/:incidentID',
    routeOptions('write', {
      summary: 'Renames an incident or changes its description',
      tags: ['incidents'],
      params: IncidentParams,
      body: IncidentUpdateSchema,
      response: { 200: Created, ...errors },
    }),
    async (request) => {
      const { incidentID } = request.params;
      await auditedIncidentWrite(db, request, incidentID, async ({ tx, audit }) => {
        await updateIncident(tx, incidentID, request.body);
        await audit({ action: 'update incident', itemType: 'incident', itemID: incidentID, detail: request.body });
      });
      return { incident: { id: incidentID } };
    },
  );

  routes.delete(
    '/api/incident/:incidentID',
    routeOptions('admin', {
      summary: 'Deletes an incident and everything in it (administrators)',
      tags: ['incidents'],
      params: IncidentParams,
      response: { 200: answer({ deleted: z.boolean() }), ...errors },
    }),
    async (request) => {
      const { incidentID } = request.params;
      await auditedIncidentWrite(db, request, incidentID, async ({ tx, audit, incident: ref }) => {
        await deleteIncident(tx, incidentID);
        await audit({
          action: 'delete incident',
          itemType: 'incident',
          itemID: incidentID,
          detail: { name: ref.name },
        });
      });
      return { deleted: true };
    },
  );

  routes.get(
    '/api/incident/:incidentID/events',
    routeOptions('read', {
      summary: 'A page of events in time order; pass nextCursor as `after` for the next; optional time window',
      tags: ['events'],
      params: IncidentParams,
      querystring: EventPageQuery,
      response: {
        200: z.object({ events: z.array(EventRowSchema), nextCursor: z.string().nullable(), version: z.string() }),
        ...errors,
      },
    }),
    async (request, reply) => {
      const { analyst } = acting(request);
      await requireIncident(db, analyst, request.params.incidentID);
      const events = await eventPage(db, request.params.incidentID, pageAfter(request.query));
      const page = {
        events,
        nextCursor: nextCursor(events, request.query.limit),
        version: context.version,
      };
      // The mirror asks for columns (server/wire); every other client gets JSON.
      reply.header('vary', 'accept');
      if (acceptsEventColumns(request.headers.accept))
        return sendEventColumns(
          reply,
          encodeEventColumns(events, { nextCursor: page.nextCursor, version: page.version }),
        );
      return page;
    },
  );

  routes.get(
    '/api/incident/:incidentID/events.ndjson',
    routeOptions('read', {
      summary:
        'Every event as newline-delimited JSON, streamed in time order: a header line {version, eventCount}, then one event per line',
      tags: ['events'],
      params: IncidentParams,
      querystring: EventPageQuery.pick({ minTimestamp: true, maxTimestamp: true }),
    }),
    async (request, reply) => {
      const { analyst } = acting(request);
      const incidentId = request.params.incidentID;
      await requireIncident(db, analyst, incidentId);
      const summary = await incidentSummary(db, incidentId);
      if (!summary) throw notFound('incident');
      const window = request.query;
      async function* lines() {
        yield `${JSON.stringify({ version: context.version, eventCount: summary!.counts.events })}\n`;
        let after: EventCursor | undefined;
        for (;;) {
          const page = await eventPage(db, incidentId, { after, limit: 20_000, ...window });
          if (page.length === 0) return;
          yield page.map((event) => JSON.stringify(event)).join('\n') + '\n';
          const last = page[page.length - 1]!;
          after = { startMicros: last.startTimestamp, id: last.id };
          if (page.length < 20_000) return;
        }
      }
      return reply.type('application/x-ndjson; charset=utf-8').send(Readable.from(lines()));
    },
  );
}
