/*
 * The multipart body of the calls that carry one file (upload, import, map import): the file part
 * ("file") spooled to a temporary file while hashed, never held whole; the text fields checked by
 * name and size. Any refusal removes the temporary file before it is thrown.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError, invalid } from '../../http-error.ts';
import type { SpooledBlob } from '../../repositories/blob-repository.ts';
import { closingBoundaryWatch, fieldText, spoolFilePart } from './multipart-body.ts';

export interface MultipartForm<Field extends string> {
  file: SpooledBlob;
  /** As the client named it; only ever shown, never used as a path. */
  rawFileName: string;
  declaredType: string;
  fields: Partial<Record<Field, string>>;
}

interface MultipartFormRules<Field extends string> {
  readonly allowed: readonly Field[];
  readonly tmpDir: string;
  readonly maxBytes: number;
  /** What one call carries, named in the refusal of a second file ("one file per upload"). */
  readonly per: 'upload' | 'import';
  /** The import calls read their settings before the file, so a field after it is refused. */
  readonly fieldsFirst?: boolean;
  readonly limits?: { fieldSize?: number; fields?: number; parts?: number };
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'too_large', `file is larger than ${maxBytes} bytes, the most one upload may carry`, 'file');

/** What @fastify/multipart throws while parsing, answered in our words. */
function refusal(error: unknown, maxBytes: number, per: string): unknown {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      return invalid('file', `may be sent once: one file per ${per}`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'too_large', 'body has more parts than this call accepts', 'body');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid('body', 'has a field this call does not accept');
    default:
      // NOTE: busboy's own errors (a body cut short, a malformed boundary) carry no status; those
      // of the file system (a full disk) carry a syscall and stay server errors.
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

export async function readMultipartForm<Field extends string>(
  request: FastifyRequest,
  rules: MultipartFormRules<Field>,
): Promise<MultipartForm<Field>> {
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
    for await (const part of request.parts(rules.limits ? { limits: rules.limits } : undefined)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalid(part.fieldname.slice(0, 100), 'is not a field of this call (the file goes in "file")');
        }
        file = await spoolFilePart(part.file, rules.tmpDir);
        if (part.file.truncated) throw tooLarge(rules.maxBytes);
        rawFileName = part.filename;
        declaredType = part.mimetype;
        continue;
      }
      if (!(rules.allowed as readonly string[]).includes(part.fieldname))
        throw invalid(part.fieldname.slice(0, 100), 'is not a field of this call');
      if (file && rules.fieldsFirst)
        throw invalid(part.fieldname, 'must come before the file in the form (the file is the last part)');
      const field = part.fieldname as Field;
      if (fields[field] !== undefined) throw invalid(field, 'is given more than once');
      if (part.valueTruncated || typeof part.value !== 'string') throw invalid(field, 'is too long');
      fields[field] = fieldText(field, part.value);
    }
    closed();
  } catch (error) {
    await file?.discard();
    throw refusal(error, rules.maxBytes, rules.per);
  }
  if (!file) throw invalid('file', 'is required: send the file in a multipart/form-data part named "file"');
  return { file, rawFileName, declaredType, fields };
}
