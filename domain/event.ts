/*
 * An event as it travels on the wire (spec section 3): what creating and editing one (or a marker)
 * accept, the compact row of lists and pages, and its duration. Timestamps are integer microseconds
 * since the Unix epoch, UTC.
 */
import { z } from 'zod';
import { entityText, entityID } from './entity-fields.ts';
import { MicrosSchema } from './ids.ts';
import { multiLineText } from './text-rules.ts';

export const EventCreateSchema = z
  .object({
    streamID: entityID.positive(),
    actorID: entityID.min(0).default(0),
    message: entityText(100_000),
    startTimestamp: MicrosSchema,
    endTimestamp: MicrosSchema.optional(),
  })
  .strict()
  .refine((event) => event.endTimestamp === undefined || event.endTimestamp >= event.startTimestamp, {
    error: 'must not be before startTimestamp',
    path: ['endTimestamp'],
  });
export const EventUpdateSchema = z
  .object({
    actorID: entityID.min(0).optional(),
    message: entityText(100_000).optional(),
    startTimestamp: MicrosSchema.optional(),
    endTimestamp: MicrosSchema.optional(),
  })
  .strict();
export const MarkerCreateSchema = z
  .object({
    message: multiLineText()
      .trim()
      .min(1, { error: 'is required' })
      .max(10_000, { error: 'is longer than 10000 characters' }),
    startTimestamp: MicrosSchema,
    endTimestamp: MicrosSchema.optional(),
  })
  .strict()
  .refine((marker) => marker.endTimestamp === undefined || marker.endTimestamp >= marker.startTimestamp, {
    error: 'must not be before startTimestamp',
    path: ['endTimestamp'],
  });

/** The compact event of lists and pages; GET /api/event/{id} adds the names and annotations. */
export const EventRowSchema = z.object({
  id: entityID,
  streamID: entityID,
  actorID: entityID,
  isMarker: z.boolean(),
  message: z.string(),
  startTimestamp: z.number().int(),
  endTimestamp: z.number().int(),
  extra: z.record(z.string(), z.json()).nullable(),
});
export type EventRow = z.infer<typeof EventRowSchema>;

export function eventDuration(startMicros: number, endMicros: number) {
  const durationMicroseconds = endMicros - startMicros;
  return {
    durationMicroseconds,
    durationMilliseconds: durationMicroseconds / 1000,
    hasDuration: durationMicroseconds > 0,
  };
}
