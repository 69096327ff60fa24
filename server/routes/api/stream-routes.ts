/* Streams: add, read one, rename or shift its clock, delete. The marker stream is the incident's own. */
import { z } from 'zod';
import { LinkSchema, StreamSchema, UploadSchema } from '../../../domain/annotations.ts';
import { StreamCreateSchema, StreamUpdateSchema } from '../../../domain/stream.ts';
import type { AppContext } from '../../app-context.ts';
import { conflict, invalid } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncidentOf } from '../../repositories/access-repository.ts';
import { linksOf, streamsOf, uploadsOf } from '../../repositories/incident-payload-repository.ts';
import {
  deleteStream,
  earliestStart,
  insertStream,
  shiftStreamEvents,
  streamState,
  updateStream,
} from '../../repositories/streams-repository.ts';
import { answer } from '../audited-write.ts';
import { createInIncidentRoute } from '../create-in-incident-route.ts';
import { deleteItemRoute, updateItemRoute } from '../item-route.ts';
import { StreamParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

export function streamRoutes(routes: ApiRoutes, { db }: AppContext): void {
  createInIncidentRoute(routes, db, 'stream', StreamCreateSchema, {
    summary: 'Adds an empty stream to an incident',
    create: async ({ tx, analyst, incident }, body) => {
      const created = await insertStream(tx, incident.id, body.name, analyst.id);
      return { id: created, detail: { incidentID: incident.id, name: body.name } };
    },
  });

  routes.get(
    '/api/stream/:streamID',
    routeOptions('read', {
      summary: 'A stream with its tags, links, uploads and system uploads (the files it was imported from)',
      tags: ['streams'],
      params: StreamParams,
      response: {
        200: answer({
          stream: StreamSchema.extend({
            links: z.array(LinkSchema),
            uploads: z.array(UploadSchema),
            systemUploads: z.array(UploadSchema),
            sourceUploadID: z
              .number()
              .int()
              .nullable()
              .describe('the system upload the stream derives from now (a re-import changes it; older ones stay kept)'),
          }),
        }),
        ...errors,
      },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const ref = await requireIncidentOf(db, analyst, 'streams', request.params.streamID, 'stream');
      const stream = (await streamsOf(db, ref.id)).find((candidate) => candidate.id === ref.item_id)!;
      const links = (await linksOf(db, ref.id)).filter((link) => link.streamID === ref.item_id);
      const uploads = (await uploadsOf(db, ref.id)).filter((upload) => upload.streamID === ref.item_id);
      const source = await streamState(db, ref.item_id);
      return {
        stream: {
          ...stream,
          links,
          uploads: uploads.filter((u) => !u.isSystem),
          systemUploads: uploads.filter((u) => u.isSystem),
          sourceUploadID: source?.source_upload_id ?? null,
        },
      };
    },
  );

  updateItemRoute(routes, db, 'streams', StreamUpdateSchema, {
    summary:
      'Renames a stream, or sets its clock offset: every event moves by the change, so the stream lines up with the others',
    update: async ({ tx, ref, auditItem }, body) => {
      const stream = await streamState(tx, ref.item_id, { lock: true });
      if (body.clockOffsetMicroseconds !== undefined) {
        if (stream!.is_marker_stream) throw invalid('clockOffsetMicroseconds', 'cannot shift the marker stream');
        const delta = body.clockOffsetMicroseconds - stream!.clock_offset_micros;
        if (delta !== 0) {
          const low = await earliestStart(tx, ref.item_id);
          if (low !== null && low + delta < 0)
            throw invalid('clockOffsetMicroseconds', 'would move events before 1970');
          await shiftStreamEvents(tx, ref.item_id, delta);
        }
      }
      await updateStream(tx, ref.item_id, { name: body.name, clockOffsetMicros: body.clockOffsetMicroseconds });
      await auditItem('update stream', { ...body, previousClockOffsetMicroseconds: stream!.clock_offset_micros });
    },
  });

  deleteItemRoute(routes, db, 'streams', {
    summary: 'Deletes a stream and its events (never the marker stream)',
    remove: async ({ tx, ref, auditItem }) => {
      const stream = await streamState(tx, ref.item_id);
      if (stream!.is_marker_stream) throw conflict('the marker stream belongs to the incident and cannot be deleted');
      await deleteStream(tx, ref.item_id);
      await auditItem('delete stream', { incidentID: ref.id, name: stream!.name });
    },
  });
}
