/*
 * Reads the multipart body of POST /api/incident/{id}/upload: the one file part ("file") is streamed
 * to a temporary file while hashed; the few text fields are checked by name and size. Any refusal
 * removes the temporary file before it is thrown.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError, invalid } from '../../http-error.ts';
import type { SpooledBlob } from '../../repositories/blob-repository.ts';
import { closingBoundaryWatch, fieldText, spoolFilePart } from './multipart-body.ts';

export const UPLOAD_FIELDS = ['kind', 'eventID', 'attachmentKind', 'streamID'] as const;
type UploadField = (typeof UPLOAD_FIELDS)[number];

export interface UploadForm {
  file: SpooledBlob;
  /** As the client named it; only ever shown, never used as a path. */
  rawFileName: string;
  declaredType: string;
  fields: Partial<Record<UploadField, string>>;
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'too_large', `file is larger than ${maxBytes} bytes, the most one upload may carry`, 'file');

/** What @fastify/multipart throws while parsing, answered in our words. */
function refusal(error: unknown, maxBytes: number): unknown {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      return invalid('file', 'may be sent once: one file per upload');
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

export async function readUploadForm(request: FastifyRequest, tmpDir: string, maxBytes: number): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'send the file as multipart/form-data, in a part named "file"',
      'body',
    );
  }
  let file: SpooledBlob | undefined;
  let rawFileName = '';
  let declaredType = '';
  const fields: UploadForm['fields'] = {};
  const closed = closingBoundaryWatch(request);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalid(part.fieldname.slice(0, 100), 'is not a field of this call (the file goes in "file")');
        }
        file = await spoolFilePart(part.file, tmpDir);
        if (part.file.truncated) throw tooLarge(maxBytes);
        rawFileName = part.filename;
        declaredType = part.mimetype;
        continue;
      }
      const name = part.fieldname;
      if (!(UPLOAD_FIELDS as readonly string[]).includes(name))
        throw invalid(name.slice(0, 100), 'is not a field of this call');
      const field = name as UploadField;
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
