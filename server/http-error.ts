import type { ErrorCode } from '../domain/api-error.ts';

/** A refusal with the answer the client gets: status, code, message and the field at fault. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalid = (field: string, reason: string) => new HttpError(400, 'invalid', `${field} ${reason}`, field);
export const unauthenticated = () => new HttpError(401, 'unauthenticated', 'sign in first');
export const forbidden = (message: string, field: string | null = null) =>
  new HttpError(403, 'forbidden', message, field);
export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, field: string | null = null) =>
  new HttpError(409, 'conflict', message, field);
