/*
 * The incident payload of GET /api/incident/{id} (spec section 7): the summary with everything
 * attached to the incident. Here rather than beside the route so the browser's mirror parses the
 * answer with the very schema the server serialises it through.
 */
import { z } from 'zod';
import {
  CollectionSchema,
  IncidentActorSchema,
  LinkSchema,
  NoteSchema,
  RelatedIncidentSchema,
  SYMBOLS,
  StreamSchema,
  TagAssignmentSchema,
  TagSchema,
  UploadSchema,
} from './annotations.ts';
import { EventRowSchema } from './event.ts';
import { IncidentSummarySchema } from './incident.ts';

export const IncidentMapSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  // Issue 9: what the map picture needs before it fetches the points.
  colour: z.string().default('#0071BF'),
  icon: z.enum(SYMBOLS).default('circle'),
  validPointCount: z.number().int().default(0),
  firstTimestamp: z.number().int().nullable().default(null),
  lastTimestamp: z.number().int().nullable().default(null),
});

export const IncidentPayloadSchema = IncidentSummarySchema.extend({
  streams: z.array(StreamSchema),
  actors: z.array(IncidentActorSchema),
  collections: z.array(CollectionSchema),
  /** Every event when there are at most 10,000; otherwise none, and eventsComplete is false: page them. */
  events: z.array(EventRowSchema),
  eventsComplete: z.boolean(),
  /**
   * Changes whenever any event of the incident does: a device that finished syncing at this
   * revision already holds every event. Optional: an answer cached before it existed has none.
   */
  eventsRevision: z.string().optional(),
  links: z.array(LinkSchema),
  notes: z.array(NoteSchema),
  tags: z.array(TagSchema),
  eventTags: z.array(TagAssignmentSchema),
  streamTags: z.array(TagAssignmentSchema),
  incidentUploads: z.array(UploadSchema),
  incidentMaps: z.array(IncidentMapSummarySchema),
  relatedIncidents: z.array(RelatedIncidentSchema),
});
export type IncidentPayload = z.infer<typeof IncidentPayloadSchema>;

/** A page of GET /api/incident/{id}/events: pass nextCursor as `after` until it is null. */
export const EventPageSchema = z.object({ events: z.array(EventRowSchema), nextCursor: z.string().nullable() });
