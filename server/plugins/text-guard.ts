/*
 * A safety net under the domain schemas: every string of a request's query, path and parsed body
 * (keys too, at any depth) is refused with 400 naming its field when it holds a control character
 * other than tab and line breaks, or a lone surrogate. A NUL reaching PostgreSQL is a 500 otherwise.
 * Names are held to one line by their own schemas (domain/text-rules.ts).
 */
import type { FastifyInstance } from 'fastify';
import { textProblem } from '../../domain/text-rules.ts';
import { invalid } from '../http-error.ts';

const MAX_DEPTH = 64;

/** The first string at fault under `value`, with the name of its field. */
function firstProblem(value: unknown, field: string, depth = 0): { field: string; problem: string } | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value, true);
    return problem ? { field, problem } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstProblem(item, field, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = field ? `${field}.${key}` : key;
    const keyProblem = textProblem(key, false);
    if (keyProblem) return { field: field || 'body', problem: `has a key that ${keyProblem}` };
    const found = firstProblem(item, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = firstProblem(request.params, '') ?? firstProblem(request.query, '') ?? firstProblem(request.body, '');
    if (found) throw invalid(found.field.slice(0, 100) || 'body', found.problem);
  });
}
