/*
 * Reads what the stream panel shows: the stream, its incident's streams and actors, and the summary
 * of its events. The payload carries every event up to 10,000; beyond, the incident's events are
 * paged (the server has no per-stream filter) until every event of the stream has been seen.
 * The source is a parameter so the paging is tested without a server.
 */
import type { EventRow } from '../../../domain/event.ts';
import { addEvents, EMPTY_SUMMARY, type StreamEventSummary } from './stream-event-summary.ts';
import type { IncidentStreams, StreamDetail } from './streams-api.ts';

const PAGE_EVENTS = 20_000;

export interface StreamDetailData {
  readonly stream: StreamDetail;
  readonly incident: IncidentStreams;
  readonly summary: StreamEventSummary;
}

export interface StreamDetailSource {
  stream(streamID: number, signal: AbortSignal): Promise<StreamDetail>;
  incident(incidentID: number, signal: AbortSignal): Promise<IncidentStreams>;
  eventPage(
    incidentID: number,
    after: string | null,
    limit: number,
    signal: AbortSignal,
  ): Promise<{ events: EventRow[]; nextCursor: string | null }>;
}

export async function loadStreamDetail(
  source: StreamDetailSource,
  incidentID: number,
  streamID: number,
  signal: AbortSignal,
  onScan: (scanned: number, total: number) => void,
): Promise<StreamDetailData> {
  const [stream, incident] = await Promise.all([source.stream(streamID, signal), source.incident(incidentID, signal)]);
  if (stream.incidentID !== incidentID)
    throw new Error(`stream ${streamID} belongs to another incident (${stream.incidentID})`);
  if (incident.eventsComplete)
    return { stream, incident, summary: addEvents(EMPTY_SUMMARY, incident.events, streamID) };
  let summary = EMPTY_SUMMARY;
  let scanned = 0;
  let after: string | null = null;
  do {
    const page = await source.eventPage(incidentID, after, PAGE_EVENTS, signal);
    summary = addEvents(summary, page.events, streamID);
    scanned += page.events.length;
    onScan(scanned, incident.counts.events);
    after = page.nextCursor;
    // Once every event of the stream is seen (eventCount), the rest of the incident cannot change the range.
  } while (after !== null && summary.count < stream.eventCount);
  return { stream, incident, summary };
}
