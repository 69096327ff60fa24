/*
 * The only place that calls fetch. Every request carries the session cookie and the analyst the
 * user acts as (header 0 when none is chosen); every JSON answer's `version` is kept as the server
 * version the footer shows. Answers are parsed with the domain schemas before anyone sees them.
 */
import type { z } from 'zod';
import { AnalystHeader } from '../../domain/analyst.ts';
import { ApiErrorSchema, type ApiError } from '../../domain/api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  /** JSON body; POST and PUT always send one (an empty object when not given). */
  body?: unknown;
  signal?: AbortSignal;
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

/** True for a request cancelled through its AbortSignal; such requests raise no error for the user. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

let actingAnalystID = 0;

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

async function readJson(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(method: Method, path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', [AnalystHeader]: String(actingAnalystID) };
  let body: string | undefined;
  if (method === 'POST' || method === 'PUT') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const response = await fetch(path, { method, headers, body, credentials: 'include', signal: options.signal });
  const payload = await readJson(response);
  keepServerVersion(payload);
  if (!response.ok) {
    const apiError = ApiErrorSchema.safeParse(payload);
    throw new ApiRequestError(method, path, response.status, apiError.success ? apiError.data.error : undefined);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError(method, path, response.status, undefined, `unexpected answer: ${parsed.error.message}`);
  }
  return parsed.data;
}

export function apiGet<T>(path: string, schema: z.ZodType<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
  return apiRequest('GET', path, schema, options);
}

export function apiPost<T>(path: string, body: unknown, schema: z.ZodType<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
  return apiRequest('POST', path, schema, { ...options, body });
}
