/*
 * The multipart body of the import calls (POST /api/incident/{id}/import, POST /api/stream/{id}/import
 * and its check): the one file part ("file") spooled to a temporary file while hashed, never held
 * whole; the text fields checked by name and size; the import settings read from the fields or
 * detected from the file. Any refusal removes the temporary file before it is thrown.
 */
import type { FastifyRequest } from 'fastify';
import type { ImportError } from '../../../domain/import/import-error.ts';
import type { ImportSettings } from '../../../domain/import/import-settings.ts';
import { isKnownTimeZone } from '../../../domain/time/time-zone-table.ts';
import { HttpError, invalid } from '../../http-error.ts';
import { PROGRESS_TOKEN_PATTERN } from '../../import/import-progress.ts';
import { detectSettings } from '../../import/import-file.ts';
import { parseImportSettings } from '../../import/import-settings-schema.ts';
import type { SpooledBlob } from '../../repositories/blob-repository.ts';
import { closingBoundaryWatch, fieldText, spoolFilePart } from './multipart-body.ts';

/** Settings carry a mapping and maybe column names: more than the 1 KiB other form fields get. */
const FIELD_BYTES = 64 * 1024;

export interface ImportForm<Field extends string> {
  file: SpooledBlob;
  rawFileName: string;
  declaredType: string;
  fields: Partial<Record<Field, string>>;
}

/** What @fastify/multipart throws, in our words; the temporary file is gone by then. */
function refusal(error: unknown, maxBytes: number): unknown {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(
        413,
        'too_large',
        `file is larger than ${maxBytes} bytes, the most one upload may carry`,
        'file',
      );
    case 'FST_FILES_LIMIT':
      return invalid('file', 'may be sent once: one file per import');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'too_large', 'body has more parts than this call accepts', 'body');
    default:
      if (
        error instanceof Error &&
        !(error instanceof HttpError) &&
        (error as { statusCode?: unknown }).statusCode === undefined &&
        (error as { syscall?: unknown }).syscall === undefined
      ) {
        return invalid('body', `is not a complete multipart/form-data body (${error.message.slice(0, 100)})`);
      }
      return error;
  }
}

/** `fieldCount`: a call with more text fields than the default 10 (the map settings) says so. */
export async function readImportForm<Field extends string>(
  request: FastifyRequest,
  allowed: readonly Field[],
  tmpDir: string,
  maxBytes: number,
  fieldCount?: number,
): Promise<ImportForm<Field>> {
  if (!request.isMultipart())
    throw new HttpError(
      415,
      'unsupported_media_type',
      'send the file as multipart/form-data, in a part named "file"',
      'body',
    );
  let file: SpooledBlob | undefined;
  let rawFileName = '';
  let declaredType = '';
  const fields: Partial<Record<Field, string>> = {};
  const closed = closingBoundaryWatch(request);
  try {
    const counts = fieldCount === undefined ? {} : { fields: fieldCount, parts: fieldCount + 1 };
    for await (const part of request.parts({ limits: { fieldSize: FIELD_BYTES, ...counts } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalid(part.fieldname.slice(0, 100), 'is not a field of this call (the file goes in "file")');
        }
        file = await spoolFilePart(part.file, tmpDir);
        if (part.file.truncated) throw refusal({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxBytes);
        rawFileName = part.filename;
        declaredType = part.mimetype;
        continue;
      }
      if (!(allowed as readonly string[]).includes(part.fieldname))
        throw invalid(part.fieldname.slice(0, 100), 'is not a field of this call');
      if (file) throw invalid(part.fieldname, 'must come before the file in the form (the file is the last part)');
      const field = part.fieldname as Field;
      if (fields[field] !== undefined) throw invalid(field, 'is given more than once');
      if (part.valueTruncated || typeof part.value !== 'string') throw invalid(field, 'is too long');
      fields[field] = fieldText(field, part.value);
    }
    closed();
  } catch (error) {
    await file?.discard();
    throw refusal(error, maxBytes);
  }
  if (!file) throw invalid('file', 'is required: send the file in a multipart/form-data part named "file"');
  return { file, rawFileName, declaredType, fields };
}

/** A form field with surrounding space removed; blank counts as absent. */
export const presentField = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/** The settings sent in the "settings" field (times without offset in "timeZone", default UTC), or detected from the file. */
export async function formSettings(
  form: ImportForm<'timeZone' | 'settings'>,
  fileName: string,
): Promise<ImportSettings> {
  const timeZone = presentField(form.fields.timeZone) ?? 'UTC';
  if (!isKnownTimeZone(timeZone))
    throw invalid('timeZone', 'is not a known time zone (an IANA name such as Europe/Helsinki)');
  if (form.file.sizeBytes === 0) throw invalid('file', 'is empty');
  const settingsText = presentField(form.fields.settings);
  if (settingsText === undefined) return detectSettings(form.file.path, fileName, timeZone);
  const parsed = parseImportSettings(settingsText, timeZone);
  // The sentence names the setting itself ("the start time column (mapping) must be …").
  if (typeof parsed === 'string')
    throw new HttpError(400, 'invalid', parsed.startsWith('the ') ? parsed : `settings ${parsed}`, 'settings');
  return parsed;
}

/** A whole file refused by the parser, as the HTTP answer. */
export function importRefusal(error: ImportError): HttpError {
  // "file has no valid rows …", but "file: The archive …" where the parser's sentence has its own subject.
  const about = (field: string) =>
    /^[A-Z]/.test(error.message) ? `${field}: ${error.message}` : `${field} ${error.message}`;
  if (error.code === 'too-large') return new HttpError(413, 'too_large', about('file'), 'file');
  if (error.code === 'bad-settings') return new HttpError(400, 'invalid', about('settings'), 'settings');
  return new HttpError(400, 'invalid', about('file'), 'file');
}

/** The optional progressToken field: the page's random name for this import (import-progress.ts). */
export function progressToken(value: string | undefined): string | undefined {
  const token = presentField(value);
  if (token !== undefined && !PROGRESS_TOKEN_PATTERN.test(token))
    throw invalid('progressToken', 'must be 22 to 64 letters, digits, "-" or "_" (a random name)');
  return token;
}
