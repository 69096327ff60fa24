/*
 * Re-importing an updated file into an existing stream (issue 5 part 6): POST /api/stream/{id}/import/check
 * answers the merge outcome and changes nothing; POST /api/stream/{id}/import replaces the stream's
 * events, carrying annotations to the matching new events, and waits (409) for a resolution when
 * annotated events would be left without a match. Semantics: domain/import/merge-outcome.ts; the
 * work: server/import/reimport-stream.ts; the body: import-form.ts, as the incident import reads it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MERGE_OUTCOMES } from '../../../domain/annotations.ts';
import { ImportError } from '../../../domain/import/import-error.ts';
import { IMPORT_FORMATS } from '../../../domain/import/import-record.ts';
import { MERGE_RESOLUTIONS, type MergeResolution } from '../../../domain/import/merge-outcome.ts';
import { safeFileName } from '../../../domain/upload-media.ts';
import type { AppContext } from '../../app-context.ts';
import { HttpError, conflict, invalid } from '../../http-error.ts';
import { INVALID_LIST_LIMIT } from '../../import/import-file.ts';
import { type ImportProgressBoard, withImportProgress } from '../../import/import-progress.ts';
import { MARKER_STREAM_REFUSAL, ReimportRefusal, type ReimportOptions } from '../../import/reimport-outcome.ts';
import { checkReimport, reimportStream } from '../../import/reimport-stream.ts';
import { refuseWhileReimporting } from '../../import/reimport-running.ts';
import { acting } from '../../plugins/auth.ts';
import type { AnalystRow } from '../../repositories/analysts-repository.ts';
import { requireIncidentOf } from '../../repositories/access-repository.ts';
import { blobTempDir } from '../../repositories/blob-repository.ts';
import { answer } from '../audited-write.ts';
import { StreamParams } from '../path-params.ts';
import { apiErrors, routeOptions } from '../route-options.ts';
import { formSettings, importRefusal, presentField, progressToken, withImportForm } from './import-form.ts';
import { firstImportedStart, streamState } from '../../repositories/streams-repository.ts';
import { incidentSummary } from '../../repositories/incidents-repository.ts';
import { withDefaultRecordingStart } from '../../../domain/import/import-settings.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 413, 415);
const CHECK_FIELDS = ['timeZone', 'settings'] as const;
const IMPORT_FIELDS = ['timeZone', 'settings', 'resolution', 'progressToken'] as const;
const InvalidRow = z.object({ line: z.number().int(), reason: z.string() });
const Outcome = z.enum(MERGE_OUTCOMES);

const CheckAnswer = answer({
  check: z.object({
    outcome: Outcome,
    currentEventCount: z.number().int().describe("the stream's events from its file, with the markers its import made"),
    newEventCount: z.number().int().describe('valid records of the new file, markers included'),
    matchedEventCount: z.number().int(),
    unmatchedAnnotatedEvents: z
      .array(
        z.object({
          eventID: z.number().int(),
          startTimestamp: z.number().int(),
          message: z.string(),
          annotations: z.array(z.string()),
        }),
      )
      .describe(
        `annotated events with no match (the first ${INVALID_LIST_LIMIT}); annotations like "tag:phishing", "collection 3", "thread", "note 12", "link 4", "upload 7"`,
      ),
    unmatchedAnnotatedEventCount: z.number().int(),
    invalidRows: z.array(InvalidRow).describe(`the first ${INVALID_LIST_LIMIT} invalid rows`),
    invalidRowCount: z.number().int(),
  }),
});

const ImportAnswer = answer({
  import: z.object({
    streams: z.array(z.object({ id: z.number().int(), name: z.string(), eventCount: z.number().int() })),
    importedCount: z.number().int(),
    invalidCount: z.number().int(),
    invalid: z.array(InvalidRow).describe(`the first ${INVALID_LIST_LIMIT} invalid rows`),
    invalidNotListed: z.number().int(),
    format: z.enum(IMPORT_FORMATS),
    uploadID: z.number().int().describe('the new system upload, which the stream now derives from'),
    outcome: Outcome,
    resolution: z
      .enum(MERGE_RESOLUTIONS)
      .nullable()
      .describe('the resolution applied (null when the outcome needed none)'),
    carriedAnnotationCount: z.number().int(),
    keptEventCount: z.number().int().describe('unmatched annotated events left in the stream (keep_unmatched)'),
    detachedEventCount: z
      .number()
      .int()
      .describe('unmatched annotated events deleted after their annotations moved to the stream (detach_unmatched)'),
  }),
});

const BODY =
  'multipart/form-data with the part "file" and the optional fields settings (JSON ImportSettings, as the incident import takes) and timeZone. ' +
  "Without a start given, a transcript whose cues count from zero starts at the incident's first event and lines with a time of day alone (chat logs, Logback) are read on the day the stream's events start";

function refusal(error: unknown): unknown {
  if (error instanceof ImportError) return importRefusal(error);
  if (error instanceof ReimportRefusal) {
    if (error.reason === 'marker_stream') return invalid('streamID', MARKER_STREAM_REFUSAL);
    if (error.reason === 'reimport_running') return conflict(error.message, 'streamID');
    return new HttpError(409, error.outcome ?? 'merge_conflict', error.message, 'resolution');
  }
  return error;
}

export function streamImportRoutes(
  app: FastifyInstance,
  context: AppContext,
  progress: ImportProgressBoard,
  /** PGlite: the re-import's short transactions take turns with reads in the server's read queue. */
  takeTurn?: () => Promise<() => void>,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = context;
  const tmpDir = blobTempDir(config);

  const streamOf =
    (analyst: AnalystRow, streamID: number): ReimportOptions['stream'] =>
    async (tx) => {
      const ref = await requireIncidentOf(tx, analyst, 'streams', streamID, 'stream');
      return { streamId: ref.item_id, incident: { id: ref.id, organization_id: ref.organization_id, name: ref.name } };
    };
  // Refused before a byte of the file is read when the stream is out of reach or the marker stream.
  const requireImportable = async (analyst: AnalystRow, streamID: number) => {
    const ref = await requireIncidentOf(db, analyst, 'streams', streamID, 'stream');
    const stream = await streamState(db, ref.item_id);
    if (stream?.is_marker_stream) throw invalid('streamID', MARKER_STREAM_REFUSAL);
    return { streamId: ref.item_id, incidentId: ref.id };
  };
  /**
   * The settings of the updated file with the defaults its first import had: a transcript counted from
   * zero starts at the incident's first event, and a log or chat whose lines have no date is read on
   * the day its stream's events start (the preview applies the same).
   */
  const reimportSettings = async (
    form: Parameters<typeof formSettings>[0],
    fileName: string,
    target: { streamId: number; incidentId: number },
  ) => {
    const settings = await formSettings(form, fileName);
    const first = (await incidentSummary(db, target.incidentId))?.firstTimestamp;
    return withDefaultRecordingStart(settings, first, (await firstImportedStart(db, target.streamId)) ?? first);
  };

  routes.post(
    '/api/stream/:streamID/import/check',
    routeOptions('write', {
      summary:
        'The merge check of a re-import: which merge outcome importing this file into the stream would have. Changes nothing',
      description: `${BODY}. At most UPLOAD_MAX_BYTES (${config.uploadMaxBytes}) bytes.`,
      tags: ['streams'],
      consumes: ['multipart/form-data'],
      params: StreamParams,
      response: { 200: CheckAnswer, ...errors },
    }),
    async (request) => {
      const { analyst } = acting(request);
      const target = await requireImportable(analyst, request.params.streamID);
      const limits = { allowed: CHECK_FIELDS, tmpDir, maxBytes: config.uploadMaxBytes };
      return withImportForm(
        request,
        limits,
        async (form) => {
          const settings = await reimportSettings(form, safeFileName(form.rawFileName), target);
          const check = await checkReimport(db, {
            stream: streamOf(analyst, request.params.streamID),
            file: form.file,
            settings,
            limits: config.importLimits,
          });
          return { check };
        },
        refusal,
      );
    },
  );

  routes.post(
    '/api/stream/:streamID/import',
    routeOptions('write', {
      summary:
        'Re-imports an updated file into the stream: its events are replaced, annotations carried to the matching new events; readers see the old events until one transaction swaps in the new',
      description:
        `${BODY}, progressToken (as for POST /api/incident/{incidentID}/import: GET /api/import/progress/{token} follows it), and resolution (keep_unmatched or detach_unmatched), required when the check's outcome is merge_conflict or ` +
        "source_markers_have_annotations: without it the answer is 409 and nothing changes. The file becomes the stream's system upload; " +
        `the stream keeps its id, name and clock offset. At most UPLOAD_MAX_BYTES (${config.uploadMaxBytes}) bytes.`,
      tags: ['streams'],
      consumes: ['multipart/form-data'],
      params: StreamParams,
      response: { 200: ImportAnswer, ...errors },
    }),
    async (request) => {
      const { user, analyst } = acting(request);
      const target = await requireImportable(analyst, request.params.streamID);
      // Before a byte of the file is read: another re-import of this stream is running.
      await refuseWhileReimporting(db, request.params.streamID).catch((error: unknown) => {
        throw refusal(error);
      });
      const limits = { allowed: IMPORT_FIELDS, tmpDir, maxBytes: config.uploadMaxBytes };
      return withImportForm(
        request,
        limits,
        async (form) => {
          const resolutionText = presentField(form.fields.resolution);
          if (resolutionText !== undefined && !(MERGE_RESOLUTIONS as readonly string[]).includes(resolutionText)) {
            throw invalid('resolution', `must be one of ${MERGE_RESOLUTIONS.join(', ')}`);
          }
          const fileName = safeFileName(form.rawFileName);
          const settings = await reimportSettings(form, fileName, target);
          const token = progressToken(form.fields.progressToken);
          const result = await withImportProgress(progress, token, form.file.sizeBytes, (onProgress) =>
            reimportStream(db, {
              stream: streamOf(analyst, request.params.streamID),
              file: form.file,
              fileName,
              declaredType: form.declaredType,
              settings,
              resolution: resolutionText as MergeResolution | undefined,
              attribution: { userID: user.id, analystID: analyst.id },
              onProgress,
              limits: config.importLimits,
              takeTurn,
            }),
          );
          return { import: result };
        },
        refusal,
      );
    },
  );
}
