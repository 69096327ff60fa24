/*
 * Reads the multipart body of POST /api/incident/{id}/upload (multipart-form.ts): the one file part
 * ("file") and the few text fields below, checked by name and size.
 */
import type { FastifyRequest } from 'fastify';
import { type MultipartForm, readMultipartForm } from './multipart-form.ts';

const UPLOAD_FIELDS = ['kind', 'eventID', 'attachmentKind', 'streamID'] as const;

export type UploadForm = MultipartForm<(typeof UPLOAD_FIELDS)[number]>;

export function readUploadForm(request: FastifyRequest, tmpDir: string, maxBytes: number): Promise<UploadForm> {
  return readMultipartForm(request, { allowed: UPLOAD_FIELDS, tmpDir, maxBytes, per: 'upload' });
}
