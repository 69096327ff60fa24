/*
 * The stream panel's calls: the stream (GET /api/stream/{id}), the incident's streams and events
 * (the payload, or pages of /events when the payload leaves them out), rename and clock offset
 * (PUT /api/stream/{id}). There is no per-stream event filter on the server, so the events are
 * filtered here; see use-stream-events.ts for how much is read.
 */
import { z } from 'zod';
import { IncidentActorSchema, LinkSchema, StreamSchema, UploadSchema } from '../../../domain/annotations.ts';
import { EventRowSchema, type EventRow } from '../../../domain/event.ts';
import { apiAddress, apiGet, apiPut, isAbortError, type RequestOptions } from '../../data/api-client.ts';
import { syncIncident } from '../../data/mirror/index.ts';

const StreamAnswerSchema = z.object({
  stream: StreamSchema.extend({
    links: z.array(LinkSchema),
    uploads: z.array(UploadSchema),
    systemUploads: z.array(UploadSchema),
  }),
});
export type StreamDetail = z.infer<typeof StreamAnswerSchema>['stream'];

const IncidentStreamsSchema = z.object({
  incident: z.object({
    id: z.number().int(),
    name: z.string(),
    /** The incident's first event: where a re-imported transcript counted from zero starts. */
    firstTimestamp: z.number().int().nullable().default(null),
    streams: z.array(StreamSchema),
    actors: z.array(IncidentActorSchema),
    events: z.array(EventRowSchema),
    eventsComplete: z.boolean(),
    counts: z.object({ events: z.number().int() }),
  }),
});
export type IncidentStreams = z.infer<typeof IncidentStreamsSchema>['incident'];

const EventPageSchema = z.object({ events: z.array(EventRowSchema), nextCursor: z.string().nullable() });
const UpdatedSchema = z.object({ stream: z.object({ id: z.number().int() }) });

export async function fetchStream(streamID: number, options: RequestOptions = {}): Promise<StreamDetail> {
  return (await apiGet(`/api/stream/${streamID}`, StreamAnswerSchema, options)).stream;
}

export async function fetchIncidentStreams(incidentID: number, options: RequestOptions = {}): Promise<IncidentStreams> {
  return (await apiGet(`/api/incident/${incidentID}`, IncidentStreamsSchema, options)).incident;
}

/** One page of the incident's events in time order; pass the answer's nextCursor for the next. */
export async function fetchEventPage(
  incidentID: number,
  after: string | null,
  limit: number,
  options: RequestOptions = {},
): Promise<{ events: EventRow[]; nextCursor: string | null }> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (after !== null) query.set('after', after);
  return apiGet(`/api/incident/${incidentID}/events?${query.toString()}`, EventPageSchema, options);
}

export async function renameStream(streamID: number, name: string): Promise<void> {
  await apiPut(`/api/stream/${streamID}`, { name }, UpdatedSchema);
}

export async function setClockOffset(streamID: number, clockOffsetMicroseconds: number): Promise<void> {
  await apiPut(`/api/stream/${streamID}`, { clockOffsetMicroseconds }, UpdatedSchema);
}

/** Where the browser downloads an upload's bytes (the source file a stream was imported from). */
export function uploadContentAddress(uploadID: number): string {
  return apiAddress(`/api/upload/${uploadID}/content`);
}

/**
 * After the panel changed the stream (times, name, events), the offline mirror other screens read
 * is brought up to date; a failure there leaves the server's change standing, so it is only logged.
 */
export function refreshIncidentMirror(incidentID: number): void {
  syncIncident(incidentID).catch((error: unknown) => {
    if (!isAbortError(error)) console.error('the offline mirror could not follow the stream change', error);
  });
}
