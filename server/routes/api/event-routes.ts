/*
 * Events and markers: create, read one in full (the names and annotations of section 3 and the
 * derived durations), change, delete. Markers are events of the incident's marker stream.
 */
import { z } from 'zod';
import { LinkSchema, NoteSchema, UploadSchema } from '../../../domain/annotations.ts';
import { EventCreateSchema, eventDuration, EventUpdateSchema, MarkerCreateSchema } from '../../../domain/event.ts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { invalid, notFound } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncidentOf } from '../../repositories/access-repository.ts';
import { isIncidentActor } from '../../repositories/actors-repository.ts';
import {
  deleteEvent,
  eventDetail,
  eventTimes,
  insertEvent,
  updateEvent,
} from '../../repositories/event-writes-repository.ts';
import { linksOf, notesOf, uploadsOf } from '../../repositories/incident-payload-repository.ts';
import { markerStreamId, streamState } from '../../repositories/streams-repository.ts';
import { answer } from '../audited-write.ts';
import { createInIncidentRoute } from '../create-in-incident-route.ts';
import { deleteItemRoute, updateItemRoute } from '../item-route.ts';
import { EventParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

const EventDetailSchema = z.object({
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
  if (!(await isIncidentActor(db, incidentId, actorId))) throw invalid('actorID', 'is not an actor of this incident');
}

export function eventRoutes(routes: ApiRoutes, { db }: AppContext): void {
  createInIncidentRoute(routes, db, 'event', EventCreateSchema, {
    summary: 'Adds an event to a stream of the incident',
    create: async ({ tx, analyst, incident }, body) => {
      const stream = await streamState(tx, body.streamID, { incidentId: incident.id });
      if (!stream) throw invalid('streamID', 'is not a stream of this incident');
      if (stream.is_marker_stream)
        throw invalid('streamID', 'is the marker stream; add markers with POST /api/incident/{incidentID}/marker');
      await requireActorOf(tx, incident.id, body.actorID);
      const created = await insertEvent(tx, {
        incidentId: incident.id,
        streamId: body.streamID,
        actorId: body.actorID,
        isMarker: false,
        message: body.message,
        startMicros: body.startTimestamp,
        endMicros: body.endTimestamp ?? body.startTimestamp,
        analystId: analyst.id,
      });
      return { id: created, detail: { incidentID: incident.id, streamID: body.streamID } };
    },
  });

  createInIncidentRoute(routes, db, 'marker', MarkerCreateSchema, {
    summary: "Adds a marker (an event of the incident's marker stream, actor 0)",
    create: async ({ tx, analyst, incident }, body) => {
      const created = await insertEvent(tx, {
        incidentId: incident.id,
        streamId: await markerStreamId(tx, incident.id),
        actorId: null,
        isMarker: true,
        message: body.message,
        startMicros: body.startTimestamp,
        endMicros: body.endTimestamp ?? body.startTimestamp,
        analystId: analyst.id,
      });
      return { id: created, detail: { incidentID: incident.id } };
    },
  });

  routes.get(
    '/api/event/:eventID',
    routeOptions('read', {
      summary: 'One event in full: names, elapsed times, durations and annotations',
      tags: ['events'],
      params: EventParams,
      response: { 200: answer({ event: EventDetailSchema }), ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const ref = await requireIncidentOf(db, analyst, 'events', request.params.eventID, 'event');
      const row = await eventDetail(db, ref.item_id);
      if (!row) throw notFound('event');
      const [notes, links, uploads] = await Promise.all([
        notesOf(db, ref.id, row.id),
        linksOf(db, ref.id, row.id),
        uploadsOf(db, ref.id, row.id),
      ]);
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
      };
    },
  );

  updateItemRoute(routes, db, 'events', EventUpdateSchema, {
    summary: "Changes an event's message, actor or times",
    update: async ({ tx, ref, auditItem }, body) => {
      const current = await eventTimes(tx, ref.item_id);
      const start = body.startTimestamp ?? current.start_micros;
      const end =
        body.endTimestamp ??
        (body.startTimestamp !== undefined && current.end_micros < start ? start : current.end_micros);
      if (end < start) throw invalid('endTimestamp', 'must not be before startTimestamp');
      if (body.actorID !== undefined) {
        if (current.is_marker && body.actorID !== 0) throw invalid('actorID', 'must be 0 for a marker');
        await requireActorOf(tx, ref.id, body.actorID);
      }
      await updateEvent(tx, ref.item_id, {
        message: body.message,
        startMicros: start,
        endMicros: end,
        actorId: body.actorID,
      });
      await auditItem('update event', body);
    },
  });

  deleteItemRoute(routes, db, 'events', {
    summary: 'Deletes an event or marker and its annotations',
    remove: async ({ tx, ref, auditItem }) => {
      const message = await deleteEvent(tx, ref.item_id);
      await auditItem('delete event', { incidentID: ref.id, message: message?.slice(0, 200) });
    },
  });
}
