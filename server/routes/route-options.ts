/*
 * How a route says who may call it and what it takes and answers, in one call, so each declaration
 * reads as method, path, options and handler. The schemas double as the OpenAPI document, and every
 * error status a route names answers with the one error body.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/api-error.ts';
import type { Access } from '../plugins/auth.ts';

/** The server as route files declare on it: zod schemas type each handler's params, body and answer. */
export type ApiRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export function routeOptions<S extends FastifySchema>(
  access: Access,
  schema: S,
): { config: { access: Access }; schema: S } {
  return { config: { access }, schema };
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** The error answers a route documents: each status answers with the API's error body. */
export function apiErrors<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<S, typeof ApiErrorSchema>;
}
