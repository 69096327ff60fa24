/* Streams: add, read one, rename or shift its clock, delete. The marker stream is the incident's own. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LinkSchema, StreamSchema, UploadSchema } from '../../../domain/annotations.ts';
import { ApiErrorSchema } from '../../../domain/api-error.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import { StreamCreateSchema, StreamUpdateSchema } from '../../../domain/incident-data.ts';
import type { AppContext } from '../../app-context.ts';
import { nowMicros } from '../../time.ts';
import { conflict, invalid } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident, requireIncidentOf } from '../../repositories/access-repository.ts';
import { recordWrite } from '../../repositories/audit-repository.ts';
import { linksOf, streamsOf, uploadsOf } from '../../repositories/incident-payload-repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const Created = z.object({ stream: z.object({ id: z.number().int() }), version: z.string() });
const StreamParams = z.object({ streamID: PathIdSchema });

export function streamRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.post(
    '/api/incident/:incidentID/stream',
    {
      config: { access: 'write' },
      schema: { summary: 'Adds an empty stream to an incident', tags: ['streams'], params: z.object({ incidentID: PathIdSchema }), body: StreamCreateSchema, response: { 201: Created, ...errors } },
    },
    async (request, reply) => {
      const { user, analyst } = acting(request);
      const id = await db.transaction(async (tx) => {
        const incident = await requireIncident(tx, analyst, request.params.incidentID);
        const rows = await tx.query<{ id: number }>('INSERT INTO streams (incident_id, name, created_micros, analyst_id) VALUES ($1, $2, $3, $4) RETURNING id', [
          incident.id,
          request.body.name,
          nowMicros(),
          analyst.id,
        ]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'create stream', itemType: 'stream', itemID: rows[0]!.id, detail: { incidentID: incident.id, name: request.body.name } });
        return rows[0]!.id;
      });
      reply.code(201);
      return { stream: { id }, version: context.version };
    },
  );

  routes.get(
    '/api/stream/:streamID',
    {
      config: { access: 'read' },
      schema: {
        summary: 'A stream with its tags, links, uploads and system uploads (the files it was imported from)',
        tags: ['streams'],
        params: StreamParams,
        response: {
          200: z.object({
            stream: StreamSchema.extend({
              links: z.array(LinkSchema),
              uploads: z.array(UploadSchema),
              systemUploads: z.array(UploadSchema),
              sourceUploadID: z.number().int().nullable().describe('the system upload the stream derives from now (a re-import changes it; older ones stay kept)'),
            }),
            version: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { analyst } = acting(request);
      const ref = await requireIncidentOf(db, analyst, 'streams', request.params.streamID, 'stream');
      const stream = (await streamsOf(db, ref.id)).find((candidate) => candidate.id === ref.item_id)!;
      const links = (await linksOf(db, ref.id)).filter((link) => link.streamID === ref.item_id);
      const uploads = (await uploadsOf(db, ref.id)).filter((upload) => upload.streamID === ref.item_id);
      const [source] = await db.query<{ source_upload_id: number | null }>('SELECT source_upload_id FROM streams WHERE id = $1', [ref.item_id]);
      return {
        stream: { ...stream, links, uploads: uploads.filter((u) => !u.isSystem), systemUploads: uploads.filter((u) => u.isSystem), sourceUploadID: source?.source_upload_id ?? null },
        version: context.version,
      };
    },
  );

  routes.put(
    '/api/stream/:streamID',
    {
      config: { access: 'write' },
      schema: {
        summary: "Renames a stream, or sets its clock offset: every event moves by the change, so the stream lines up with the others",
        tags: ['streams'],
        params: StreamParams,
        body: StreamUpdateSchema,
        response: { 200: Created, ...errors },
      },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      const body = request.body;
      await db.transaction(async (tx) => {
        const ref = await requireIncidentOf(tx, analyst, 'streams', request.params.streamID, 'stream');
        const [stream] = await tx.query<{ clock_offset_micros: number; is_marker_stream: boolean }>('SELECT clock_offset_micros, is_marker_stream FROM streams WHERE id = $1 FOR UPDATE', [ref.item_id]);
        if (body.clockOffsetMicroseconds !== undefined) {
          if (stream!.is_marker_stream) throw invalid('clockOffsetMicroseconds', 'cannot shift the marker stream');
          const delta = body.clockOffsetMicroseconds - stream!.clock_offset_micros;
          if (delta !== 0) {
            const [low] = await tx.query<{ min: number | null }>('SELECT min(start_micros) AS min FROM events WHERE stream_id = $1', [ref.item_id]);
            if (low?.min != null && low.min + delta < 0) throw invalid('clockOffsetMicroseconds', 'would move events before 1970');
            await tx.query('UPDATE events SET start_micros = start_micros + $2, end_micros = end_micros + $2 WHERE stream_id = $1', [ref.item_id, delta]);
          }
        }
        await tx.query('UPDATE streams SET name = coalesce($2, name), clock_offset_micros = coalesce($3, clock_offset_micros) WHERE id = $1', [
          ref.item_id,
          body.name ?? null,
          body.clockOffsetMicroseconds ?? null,
        ]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, {
          action: 'update stream',
          itemType: 'stream',
          itemID: ref.item_id,
          detail: { ...body, previousClockOffsetMicroseconds: stream!.clock_offset_micros },
        });
      });
      return { stream: { id: request.params.streamID }, version: context.version };
    },
  );

  routes.delete(
    '/api/stream/:streamID',
    {
      config: { access: 'write' },
      schema: { summary: 'Deletes a stream and its events (never the marker stream)', tags: ['streams'], params: StreamParams, response: { 200: z.object({ deleted: z.boolean(), version: z.string() }), ...errors } },
    },
    async (request) => {
      const { user, analyst } = acting(request);
      await db.transaction(async (tx) => {
        const ref = await requireIncidentOf(tx, analyst, 'streams', request.params.streamID, 'stream');
        const [stream] = await tx.query<{ name: string; is_marker_stream: boolean }>('SELECT name, is_marker_stream FROM streams WHERE id = $1', [ref.item_id]);
        if (stream!.is_marker_stream) throw conflict('the marker stream belongs to the incident and cannot be deleted');
        // The stream's source files go with it (their blobs are reclaimed by a trigger when unused).
        await tx.query('DELETE FROM uploads WHERE stream_id = $1 AND is_system', [ref.item_id]);
        await tx.query('DELETE FROM streams WHERE id = $1', [ref.item_id]);
        await recordWrite(tx, { userID: user.id, analystID: analyst.id }, { action: 'delete stream', itemType: 'stream', itemID: ref.item_id, detail: { incidentID: ref.id, name: stream!.name } });
      });
      return { deleted: true, version: context.version };
    },
  );
}
