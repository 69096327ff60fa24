/*
 * Events and markers: create, read one in full (the names and annotations of section 3 and the
 * derived durations), change, delete. Markers are events of the incident's marker stream.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LinkSchema, NoteSchema, UploadSchema } from '../../../domain/annotations.ts';
import { ApiErrorSchema } from '../../../domain/api-error.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import { EventCreateSchema, eventDuration, EventUpdateSchema, MarkerCreateSchema } from '../../../domain/incident-data.ts';
import type { AppContext } from '../../app-context.ts';
import { nowMicros } from '../../time.ts';
import type { Queryable } from '../../db/database.ts';
import { invalid, notFound } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident, requireIncidentOf } from '../../repositories/access-repository.ts';
import { recordWrite } from '../../repositories/audit-repository.ts';
import { linksOf, notesOf, uploadsOf } from '../../repositories/incident-payload-repository.ts';
import { refreshEventSearch } from '../../repositories/search-repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const Created = z.object({ event: z.object({ id: z.number().int() }), version: z.string() });

export const EventDetailSchema = z.object({
  id: z.number().int(),
  eventID: z.number().int(),
  incidentID: z.number().int(),
  incidentName: z.string(),
  actorID: z.number().int(),
  incidentActorID: z.number().int(),
  actorDisplayName: z.string(),
  isMarker: z.boolean(),
  message: z.string(),
  startTimestamp: z.number().int(),
  endTimestamp: z.number().int(),
  startTimestampElapsed: z.number().int(),
  endTimestampElapsed: z.number().int(),
  durationMicroseconds: z.number().int(),
  durationMilliseconds: z.number(),
  hasDuration: z.boolean(),
  streamID: z.number().int(),
  streamName: z.string(),
  analystID: z.number().int().nullable(),
  analystName: z.string().nullable(),
  collectionIDs: z.array(z.number().int()),
  collectionNames: z.array(z.string()),
  eventTagNames: z.array(z.string()),
  incidentTagNames: z.array(z.string()),
  tags: z.array(z.string()),
  notes: z.array(NoteSchema),
  links: z.array(LinkSchema),
  uploads: z.array(UploadSchema),
  /** Uploads that are images: screenshots posted as the message or attached to it. */
  images: z.array(UploadSchema),
  /** Search snippets; filled by the search call, empty here (markers never have them). */
  snippets: z.array(z.string()),
  extra: z.record(z.string(), z.json()).nullable(),
});

async function requireActorOf(db: Queryable, incidentId: number, actorId: number) {
  if (actorId === 0) return;
  const rows = await db.query('SELECT 1 FROM incident_actors WHERE id = $1 AND incident_id = $2', [actorId, incidentId]);
  if (rows.length === 0) throw invalid('actorID', 'is not an actor of this incident');
}

export function eventRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;
  const IncidentParams = z.object({ incidentID: PathIdSchema });
  const EventParams = z.object({ eventID: PathIdSchema });

  routes.post(
    '/api/incident/:incidentID/event',
    {
      config: { access: 'write' },
      schema: { summary: 'Adds an event to a stream of the incident', tags: ['events'], params: IncidentParams, body: EventCreateSchema, response: { 201: Created, ...errors } },
    },
    async (request, reply) => {
      const { user, analyst } = acting(request);
      const body = request.body;
      const id = await db.transaction(async (tx) => {
        const incident = await requireIncident(tx, analyst, request.params.incidentID);
        const streams = await tx.query<{ is_marker_stream: boolean }>('SELECT is_marker_stream FROM streams WHERE id = $1 AND incident_id = $2', [body.streamID, incident.id]);
        if (!streams[0]) throw invalid('streamID', 'is not a stream of this incident');
        if (streams[0].is_marker_stream) throw invalid('streamID', 'is the marker stream; add markers with POST /api/incident/{incidentID}/marker');
        await requireActorOf(tx, incident.id, body.actorID);
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO events (incident_id, stream_id, actor_id, message, start_micros, end_micros, analyst_id, created_micros)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [incident.id, body.streamID, body.actorID || null, body.message, body.startTimestamp, body.endTimestamp ?? body.startTimestamp, analyst.id, nowMicros()],
        );
        const created = rows[0]!.id;
        await refreshEventSearch(tx, [created]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'create event', itemType: 'event', itemID: created, detail: { incidentID: incident.id, streamID: body.streamID } });
        return created;
      });
      reply.code(201);
      return { event: { id }, version: context.version };
    },
  );

  routes.post(
    '/api/incident/:incidentID/marker',
    {
      config: { access: 'write' },
      schema: { summary: "Adds a marker (an event of the incident's marker stream, actor 0)", tags: ['events'], params: IncidentParams, body: MarkerCreateSchema, response: { 201: Created, ...errors } },
    },
    async (request, reply) => {
      const { user, analyst } = acting(request);
      const body = request.body;
      const id = await db.transaction(async (tx) => {
        const incident = await requireIncident(tx, analyst, request.params.incidentID);
        const [stream] = await tx.query<{ id: number }>('SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream', [incident.id]);
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO events (incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, analyst_id, created_micros)
           VALUES ($1, $2, NULL, true, $3, $4, $5, $6, $7) RETURNING id`,
          [incident.id, stream!.id, body.message, body.startTimestamp, body.endTimestamp ?? body.startTimestamp, analyst.id, nowMicros()],
        );
        const created = rows[0]!.id;
        await refreshEventSearch(tx, [created]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'create marker', itemType: 'event', itemID: created, detail: { incidentID: incident.id } });
        return created;
      });
      reply.code(201);
      return { event: { id }, version: context.version };
    },
  );

  routes.get(
    '/api/event/:eventID',
    {
      config: { access: 'read' },
      schema: { summary: 'One event in full: names, elapsed times, durations and annotations', tags: ['events'], params: EventParams, response: { 200: z.object({ event: EventDetailSchema, version: z.string() }), ...errors } },
    },
    async (request) => {
      const { analyst } = acting(request);
      const ref = await requireIncidentOf(db, analyst, 'events', request.params.eventID, 'event');
      const [row] = await db.query<{
        id: number; actor_id: number | null; actor_name: string | null; is_marker: boolean; message: string; start_micros: number; end_micros: number;
        stream_id: number; stream_name: string; analyst_id: number | null; analyst_name: string | null; extra: Record<string, never> | null;
        first_micros: number; collection_ids: number[] | null; collection_names: string[] | null; tag_names: string[] | null; incident_tag_names: string[] | null;
      }>(
        `SELECT e.id, e.actor_id, a.name AS actor_name, e.is_marker, e.message, e.start_micros, e.end_micros, e.stream_id, s.name AS stream_name,
                e.analyst_id, an.name AS analyst_name, e.extra,
                (SELECT f.start_micros FROM events f WHERE f.incident_id = e.incident_id ORDER BY f.start_micros LIMIT 1) AS first_micros,
                (SELECT array_agg(c.id ORDER BY c.id) FROM collection_events ce JOIN collections c ON c.id = ce.collection_id WHERE ce.event_id = e.id) AS collection_ids,
                (SELECT array_agg(c.name ORDER BY c.id) FROM collection_events ce JOIN collections c ON c.id = ce.collection_id WHERE ce.event_id = e.id) AS collection_names,
                (SELECT array_agg(t.name ORDER BY t.name) FROM event_tags t WHERE t.event_id = e.id) AS tag_names,
                (SELECT array_agg(t.name ORDER BY t.name) FROM incident_tags t WHERE t.incident_id = e.incident_id) AS incident_tag_names
           FROM events e JOIN streams s ON s.id = e.stream_id
           LEFT JOIN incident_actors a ON a.id = e.actor_id
           LEFT JOIN analysts an ON an.id = e.analyst_id
          WHERE e.id = $1`,
        [ref.item_id],
      );
      if (!row) throw notFound('event');
      const [notes, links, uploads] = await Promise.all([notesOf(db, ref.id, row.id), linksOf(db, ref.id, row.id), uploadsOf(db, ref.id, row.id)]);
      const tagNames = row.tag_names ?? [];
      return {
        event: {
          id: row.id,
          eventID: row.id,
          incidentID: ref.id,
          incidentName: ref.name,
          actorID: row.actor_id ?? 0,
          incidentActorID: row.actor_id ?? 0,
          actorDisplayName: row.actor_name ?? '',
          isMarker: row.is_marker,
          message: row.message,
          startTimestamp: row.start_micros,
          endTimestamp: row.end_micros,
          startTimestampElapsed: row.start_micros - row.first_micros,
          endTimestampElapsed: row.end_micros - row.first_micros,
          ...eventDuration(row.start_micros, row.end_micros),
          streamID: row.stream_id,
          streamName: row.stream_name,
          analystID: row.analyst_id,
          analystName: row.analyst_name,
          collectionIDs: (row.collection_ids ?? []).map(Number),
          collectionNames: row.collection_names ?? [],
          eventTagNames: tagNames,
          incidentTagNames: row.incident_tag_names ?? [],
          tags: tagNames,
          notes,
          links,
          uploads,
          images: uploads.filter((upload) => upload.kind === 'image'),
          snippets: [],
          extra: row.extra,
        },
        version: context.version,
      };
    },
  );

  routes.put(
    '/api/event/:eventID',
    {
      config: { access: 'write' },
      schema: { summary: "Changes an event's message, actor or times", tags: ['events'], params: EventParams, body: EventUpdateSchema, response: { 200: Created, ...errors } },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      const body = request.body;
      await db.transaction(async (tx) => {
        const ref = await requireIncidentOf(tx, analyst, 'events', request.params.eventID, 'event');
        const [current] = await tx.query<{ start_micros: number; end_micros: number; is_marker: boolean }>('SELECT start_micros, end_micros, is_marker FROM events WHERE id = $1', [ref.item_id]);
        const start = body.startTimestamp ?? current!.start_micros;
        const end = body.endTimestamp ?? (body.startTimestamp !== undefined && current!.end_micros < start ? start : current!.end_micros);
        if (end < start) throw invalid('endTimestamp', 'must not be before startTimestamp');
        if (body.actorID !== undefined) {
          if (current!.is_marker && body.actorID !== 0) throw invalid('actorID', 'must be 0 for a marker');
          await requireActorOf(tx, ref.id, body.actorID);
        }
        await tx.query(
          `UPDATE events SET message = coalesce($2, message), start_micros = $3, end_micros = $4,
                  actor_id = CASE WHEN $5::bigint IS NULL THEN actor_id ELSE nullif($5::bigint, 0) END
            WHERE id = $1`,
          [ref.item_id, body.message ?? null, start, end, body.actorID ?? null],
        );
        await refreshEventSearch(tx, [ref.item_id]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'update event', itemType: 'event', itemID: ref.item_id, detail: body });
      });
      return { event: { id: request.params.eventID }, version: context.version };
    },
  );

  routes.delete(
    '/api/event/:eventID',
    {
      config: { access: 'write' },
      schema: { summary: 'Deletes an event or marker and its annotations', tags: ['events'], params: EventParams, response: { 200: z.object({ deleted: z.boolean(), version: z.string() }), ...errors } },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      await db.transaction(async (tx) => {
        const ref = await requireIncidentOf(tx, analyst, 'events', request.params.eventID, 'event');
        const [gone] = await tx.query<{ message: string }>('DELETE FROM events WHERE id = $1 RETURNING message', [ref.item_id]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'delete event', itemType: 'event', itemID: ref.item_id, detail: { incidentID: ref.id, message: gone?.message.slice(0, 200) } });
      });
      return { deleted: true, version: context.version };
    },
  );
}
