import { z } from 'zod';

const ERROR_CODES = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  // a re-import that waits for the analyst's resolution (domain/import/merge-outcome.ts)
  'merge_conflict',
  'source_markers_have_annotations',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every 4xx and 5xx answer of /api and /auth has this body. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    field: z.string().nullable(),
  }),
  version: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
