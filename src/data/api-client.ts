/*
 * The only place that calls fetch. Every request carries the session cookie and the analyst the
 * user acts as (header 0 when none is chosen); every JSON answer's `version` is kept as the server
 * version the footer shows. Answers are parsed with the domain schemas before anyone sees them.
 * A request cancelled through its AbortSignal rejects with an AbortError, which callers drop
 * silently (isAbortError): a cancelled request is never reported as an error (spec section 4).
 */
import type { z } from 'zod';
import { AnalystHeader } from '../../domain/analyst.ts';
import { ApiErrorSchema, type ApiError } from '../../domain/api-error.ts';
import { apiBase, apiUrl } from './api-base.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Extra headers (the outbox: Idempotency-Key, and the analyst a queued write was made as). */
  headers?: Record<string, string> | undefined;
}

/** A non-2xx answer, or a 2xx answer whose body does not have the expected shape. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's error body when it sent one ({ error: { code, message, field } }). */
  readonly apiError: ApiError['error'] | undefined;

  constructor(method: Method, path: string, status: number, apiError: ApiError['error'] | undefined, detail?: string) {
    super(`${method} ${path} failed with ${status}: ${apiError?.message ?? detail ?? 'no error message'}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.apiError = apiError;
  }
}

/** No answer at all: offline, the server down, or the connection refused. */
export class NetworkError extends Error {
  constructor(method: Method, path: string, cause: unknown) {
    super(`${method} ${path} got no answer`, { cause });
    this.name = 'NetworkError';
  }
}

/** True for a request cancelled through its AbortSignal; such requests raise no error for the user. */
export function isAbortError(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

const base = apiBase(import.meta.env.VITE_API_BASE, window.location.origin);

/** The full address of a server path, for navigations (sign-in, logout) rather than fetches. */
export function apiAddress(path: string): string {
  return apiUrl(base, path);
}

let actingAnalystID = 0;

export function getActingAnalystID(): number {
  return actingAnalystID;
}

/** Sets the analyst sent in the X-Churchkey-Analyst header of every later request. */
export function setActingAnalystID(analystID: number | null): void {
  actingAnalystID = analystID ?? 0;
}

let serverVersion: string | undefined;
const versionListeners = new Set<() => void>();

export function getServerVersion(): string | undefined {
  return serverVersion;
}

export function subscribeServerVersion(listener: () => void): () => void {
  versionListeners.add(listener);
  return () => versionListeners.delete(listener);
}

function keepServerVersion(payload: unknown): void {
  if (typeof payload !== 'object' || payload === null || !('version' in payload)) return;
  const { version } = payload;
  if (typeof version !== 'string' || version === serverVersion) return;
  serverVersion = version;
  for (const listener of versionListeners) listener();
}

async function readJson(method: Method, path: string, response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The body was cut off (the page is leaving, the connection dropped): no answer, not a wrong one.
    if (isAbortError(error)) throw error;
    throw new NetworkError(method, path, error);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The headers every request carries; upload-with-progress.ts (XHR) sends them too. */
export function commonHeaders(accept: string): Record<string, string> {
  return { accept, [AnalystHeader]: String(actingAnalystID) };
}

/** Keeps an answer's `version` as the server version, for callers that read the body themselves. */
export function noteServerVersion(payload: unknown): void {
  keepServerVersion(payload);
}

async function send(method: Method, path: string, body: unknown, accept: string, options: RequestOptions): Promise<Response> {
  const headers = { ...commonHeaders(accept), ...options.headers };
  let encoded: string | FormData | undefined;
  // NOTE: a FormData body sets its own multipart content-type (with the boundary); never set it here.
  if (body instanceof FormData) {
    encoded = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    encoded = JSON.stringify(body);
  }
  try {
    return await fetch(apiUrl(base, path), { method, headers, body: encoded, credentials: 'include', signal: options.signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(method, path, error);
  }
}

async function failure(method: Method, path: string, response: Response): Promise<ApiRequestError> {
  const payload = await readJson(method, path, response);
  keepServerVersion(payload);
  const apiError = ApiErrorSchema.safeParse(payload);
  return new ApiRequestError(method, path, response.status, apiError.success ? apiError.data.error : undefined);
}

async function requestJson<T>(method: Method, path: string, body: unknown, schema: z.ZodType<T>, options: RequestOptions): Promise<T> {
  const response = await send(method, path, body, 'application/json', options);
  if (!response.ok) throw await failure(method, path, response);
  const payload = await readJson(method, path, response);
  keepServerVersion(payload);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError(method, path, response.status, undefined, `unexpected answer: ${parsed.error.message}`);
  }
  return parsed.data;
}

async function requestText(method: Method, path: string, body: unknown, options: RequestOptions): Promise<string> {
  const response = await send(method, path, body, 'text/plain, */*', options);
  if (!response.ok) throw await failure(method, path, response);
  return response.text();
}

export function apiGet<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return requestJson('GET', path, undefined, schema, options);
}

/** What a conditional GET found: the held answer is still current (304), or a new one and its ETag. */
export type ConditionalAnswer<T> = { changed: false } | { changed: true; value: T; etag: string | undefined };

/**
 * GET with If-None-Match when an ETag is held: a 304 means the answer the caller holds is current,
 * and no body is sent or parsed.
 */
export async function apiGetConditional<T>(path: string, schema: z.ZodType<T>, etag: string | undefined, options: RequestOptions = {}): Promise<ConditionalAnswer<T>> {
  const headers = etag === undefined ? options.headers : { ...options.headers, 'if-none-match': etag };
  const response = await send('GET', path, undefined, 'application/json', { ...options, headers });
  if (response.status === 304) return { changed: false };
  if (!response.ok) throw await failure('GET', path, response);
  const payload = await readJson('GET', path, response);
  keepServerVersion(payload);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiRequestError('GET', path, response.status, undefined, `unexpected answer: ${parsed.error.message}`);
  return { changed: true, value: parsed.data, etag: response.headers.get('etag') ?? undefined };
}

/**
 * GET naming `accept` first (JSON as the fallback): the body's bytes and its media type, for binary
 * answers such as the columnar event pages.
 */
export async function apiGetBytes(path: string, accept: string, options: RequestOptions = {}): Promise<{ bytes: ArrayBuffer; contentType: string }> {
  const response = await send('GET', path, undefined, `${accept}, application/json;q=0.5`, options);
  if (!response.ok) throw await failure('GET', path, response);
  return { bytes: await response.arrayBuffer(), contentType: response.headers.get('content-type') ?? '' };
}

export function apiGetText(path: string, options: RequestOptions = {}): Promise<string> {
  return requestText('GET', path, undefined, options);
}

/** POST with a JSON body; `undefined` sends no body at all (for calls that take none). */
export function apiPost<T>(path: string, body: unknown, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return requestJson('POST', path, body, schema, options);
}

/** POST multipart/form-data (files and form fields), answered with JSON. */
export function apiPostForm<T>(path: string, form: FormData, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return requestJson('POST', path, form, schema, options);
}

export function apiPostText(path: string, body: unknown, options: RequestOptions = {}): Promise<string> {
  return requestText('POST', path, body, options);
}

export function apiPut<T>(path: string, body: unknown, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return requestJson('PUT', path, body, schema, options);
}

/** DELETE, with a JSON body for the calls that name what to remove (DELETE /api/collection/{id}/events). */
export function apiDelete<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}, body?: unknown): Promise<T> {
  return requestJson('DELETE', path, body, schema, options);
}
