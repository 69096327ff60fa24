/*
 * A multipart POST that reports how much of the body has gone: fetch cannot tell (no upload
 * progress without request streams, which need HTTP/2), XMLHttpRequest can. Sent with the same
 * cookie and analyst header as api-client.ts, and answered the same way: JSON parsed with a domain
 * schema, errors as ApiRequestError / NetworkError, an abort as an AbortError that callers drop.
 */
import type { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.ts';
import { ImportProgressAnswerSchema, type ImportProgressView } from '../../domain/import/import-progress-view.ts';
import { ApiRequestError, NetworkError, apiAddress, apiGet, commonHeaders, noteServerVersion } from './api-client.ts';

/**
 * Sending the body (bytes so far of the total), then waiting while the server works on it; with
 * `followServer`, the server's own count of what it has parsed and written (import-progress-view.ts).
 */
export type UploadProgress =
  | { readonly phase: 'sending'; readonly sentBytes: number; readonly totalBytes: number }
  | { readonly phase: 'processing'; readonly server?: ImportProgressView | undefined };

export interface UploadOptions {
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Names the import with a random progressToken and asks the server how far it is while it works. */
  readonly followServer?: boolean | undefined;
}

const FOLLOW_EVERY_MILLIS = 500;

/** 18 random bytes as base64url: 24 characters, 144 bits, so the token can be the permission. */
export function newProgressToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Asks GET /api/import/progress/{token} every half second until stopped; a miss (404, no network) is skipped. */
function followServerProgress(token: string, onProgress: (progress: UploadProgress) => void): () => void {
  let stopped = false;
  const controller = new AbortController();
  const ask = async () => {
    while (!stopped) {
      try {
        const answer = await apiGet(`/api/import/progress/${token}`, ImportProgressAnswerSchema, { signal: controller.signal });
        if (!stopped) onProgress({ phase: 'processing', server: answer.progress });
      } catch {
        // Not known yet (the server still reading the body) or a dropped poll: the next one tells.
      }
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MILLIS));
    }
  };
  void ask();
  return () => {
    stopped = true;
    controller.abort();
  };
}

function jsonOf(contentType: string, text: string): unknown {
  if (!contentType.includes('json')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The answer as api-client.ts reads a fetch answer: the parsed body, or the error to throw. */
export function readUploadAnswer<T>(path: string, status: number, contentType: string, text: string, schema: z.ZodType<T>): T {
  const payload = jsonOf(contentType, text);
  noteServerVersion(payload);
  if (status < 200 || status > 299) {
    const apiError = ApiErrorSchema.safeParse(payload);
    // A 409 whose code is not one of ERROR_CODES (a merge outcome) still has a code and message worth keeping.
    const sent = (payload as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const code = typeof sent?.code === 'string' ? sent.code : undefined;
    const message = typeof sent?.message === 'string' ? sent.message : undefined;
    return throwing(new UploadRequestError(path, status, apiError.success ? apiError.data.error : undefined, code, message));
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) return throwing(new ApiRequestError('POST', path, status, undefined, `unexpected answer: ${parsed.error.message}`));
  return parsed.data;
}

/** An ApiRequestError that also keeps the code as sent, when it is none of ERROR_CODES. */
export class UploadRequestError extends ApiRequestError {
  readonly sentCode: string | undefined;

  constructor(path: string, status: number, apiError: ApiRequestError['apiError'], sentCode: string | undefined, message: string | undefined) {
    super('POST', path, status, apiError, message);
    this.sentCode = sentCode;
  }
}

function throwing(error: Error): never {
  throw error;
}

/** The server's error code as sent, even one outside ERROR_CODES (the merge outcomes of a 409). */
export function sentErrorCode(error: unknown): string | undefined {
  if (error instanceof UploadRequestError) return error.sentCode;
  return error instanceof ApiRequestError ? error.apiError?.code : undefined;
}

/** The form with the token as its first field: fields go before the file, which the server reads last. */
function withProgressToken(form: FormData, token: string): FormData {
  const ordered = new FormData();
  ordered.append('progressToken', token);
  form.forEach((value, name) => ordered.append(name, value));
  return ordered;
}

export function postFormWithProgress<T>(path: string, form: FormData, schema: z.ZodType<T>, options: UploadOptions = {}): Promise<T> {
  const { signal, onProgress, followServer } = options;
  let stopFollowing = () => {};
  const token = followServer ? newProgressToken() : undefined;
  const body = token === undefined ? form : withProgressToken(form, token);
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', apiAddress(path));
    request.withCredentials = true;
    for (const [name, value] of Object.entries(commonHeaders('application/json'))) request.setRequestHeader(name, value);
    request.responseType = 'text';
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => {
      stopFollowing();
      signal?.removeEventListener('abort', abort);
    };
    request.upload.addEventListener('progress', (event) => {
      onProgress?.({ phase: 'sending', sentBytes: event.loaded, totalBytes: event.lengthComputable ? event.total : 0 });
    });
    // The body has gone; what is left is the server's work, of unknown length.
    request.upload.addEventListener('load', () => {
      onProgress?.({ phase: 'processing' });
      if (token !== undefined && onProgress) stopFollowing = followServerProgress(token, onProgress);
    });
    request.addEventListener('load', () => {
      done();
      try {
        resolve(readUploadAnswer(path, request.status, request.getResponseHeader('content-type') ?? '', request.responseText, schema));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    request.addEventListener('error', () => {
      done();
      reject(new NetworkError('POST', path, new Error('the connection failed during the upload')));
    });
    request.send(body);
  });
}
