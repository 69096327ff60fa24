/*
 * Organizations, incidents, streams, actors and events as they travel on the wire (spec section 3).
 * Timestamps are integer microseconds since the Unix epoch, UTC; "elapsed" values are microseconds
 * since the incident's first timestamp.
 */
import { z } from 'zod';
import { lineText, multiLineText } from './text-rules.ts';
import { MicrosSchema } from './ids.ts';

const Name = (max = 200) =>
  lineText().trim().min(1, { error: 'is required' }).max(max, { error: `is longer than ${max} characters` });
const Text = (max: number) => multiLineText().max(max, { error: `is longer than ${max} characters` });
const Id = z.number().int();

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

// ---- organizations ----
export const OrganizationCreateSchema = z.object({ name: Name(), description: Text(10_000).default('') }).strict();
export const OrganizationUpdateSchema = z
  .object({ name: Name().optional(), description: Text(10_000).optional() })
  .strict();

export const OrganizationSummarySchema = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  incidentCount: z.number().int(),
  createTimestamp: z.number().int(),
});

// ---- incidents ----
export const IncidentCreateSchema = z
  .object({ organizationID: Id.positive(), name: Name(), description: Text(100_000).default('') })
  .strict();
export const IncidentUpdateSchema = z
  .object({ name: Name().optional(), description: Text(100_000).optional() })
  .strict();

export const IncidentCountsSchema = z.object({
  events: z.number().int(),
  streams: z.number().int(),
  uploads: z.number().int(),
  actorEventCount: z.number().int(),
  eventNoteCount: z.number().int(),
  humanActorCount: z.number().int(),
  humanActorEventCount: z.number().int(),
});

export const IncidentSummarySchema = z.object({
  id: Id,
  organizationID: Id,
  organizationName: z.string(),
  name: z.string(),
  description: z.string(),
  firstTimestamp: z.number().int().nullable(),
  lastTimestamp: z.number().int().nullable(),
  hasMultipleStreams: z.boolean(),
  incidentTags: z.array(z.string()),
  createTimestamp: z.number().int(),
  counts: IncidentCountsSchema,
});
export type IncidentSummary = z.infer<typeof IncidentSummarySchema>;

export const INCIDENT_SORT_FIELDS = ['name', 'createTimestamp', 'firstTimestamp', 'lastTimestamp', 'events', 'streams', 'uploads', 'humanActorCount'] as const;
export const ORGANIZATION_SORT_FIELDS = ['name', 'createTimestamp', 'incidentCount'] as const;

// ---- streams ----
export const StreamCreateSchema = z.object({ name: Name() }).strict();
export const StreamUpdateSchema = z
  .object({
    name: Name().optional(),
    /** Shifts every event of the stream by this many microseconds (a clock running fast or slow). */
    clockOffsetMicroseconds: z.number().int().min(-86_400_000_000 * 365).max(86_400_000_000 * 365).optional(),
  })
  .strict();

// ---- actors ----
export const IncidentActorCreateSchema = z
  .object({ name: Name(), isBot: z.boolean().default(false), organizationActorID: Id.positive().nullable().default(null) })
  .strict();
export const IncidentActorUpdateSchema = z
  .object({ name: Name().optional(), isBot: z.boolean().optional(), organizationActorID: Id.positive().nullable().optional() })
  .strict();

const DateString = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'must be a date as YYYY-MM-DD' })
  .refine(
    (value) => {
      if (value === '') return true;
      const parsed = new Date(`${value}T00:00:00Z`);
      // NOTE: Date accepts 2021-02-30 (rolling it over), so compare the round trip.
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    },
    { error: 'is not a real date' },
  );

export const OrganizationActorCreateSchema = z
  .object({
    displayName: Name(),
    startDate: DateString.default(''),
    description: Text(10_000).default(''),
    isBot: z.boolean().default(false),
  })
  .strict();
export const OrganizationActorUpdateSchema = z
  .object({
    id: Id.positive(),
    displayName: Name().optional(),
    startDate: DateString.optional(),
    description: Text(10_000).optional(),
    isBot: z.boolean().optional(),
  })
  .strict();
export const OrganizationActorBulkSchema = z
  .object({ actors: z.array(OrganizationActorUpdateSchema).min(1).max(5000) })
  .strict();

// ---- events ----
export const EventCreateSchema = z
  .object({
    streamID: Id.positive(),
    actorID: Id.min(0).default(0),
    message: Text(100_000),
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
    actorID: Id.min(0).optional(),
    message: Text(100_000).optional(),
    startTimestamp: MicrosSchema.optional(),
    endTimestamp: MicrosSchema.optional(),
  })
  .strict();
export const MarkerCreateSchema = z
  .object({
    message: multiLineText().trim().min(1, { error: 'is required' }).max(10_000, { error: 'is longer than 10000 characters' }),
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
  id: Id,
  streamID: Id,
  actorID: Id,
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
