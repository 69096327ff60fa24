import { z } from 'zod';

/** Ids are positive integers below 2^53; in paths and query strings they arrive as digits. */
export const IdSchema = z.coerce
  .number({ error: 'must be a positive integer id' })
  .int({ error: 'must be a positive integer id' })
  .positive({ error: 'must be a positive integer id' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'must be a positive integer id' });

/** A digits-only id as it appears in a URL path; rejects "1e3", " 7", "0x10". */
export const PathIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, { error: 'must be a positive integer id' })
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, { error: 'must be a positive integer id' }));

/** Microseconds since the Unix epoch, UTC. */
export const MicrosSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
