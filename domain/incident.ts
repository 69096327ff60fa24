/*
 * An incident as it travels on the wire (spec section 3): what creating and editing one accept,
 * its counts, the summary lists and the mirror share, and the fields a list of them sorts by.
 * Timestamps are integer microseconds since the Unix epoch, UTC.
 */
import { z } from 'zod';
import { entityName, entityText, entityID } from './entity-fields.ts';

export const IncidentCreateSchema = z
  .object({ organizationID: entityID.positive(), name: entityName(), description: entityText(100_000).default('') })
  .strict();
export const IncidentUpdateSchema = z
  .object({ name: entityName().optional(), description: entityText(100_000).optional() })
  .strict();

const IncidentCountsSchema = z.object({
  events: z.number().int(),
  streams: z.number().int(),
  uploads: z.number().int(),
  actorEventCount: z.number().int(),
  eventNoteCount: z.number().int(),
  humanActorCount: z.number().int(),
  humanActorEventCount: z.number().int(),
});

export const IncidentSummarySchema = z.object({
  id: entityID,
  organizationID: entityID,
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

export const INCIDENT_SORT_FIELDS = [
  'name',
  'createTimestamp',
  'firstTimestamp',
  'lastTimestamp',
  'events',
  'streams',
  'uploads',
  'humanActorCount',
] as const;
