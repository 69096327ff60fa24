/*
 * Uploads: add a file to an incident (optionally to an event or stream), read its description or
 * its bytes, delete it. The bytes are served so that they can never run as a page (upload-headers.ts).
 */
import { z } from 'zod';
import { ATTACHMENT_KINDS, UPLOAD_KINDS, UploadSchema } from '../../../domain/annotations.ts';
import { ApiErrorSchema } from '../../../domain/api-error.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import { inferUploadKind, normalizeMediaType, safeFileName } from '../../../domain/upload-media.ts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { conflict, HttpError, invalid } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident, requireIncidentOf } from '../../repositories/access-repository.ts';
import { blobTempDir, deleteUpload, insertUpload, openBlobStream } from '../../repositories/blob-repository.ts';
import { writePendingBlob, type PendingBlob } from '../../repositories/pending-blob.ts';
import { uploadsOf } from '../../repositories/incident-payload-repository.ts';
import { requireEventOf, requireStreamOf } from '../../repositories/annotation-targets-repository.ts';
import { lockUpload, uploadFile } from '../../repositories/uploads-repository.ts';
import { answer, auditedIncidentWrite } from '../audited-write.ts';
import { type UploadForm, readUploadForm } from './upload-form.ts';
import {
  UPLOAD_CSP,
  byteRange,
  contentDisposition,
  isInline,
  matchesEtag,
  servedContentType,
} from './upload-headers.ts';
import { deleteItemRoute } from '../item-route.ts';
import { IncidentParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404, 409);
const UploadAnswer = answer({ upload: UploadSchema });
const UploadParams = z.object({ uploadID: PathIdSchema });

interface UploadTarget {
  kind: (typeof UPLOAD_KINDS)[number] | undefined;
  eventId: number | undefined;
  attachmentKind: (typeof ATTACHMENT_KINDS)[number] | undefined;
  streamId: number | undefined;
}

/** The form's text fields, checked; an empty field counts as absent (HTML forms send those). */
function uploadTarget(fields: UploadForm['fields']): UploadTarget {
  const present = (value: string | undefined) =>
    value === undefined || value.trim() === '' ? undefined : value.trim();
  const id = (field: 'eventID' | 'streamID') => {
    const value = present(fields[field]);
    if (value === undefined) return undefined;
    const parsed = PathIdSchema.safeParse(value);
    if (!parsed.success) throw invalid(field, 'must be a positive integer id');
    return parsed.data;
  };
  const oneOf = <T extends string>(field: 'kind' | 'attachmentKind', allowed: readonly T[]) => {
    const value = present(fields[field]);
    if (value !== undefined && !(allowed as readonly string[]).includes(value))
      throw invalid(field, `must be one of ${allowed.join(', ')}`);
    return value as T | undefined;
  };
  const target = {
    kind: oneOf('kind', UPLOAD_KINDS),
    eventId: id('eventID'),
    attachmentKind: oneOf('attachmentKind', ATTACHMENT_KINDS),
    streamId: id('streamID'),
  };
  if (target.attachmentKind !== undefined && target.eventId === undefined)
    throw invalid('attachmentKind', 'is allowed only with eventID');
  if (target.eventId !== undefined && target.attachmentKind === undefined) {
    throw invalid('attachmentKind', `is required with eventID: ${ATTACHMENT_KINDS.join(' or ')}`);
  }
  return target;
}

/** The event and stream must be of this incident, and agree with each other. */
async function checkTarget(tx: Queryable, incidentId: number, target: UploadTarget): Promise<void> {
  let eventStreamId: number | undefined;
  if (target.eventId !== undefined) eventStreamId = await requireEventOf(tx, incidentId, target.eventId);
  if (target.streamId !== undefined) {
    await requireStreamOf(tx, incidentId, target.streamId);
    if (eventStreamId !== undefined && eventStreamId !== target.streamId)
      throw invalid('streamID', 'is not the stream of that event');
  }
}

export function uploadRoutes(routes: ApiRoutes, context: AppContext): void {
  const { db, config } = context;
  const tmpDir = blobTempDir(config);

  routes.post(
    '/api/incident/:incidentID/upload',
    routeOptions('write', {
      summary: 'Uploads a file to an incident, kept whole and unchanged (stored once per content)',
      description:
        'multipart/form-data with the part "file" and the optional fields kind (audio, har, image, pdf, text, video; ' +
        'guessed from the file when absent), eventID with attachmentKind (event_message or attachment), and streamID. ' +
        `At most UPLOAD_MAX_BYTES (${config.uploadMaxBytes}) bytes; a larger file is refused with 413.`,
      tags: ['uploads'],
      consumes: ['multipart/form-data'],
      params: IncidentParams,
      response: { 201: UploadAnswer, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
    }),
    async (request, reply) => {
      const { analyst } = acting(request);
      // Refused before a byte of the file is read when the incident is out of reach.
      await requireIncident(db, analyst, request.params.incidentID);
      const form = await readUploadForm(request, tmpDir, config.uploadMaxBytes);
      let stored: PendingBlob | undefined;
      try {
        const target = uploadTarget(form.fields);
        if (form.file.sizeBytes === 0) throw invalid('file', 'is empty');
        const fileName = safeFileName(form.rawFileName);
        const mediaType = normalizeMediaType(form.declaredType, fileName);
        const kind = target.kind ?? inferUploadKind(fileName, mediaType);
        // The file's chunks first, each in a short transaction; the write below adopts them.
        const pending = (stored = await writePendingBlob(db, form.file));
        const { incidentID } = request.params;
        const upload = await auditedIncidentWrite(db, request, incidentID, async ({ tx, audit, incident }) => {
          await checkTarget(tx, incident.id, target);
          const blob = await pending.adopt(tx);
          const id = await insertUpload(tx, {
            incidentId: incident.id,
            blob,
            fileName,
            mediaType,
            kind,
            eventId: target.eventId,
            attachmentKind: target.attachmentKind,
            streamId: target.streamId,
            analystId: analyst.id,
          });
          await audit({
            action: 'create upload',
            itemType: 'upload',
            itemID: id,
            detail: {
              incidentID: incident.id,
              fileName,
              kind,
              sha256: blob.sha256,
              sizeBytes: blob.sizeBytes,
              eventID: target.eventId,
              streamID: target.streamId,
            },
          });
          return (await uploadsOf(tx, incident.id)).find((candidate) => candidate.id === id)!;
        });
        reply.code(201);
        return { upload };
      } finally {
        await stored?.discard();
        await form.file.discard();
      }
    },
  );

  routes.get(
    '/api/upload/:uploadID',
    routeOptions('read', {
      summary: 'What an upload is: name, media type, kind, size, sha256 and what it belongs to',
      tags: ['uploads'],
      params: UploadParams,
      response: { 200: UploadAnswer, ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const ref = await requireIncidentOf(db, analyst, 'uploads', request.params.uploadID, 'upload');
      const upload = (await uploadsOf(db, ref.id)).find((candidate) => candidate.id === ref.item_id)!;
      return { upload };
    },
  );

  routes.get(
    '/api/upload/:uploadID/content',
    routeOptions('read', {
      summary: 'The bytes of an upload, exactly as uploaded',
      description:
        'Served so it cannot run as a page: an allowlisted content type (else application/octet-stream), nosniff, ' +
        'a sandbox CSP, and attachment unless it is an image, audio, video or PDF. ETag is the sha256; one byte range is honoured.',
      tags: ['uploads'],
      params: UploadParams,
      // NOTE: the bytes are a stream, which Fastify sends as they are, never through a serializer.
      response: {
        200: z.unknown().describe('the file, byte for byte'),
        206: z.unknown().describe('the requested byte range of the file'),
        304: z.unknown().describe('unchanged: the ETag (its sha256) matched If-None-Match'),
        ...errors,
        416: ApiErrorSchema,
      },
    }),
    async (request, reply) => {
      const { analyst } = acting(request);
      const ref = await requireIncidentOf(db, analyst, 'uploads', request.params.uploadID, 'upload');
      const row = await uploadFile(db, ref.item_id);
      if (!row) throw new HttpError(404, 'not_found', 'upload not found');
      const etag = `"${row.sha256}"`;
      const contentType = servedContentType({ mediaType: row.media_type, kind: row.kind });
      reply.headers({
        etag,
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
        'content-security-policy': UPLOAD_CSP,
        'cross-origin-resource-policy': 'same-origin',
        'accept-ranges': 'bytes',
      });
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.header('content-type', contentType);
      reply.header(
        'content-disposition',
        contentDisposition(isInline(contentType) ? 'inline' : 'attachment', row.file_name),
      );
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === etag ? byteRange(request.headers.range, row.size_bytes) : undefined;
      if (range === 'unsatisfiable') {
        throw new HttpError(
          416,
          'invalid',
          `Range starts past the end of the file (${row.size_bytes} bytes)`,
          'Range',
          { 'content-range': `bytes */${row.size_bytes}` },
        );
      }
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${row.size_bytes}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(openBlobStream(db, row.sha256, range));
      }
      reply.header('content-length', row.size_bytes);
      return reply.send(openBlobStream(db, row.sha256));
    },
  );

  deleteItemRoute(routes, db, 'uploads', {
    summary: 'Deletes an upload; its stored content goes too when no other upload has the same content',
    remove: async ({ tx, ref, auditItem }) => {
      const row = await lockUpload(tx, ref.item_id);
      // An import keeps its source so its stream can be re-derived; once the stream is gone, it may go.
      if (row.is_system && row.stream_id !== null) {
        throw conflict(`this file is the source of stream ${row.stream_id}; delete the stream instead`);
      }
      const gone = await deleteUpload(tx, ref.item_id);
      await auditItem('delete upload', {
        incidentID: ref.id,
        fileName: row.file_name,
        sha256: gone?.sha256,
        blobRemoved: gone?.blobRemoved,
      });
    },
  });
}
