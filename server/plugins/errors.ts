/*
 * One shape for every refusal: {"error": {"code", "message", "field"}}. Validation errors name the
 * first field at fault; unexpected errors are logged and answered without their text, which may
 * hold SQL or paths.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '../../domain/api-error.ts';
import { HttpError } from '../http-error.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'invalid',
  406: 'invalid',
  409: 'conflict',
  411: 'invalid',
  413: 'too_large',
  414: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'too_large',
};

const PART_NAMES: Record<string, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'header' };

function body(code: ErrorCode, message: string, field: string | null): ApiError {
  return { error: { code, message, field } };
}

function errorBody(error: unknown): { status: number; payload: ApiError; headers: Record<string, string> } {
  if (error instanceof HttpError) {
    return { status: error.status, payload: body(error.code, error.message, error.field), headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const part = (error as { validationContext?: string }).validationContext ?? 'body';
    const path = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
    const unknownKey =
      first?.keyword === 'unrecognized_keys' ? (first.params as { keys?: string[] }).keys?.[0] : undefined;
    if (unknownKey !== undefined) {
      const field = path ? `${path}.${unknownKey}` : unknownKey;
      return {
        status: 400,
        payload: body('invalid', `${field.slice(0, 100)} is not a field of this call`, field.slice(0, 100)),
        headers: {},
      };
    }
    const field = path || PART_NAMES[part] || part;
    const reason = first?.message ?? 'is invalid';
    return { status: 400, payload: body('invalid', `${field} ${reason}`, field), headers: {} };
  }
  // NOTE: PostgreSQL's unique_violation; two requests raced for the same name or id.
  if ((error as { code?: unknown }).code === '23505') {
    return { status: 409, payload: body('conflict', 'that exists already', null), headers: {} };
  }
  // NOTE: foreign_key_violation; what the write refers to was deleted by another request meanwhile.
  if ((error as { code?: unknown }).code === '23503') {
    return { status: 409, payload: body('conflict', 'something this refers to no longer exists', null), headers: {} };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'invalid';
    const field = fastifyError.code?.startsWith('FST_ERR_CTP') ? 'body' : null;
    const message =
      fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'body is larger than this call accepts'
        : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'body has a content type this call does not accept'
          : (fastifyError.message ?? 'bad request').slice(0, 300);
    return { status, payload: body(code, message, field), headers: {} };
  }
  return { status: 500, payload: body('internal', 'internal error; it was logged', null), headers: {} };
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot read (bad percent-encoding, a parameter
 * longer than maxParamLength) is refused before any hook runs; answered in the one error shape.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'path has a part longer than this server accepts'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'path is not a valid URL (bad percent-encoding)'
        : 'path is not a valid URL';
  const status =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(body(CODE_BY_STATUS[status] ?? 'invalid', message, 'path'));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, payload, headers } = errorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(payload);
  });
}
