/*
 * What every multipart route needs beyond @fastify/multipart: a body that ends without its closing
 * boundary must be refused at once. NOTE: busboy destroys a file part cut short before a consumer may
 * be attached, and a pipeline over a destroyed stream never settles (an open file forever).
 */
import type { FastifyRequest } from 'fastify';
import { PassThrough, type Readable } from 'node:stream';
import { textProblem } from '../../../domain/text-rules.ts';
import { invalid } from '../../http-error.ts';
import { spoolBlob, type SpooledBlob } from '../../repositories/blob-repository.ts';

const cutShort = () => invalid('body', 'ended before its closing boundary: the multipart/form-data body is incomplete');

/**
 * The file part relayed through a stream taken at once (before any await), which fails when the part
 * is destroyed or errs before its end; spoolBlob then removes its file and throws.
 */
function relayed(file: Readable): Readable {
  const relay = new PassThrough();
  // Until spoolBlob's pipeline takes the relay, its error has no other listener; the pipeline then
  // sees the stream errored and rejects.
  relay.on('error', () => {});
  const fail = () => {
    if (!relay.destroyed) relay.destroy(cutShort());
  };
  file.on('error', fail);
  file.on('close', () => {
    if (!file.readableEnded) fail();
  });
  if (file.destroyed) fail();
  else file.pipe(relay);
  return relay;
}

/** Spools one file part; call it on the part the moment it arrives. */
export function spoolFilePart(file: Readable, tmpDir: string): Promise<SpooledBlob> {
  return spoolBlob(relayed(file), tmpDir);
}

/**
 * Watches the raw body for the closing delimiter ("--boundary--"), which busboy does not insist on:
 * a body cut after a complete part would otherwise read as a whole form. Call before parts().
 */
export function closingBoundaryWatch(request: FastifyRequest): () => void {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  const closing = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}--`);
  let tail = Buffer.alloc(0);
  let seen = false;
  const onData = (chunk: Buffer) => {
    if (seen) return;
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(closing)) seen = true;
    else tail = window.subarray(Math.max(0, window.length - closing.length + 1));
  };
  request.raw.on('data', onData);
  return () => {
    request.raw.off('data', onData);
    if (!seen) throw cutShort();
  };
}

/** A form's text field as sent, refused (400 naming it) when it holds what no text may (a NUL). */
export function fieldText(field: string, value: string): string {
  const problem = textProblem(value, true);
  if (problem) throw invalid(field, problem);
  return value;
}
