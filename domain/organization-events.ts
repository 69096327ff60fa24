/*
 * The organization's pictures read every incident of it on one axis: the answers of
 * GET /api/organization/{id}/event-sources (streams, actors and maps of all its incidents) and
 * GET /api/organization/{id}/events (keyset pages of their events in time order). Shared by the
 * server's route schemas and the browser's parsing.
 */
import { z } from 'zod';
import { SYMBOLS } from './annotations.ts';
import { EventRowSchema } from './event.ts';

const OrganizationEventRowSchema = EventRowSchema.extend({ incidentID: z.number().int() });
export type OrganizationEventRow = z.infer<typeof OrganizationEventRowSchema>;

/** A page of events: pass nextCursor as `after` until it is null. */
export const OrganizationEventPageSchema = z.object({
  events: z.array(OrganizationEventRowSchema),
  nextCursor: z.string().nullable(),
  version: z.string(),
});
export type OrganizationEventPage = z.infer<typeof OrganizationEventPageSchema>;

/** A stream, actor or map of one of the organization's incidents: the filter names it per incident. */
const IncidentSourceSchema = z.object({ id: z.number().int(), incidentID: z.number().int(), name: z.string() });

export const OrganizationEventSourcesSchema = z.object({
  streams: z.array(IncidentSourceSchema.extend({ isMarkerStream: z.boolean() })),
  /** Incident actors with the organization actor each is linked to (null when none is). */
  actors: z.array(
    IncidentSourceSchema.extend({ isBot: z.boolean(), organizationActorID: z.number().int().nullable() }),
  ),
  maps: z.array(
    IncidentSourceSchema.extend({
      colour: z.string(),
      icon: z.enum(SYMBOLS),
      validPointCount: z.number().int(),
    }),
  ),
  /** Events of all the organization's incidents together. */
  eventCount: z.number().int(),
  version: z.string(),
});
export type OrganizationEventSources = z.infer<typeof OrganizationEventSourcesSchema>;
