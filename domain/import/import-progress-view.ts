/*
 * How far a server-side import has come (GET /api/import/progress/{token}): the server's answer
 * schema and what the page reads, in one place.
 */
import { z } from 'zod';

const ImportProgressViewSchema = z.object({
  phase: z.enum(['importing', 'finishing', 'done', 'failed']),
  bytesRead: z.number().int(),
  totalBytes: z.number().int(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
});
export type ImportProgressView = z.infer<typeof ImportProgressViewSchema>;

export const ImportProgressAnswerSchema = z.object({ progress: ImportProgressViewSchema, version: z.string() });
