/*
 * Reading an incident straight from the server: a stand-in until the local mirror
 * (src/data/mirror) is in main, and then removed. Writes of annotations live in annotation-api.ts.
 */
import { z } from 'zod';
import {
  CollectionSchema,
  IncidentActorSchema,
  LinkSchema,
  NoteSchema,
  RelatedIncidentSchema,
  StreamSchema,
  TagAssignmentSchema,
  TagSchema,
  UploadSchema,
} from '../../../domain/annotations.ts';
import { EventRowSchema, IncidentSummarySchema, type EventRow } from '../../../domain/incident-data.ts';
import { apiGet } from '../../data/api-client.ts';
import type { IncidentData } from './incident-data.ts';

const PayloadSchema = IncidentSummarySchema.extend({
  streams: z.array(StreamSchema),
  actors: z.array(IncidentActorSchema),
  collections: z.array(CollectionSchema),
  events: z.array(EventRowSchema),
  eventsComplete: z.boolean(),
  links: z.array(LinkSchema),
  notes: z.array(NoteSchema),
  tags: z.array(TagSchema),
  eventTags: z.array(TagAssignmentSchema),
  streamTags: z.array(TagAssignmentSchema),
  incidentUploads: z.array(UploadSchema),
  incidentMaps: z.array(z.object({ id: z.number().int(), name: z.string() })),
  relatedIncidents: z.array(RelatedIncidentSchema),
});
const PageSchema = z.object({ events: z.array(EventRowSchema), nextCursor: z.string().nullable() });

export async function fetchIncident(incidentID: number, signal: AbortSignal, onProgress: (loaded: number, total: number) => void): Promise<{ data: IncidentData; events: EventRow[] }> {
  const { incident: payload } = await apiGet(`/api/incident/${incidentID}`, z.object({ incident: PayloadSchema }), { signal });
  const { streams, actors, collections, links, notes, tags, eventTags, streamTags, incidentUploads, incidentMaps, relatedIncidents, events: first, eventsComplete, ...incident } = payload;
  const data: IncidentData = { incident, streams, actors, collections, notes, links, tags, eventTags, streamTags, uploads: incidentUploads, maps: incidentMaps, relatedIncidents };
  if (eventsComplete) return { data, events: first };
  const events: EventRow[] = [];
  let after: string | null = '';
  while (after !== null) {
    const query: string = after ? `&after=${encodeURIComponent(after)}` : '';
    const page = await apiGet(`/api/incident/${incidentID}/events?limit=50000${query}`, PageSchema, { signal });
    for (const event of page.events) events.push(event);
    onProgress(events.length, incident.counts.events);
    after = page.nextCursor;
  }
  return { data, events };
}
