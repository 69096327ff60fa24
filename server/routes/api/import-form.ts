/*
 * The multipart body of the import calls (POST /api/incident/{id}/import, POST /api/stream/{id}/import
 * and its check), read by multipart-form.ts with a larger field size for the settings; the import
 * settings read from the fields or detected from the file.
 */
import type { FastifyRequest } from 'fastify';
import { ImportError } from '../../../domain/import/import-error.ts';
import type { ImportSettings } from '../../../domain/import/import-settings.ts';
import { isKnownTimeZone } from '../../../domain/time/time-zone-table.ts';
import { HttpError, invalid } from '../../http-error.ts';
import { PROGRESS_TOKEN_PATTERN } from '../../import/import-progress.ts';
import { detectSettings } from '../../import/import-file.ts';
import { parseImportSettings } from '../../import/import-settings-schema.ts';
import { type MultipartForm, readMultipartForm } from './multipart-form.ts';

/** Settings carry a mapping and maybe column names: more than the 1 KiB other form fields get. */
const FIELD_BYTES = 64 * 1024;

export type ImportForm<Field extends string> = MultipartForm<Field>;

/** `fieldCount`: a call with more text fields than the default 10 (the map settings) says so. */
function readImportForm<Field extends string>(
  request: FastifyRequest,
  allowed: readonly Field[],
  tmpDir: string,
  maxBytes: number,
  fieldCount?: number,
): Promise<ImportForm<Field>> {
  const counts = fieldCount === undefined ? {} : { fields: fieldCount, parts: fieldCount + 1 };
  return readMultipartForm(request, {
    allowed,
    tmpDir,
    maxBytes,
    per: 'import',
    fieldsFirst: true,
    limits: { fieldSize: FIELD_BYTES, ...counts },
  });
}

/** Where the import form is read to: the fields allowed, the spool folder and the size limit. */
interface ImportFormLimits<Field extends string> {
  allowed: readonly Field[];
  tmpDir: string;
  maxBytes: number;
  fieldCount?: number;
}

/**
 * Reads the import form and runs `work` on it; the spooled file goes whatever happens. An error is
 * answered through `refuse`: by default a parser's refusal of the whole file becomes its HTTP answer.
 */
export async function withImportForm<Field extends string, T>(
  request: FastifyRequest,
  limits: ImportFormLimits<Field>,
  work: (form: ImportForm<Field>) => Promise<T>,
  refuse: (error: unknown) => unknown = (error) => (error instanceof ImportError ? importRefusal(error) : error),
): Promise<T> {
  const { allowed, tmpDir, maxBytes, fieldCount } = limits;
  const form = await readImportForm(request, allowed, tmpDir, maxBytes, fieldCount);
  try {
    return await work(form);
  } catch (error) {
    throw refuse(error);
  } finally {
    await form.file.discard();
  }
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
