/*
 * POST /api/incident/{id}/import: the server's authoritative import of an evidence file (formats in
 * PRODUCT.md "Getting evidence in"). The multipart body is read like an upload's (the file spooled
 * and hashed, never held whole: import-form.ts); the import itself is server/import/import-file.ts, shared with the CLI.
 */
import { withDefaultRecordingStart } from '../../../domain/import/import-settings.ts';
import { incidentSummary } from '../../repositories/incidents-repository.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_FORMATS } from '../../../domain/import/import-record.ts';
import { ImportProgressAnswerSchema } from '../../../domain/import/import-progress-view.ts';
import { safeFileName } from '../../../domain/upload-media.ts';
import type { AppContext } from '../../app-context.ts';
import { invalid, notFound } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident } from '../../repositories/access-repository.ts';
import { blobTempDir } from '../../repositories/blob-repository.ts';
import { importFile, INVALID_LIST_LIMIT } from '../../import/import-file.ts';
import { type ImportProgressBoard, PROGRESS_TOKEN_PATTERN, withImportProgress } from '../../import/import-progress.ts';
import { answer } from '../audited-write.ts';
import { IncidentParams } from '../path-params.ts';
import { apiErrors, routeOptions } from '../route-options.ts';
import { formSettings, presentField, progressToken, withImportForm } from './import-form.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 413, 415);
const IMPORT_FIELDS = ['streamName', 'timeZone', 'settings', 'progressToken'] as const;

const ImportAnswer = answer({
  import: z.object({
    streams: z.array(z.object({ id: z.number().int(), name: z.string(), eventCount: z.number().int() })),
    importedCount: z.number().int(),
    invalidCount: z.number().int(),
    invalid: z
      .array(z.object({ line: z.number().int(), reason: z.string() }))
      .describe(`the first ${INVALID_LIST_LIMIT} invalid rows`),
    invalidNotListed: z.number().int().describe('invalid rows beyond the listed ones'),
    format: z.enum(IMPORT_FORMATS),
    uploadID: z.number().int(),
  }),
});

export function importRoutes(
  app: FastifyInstance,
  context: AppContext,
  progress: ImportProgressBoard,
  takeTurn?: () => Promise<() => void>,
  /** Called once an import is shown (the search preparer wakes). */
  onShown?: () => void,
  /** Whether other users are reading (PGlite: writes grow while nobody does). */
  readersActive?: () => boolean,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = context;
  const tmpDir = blobTempDir(config);

  routes.post(
    '/api/incident/:incidentID/import',
    routeOptions('write', {
      summary: 'Imports an evidence file as new streams: all valid rows land or none, every invalid row reported',
      description:
        'multipart/form-data with the part "file" and the optional fields streamName (default: the file name; Slack: one stream per channel), ' +
        'timeZone (for times without an offset; default UTC) and settings (JSON ImportSettings as the preview confirmed them; ' +
        'absent: detected from the first 64 KiB) and progressToken (a random name, 22-64 of A-Z a-z 0-9 - _, under which ' +
        "GET /api/import/progress/{token} tells the sender how far the import has come). The file is kept whole as the new streams' system upload. " +
        `At most UPLOAD_MAX_BYTES (${config.uploadMaxBytes}) bytes.`,
      tags: ['streams'],
      consumes: ['multipart/form-data'],
      params: IncidentParams,
      response: { 201: ImportAnswer, ...errors },
    }),
    async (request, reply) => {
      const { user, analyst } = acting(request);
      // Refused before a byte of the file is read when the incident is out of reach.
      await requireIncident(db, analyst, request.params.incidentID);
      return withImportForm(
        request,
        { allowed: IMPORT_FIELDS, tmpDir, maxBytes: config.uploadMaxBytes },
        async (form) => {
          const streamName = presentField(form.fields.streamName);
          if (streamName !== undefined && streamName.length > 200)
            throw invalid('streamName', 'must be at most 200 characters');
          const fileName = safeFileName(form.rawFileName);
          // Subtitle cues count from zero: without a start given, they begin at the incident's first event.
          const first = (await incidentSummary(db, request.params.incidentID))?.firstTimestamp;
          const settings = withDefaultRecordingStart(await formSettings(form, fileName), first);
          const token = progressToken(form.fields.progressToken);
          const result = await withImportProgress(progress, token, form.file.sizeBytes, (onProgress) =>
            importFile(db, {
              incident: (tx) => requireIncident(tx, analyst, request.params.incidentID),
              file: form.file,
              fileName,
              declaredType: form.declaredType,
              streamName,
              settings,
              attribution: { userID: user.id, analystID: analyst.id },
              onProgress,
              limits: config.importLimits,
              takeTurn,
              searchInlineRows: config.searchInlineRows,
              onShown,
              readersActive,
            }),
          );
          reply.code(201);
          return { import: result };
        },
      );
    },
  );

  routes.get(
    '/api/import/progress/:token',
    {
      // The token is the permission (import-progress.ts), so no session lookup waits behind the import.
      config: { access: 'capability' },
      schema: {
        summary: 'How far an import sent with this progressToken has come: counts only, to whoever holds the token',
        tags: ['streams'],
        params: z.object({
          token: z.string().regex(PROGRESS_TOKEN_PATTERN, { error: 'must be 22 to 64 letters, digits, "-" or "_"' }),
        }),
        response: { 200: ImportProgressAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const view = await progress.view(request.params.token);
      // Unknown, or not started yet (the upload still running): the page keeps asking.
      if (!view) throw notFound('import progress');
      return { progress: view, version: context.version };
    },
  );
}
