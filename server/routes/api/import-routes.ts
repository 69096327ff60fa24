/*
 * POST /api/incident/{id}/import: the server's authoritative import of an evidence file (formats in
 * PRODUCT.md "Getting evidence in"). The multipart body is read like an upload's (the file spooled
 * and hashed, never held whole); the import itself is server/import/import-file.ts, shared with the CLI.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/api-error.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import { IMPORT_FORMATS } from '../../../domain/import/import-record.ts';
import { ImportError } from '../../../domain/import/import-error.ts';
import { isKnownTimeZone } from '../../../domain/time/time-zone-table.ts';
import { safeFileName } from '../../../domain/upload-media.ts';
import type { AppContext } from '../../app-context.ts';
import { HttpError, invalid } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { requireIncident } from '../../repositories/access-repository.ts';
import { blobTempDir, spoolBlob, type SpooledBlob } from '../../repositories/blob-repository.ts';
import { detectSettings, importFile, INVALID_LIST_LIMIT } from '../../import/import-file.ts';
import { parseImportSettings } from '../../import/import-settings-schema.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema };
const IMPORT_FIELDS = ['streamName', 'timeZone', 'settings'] as const;
type ImportField = (typeof IMPORT_FIELDS)[number];
/** Settings carry a mapping and maybe column names: more than the 1 KiB other form fields get. */
const FIELD_BYTES = 64 * 1024;

const ImportAnswer = z.object({
  import: z.object({
    streams: z.array(z.object({ id: z.number().int(), name: z.string(), eventCount: z.number().int() })),
    importedCount: z.number().int(),
    invalidCount: z.number().int(),
    invalid: z.array(z.object({ line: z.number().int(), reason: z.string() })).describe(`the first ${INVALID_LIST_LIMIT} invalid rows`),
    invalidNotListed: z.number().int().describe('invalid rows beyond the listed ones'),
    format: z.enum(IMPORT_FORMATS),
    uploadID: z.number().int(),
  }),
  version: z.string(),
});

interface ImportForm {
  file: SpooledBlob;
  rawFileName: string;
  declaredType: string;
  fields: Partial<Record<ImportField, string>>;
}

/** What @fastify/multipart throws, in our words; the temporary file is gone by then. */
function refusal(error: unknown, maxBytes: number): unknown {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'too_large', `file is larger than ${maxBytes} bytes, the most one upload may carry`, 'file');
    case 'FST_FILES_LIMIT':
      return invalid('file', 'may be sent once: one file per import');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'too_large', 'body has more parts than this call accepts', 'body');
    default:
      if (error instanceof Error && !(error instanceof HttpError) && (error as { statusCode?: unknown }).statusCode === undefined && (error as { syscall?: unknown }).syscall === undefined) {
        return invalid('body', `is not a complete multipart/form-data body (${error.message.slice(0, 100)})`);
      }
      return error;
  }
}

async function readImportForm(request: FastifyRequest, tmpDir: string, maxBytes: number): Promise<ImportForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'send the file as multipart/form-data, in a part named "file"', 'body');
  let file: SpooledBlob | undefined;
  let rawFileName = '';
  let declaredType = '';
  const fields: ImportForm['fields'] = {};
  try {
    for await (const part of request.parts({ limits: { fieldSize: FIELD_BYTES } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalid(part.fieldname.slice(0, 100), 'is not a field of this call (the file goes in "file")');
        }
        file = await spoolBlob(part.file, tmpDir);
        if (part.file.truncated) throw refusal({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxBytes);
        rawFileName = part.filename;
        declaredType = part.mimetype;
        continue;
      }
      if (!(IMPORT_FIELDS as readonly string[]).includes(part.fieldname)) throw invalid(part.fieldname.slice(0, 100), 'is not a field of this call');
      const field = part.fieldname as ImportField;
      if (fields[field] !== undefined) throw invalid(field, 'is given more than once');
      if (part.valueTruncated || typeof part.value !== 'string') throw invalid(field, 'is too long');
      fields[field] = part.value;
    }
  } catch (error) {
    await file?.discard();
    throw refusal(error, maxBytes);
  }
  if (!file) throw invalid('file', 'is required: send the file in a multipart/form-data part named "file"');
  return { file, rawFileName, declaredType, fields };
}

/** A whole file refused by the parser, as the HTTP answer. */
function importRefusal(error: ImportError): HttpError {
  if (error.code === 'too-large') return new HttpError(413, 'too_large', `file ${error.message}`, 'file');
  if (error.code === 'bad-settings') return invalid('settings', error.message);
  return invalid('file', error.message);
}

export function importRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = context;
  const tmpDir = blobTempDir(config);

  routes.post(
    '/api/incident/:incidentID/import',
    {
      config: { access: 'write' },
      schema: {
        summary: 'Imports an evidence file as new streams: all valid rows land or none, every invalid row reported',
        description:
          'multipart/form-data with the part "file" and the optional fields streamName (default: the file name; Slack: one stream per channel), ' +
          'timeZone (for times without an offset; default UTC) and settings (JSON ImportSettings as the preview confirmed them; ' +
          'absent: detected from the first 64 KiB). The file is kept whole as the new streams\' system upload. ' +
          `At most UPLOAD_MAX_BYTES (${config.uploadMaxBytes}) bytes.`,
        tags: ['streams'],
        consumes: ['multipart/form-data'],
        params: z.object({ incidentID: PathIdSchema }),
        response: { 201: ImportAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { user, analyst } = acting(request);
      // Refused before a byte of the file is read when the incident is out of reach.
      await requireIncident(db, analyst, request.params.incidentID);
      const form = await readImportForm(request, tmpDir, config.uploadMaxBytes);
      try {
        const present = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
        const timeZone = present(form.fields.timeZone) ?? 'UTC';
        if (!isKnownTimeZone(timeZone)) throw invalid('timeZone', 'is not a known time zone (an IANA name such as Europe/Helsinki)');
        const streamName = present(form.fields.streamName);
        if (streamName !== undefined && streamName.length > 200) throw invalid('streamName', 'must be at most 200 characters');
        if (form.file.sizeBytes === 0) throw invalid('file', 'is empty');
        const fileName = safeFileName(form.rawFileName);
        const settingsText = present(form.fields.settings);
        let settings;
        if (settingsText === undefined) {
          settings = await detectSettings(form.file.path, fileName, timeZone);
        } else {
          const parsed = parseImportSettings(settingsText, timeZone);
          if (typeof parsed === 'string') throw invalid('settings', parsed);
          settings = parsed;
        }
        const result = await importFile(db, {
          incident: (tx) => requireIncident(tx, analyst, request.params.incidentID),
          file: form.file,
          fileName,
          declaredType: form.declaredType,
          streamName,
          settings,
          attribution: { userID: user.id, analystID: analyst.id },
        });
        reply.code(201);
        return { import: result, version: context.version };
      } catch (error) {
        if (error instanceof ImportError) throw importRefusal(error);
        throw error;
      } finally {
        await form.file.discard();
      }
    },
  );
}
