/*
 * A stream as it travels on the wire (spec section 3): what creating and editing one accept,
 * the clock offset included.
 */
import { z } from 'zod';
import { entityName } from './entity-fields.ts';

export const StreamCreateSchema = z.object({ name: entityName() }).strict();
export const StreamUpdateSchema = z
  .object({
    name: entityName().optional(),
    /** Shifts every event of the stream by this many microseconds (a clock running fast or slow). */
    clockOffsetMicroseconds: z
      .number()
      .int()
      .min(-86_400_000_000 * 365)
      .max(86_400_000_000 * 365)
      .optional(),
  })
  .strict();
