/*
 * An incident as a server would hold it, answering the way GET /api/incident/{id} and its /events
 * pages do (events in (startTimestamp, id) order, a cursor after the last one), for the unit tests
 * of the mirror. Only imported by *.test.ts.
 */
import type { EventRow } from '../../../domain/incident-data.ts';
import type { IncidentPayload } from '../../../domain/incident-payload.ts';
import type { IncidentSource } from './sync-incident.ts';

export interface CannedIncident {
  payload: Omit<IncidentPayload, 'events' | 'eventsComplete'>;
  events: EventRow[];
}

export function cannedIncident(id: number, organizationID: number, events: EventRow[]): CannedIncident {
  return {
    payload: {
      id,
      organizationID,
      organizationName: 'Org',
      name: `Incident ${id}`,
      description: '',
      firstTimestamp: events[0]?.startTimestamp ?? null,
      lastTimestamp: events[events.length - 1]?.startTimestamp ?? null,
      hasMultipleStreams: false,
      incidentTags: [],
      createTimestamp: 1_000 + id,
      counts: { events: events.length, streams: 1, uploads: 0, actorEventCount: 0, eventNoteCount: 0, humanActorCount: 0, humanActorEventCount: 0 },
      streams: [{ id: id * 100 + 1, incidentID: id, name: 'chat', isMarkerStream: false, importFormat: null, clockOffsetMicroseconds: 0, eventCount: events.length, tags: [], createTimestamp: 1 }],
      actors: [{ id: id * 100 + 2, incidentID: id, name: 'alice', isBot: false, organizationActorID: null, eventCount: events.length }],
      collections: [],
      links: [],
      notes: [],
      tags: [],
      eventTags: [],
      streamTags: [],
      incidentUploads: [],
      incidentMaps: [],
      relatedIncidents: [],
    },
    events,
  };
}

export function eventRow(id: number, startTimestamp: number, streamID = 1, actorID = 1): EventRow {
  return { id, streamID, actorID, isMarker: false, message: `event ${id}`, startTimestamp, endTimestamp: startTimestamp, extra: null };
}

/** Serves canned incidents; `pageSize` overrides the requested limit so small tests still page. */
export function cannedSource(incidents: Map<number, CannedIncident>, options: { pageSize?: number; completeUpTo?: number } = {}) {
  const calls: string[] = [];
  const sorted = (incident: CannedIncident) =>
    [...incident.events].sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
  const source: IncidentSource = {
    async payload(incidentID) {
      calls.push(`payload ${incidentID}`);
      const incident = incidents.get(incidentID);
      if (!incident) throw Object.assign(new Error('GET failed with 404'), { name: 'ApiRequestError', status: 404 });
      const complete = incident.events.length <= (options.completeUpTo ?? 10_000);
      const counts = { ...incident.payload.counts, events: incident.events.length };
      return { ...incident.payload, counts, events: complete ? sorted(incident) : [], eventsComplete: complete };
    },
    async eventPage(incidentID, after, limit, signal) {
      signal?.throwIfAborted();
      calls.push(`page ${incidentID} ${after ?? '-'}`);
      const incident = incidents.get(incidentID)!;
      const [start, id] = after === undefined ? [-1, -1] : after.split(':').map(Number) as [number, number];
      const size = options.pageSize ?? limit;
      const rest = sorted(incident).filter((event) => event.startTimestamp > start || (event.startTimestamp === start && event.id > id));
      const events = rest.slice(0, size);
      const last = events[events.length - 1];
      return { events, nextCursor: events.length === size && last ? `${last.startTimestamp}:${last.id}` : null };
    },
  };
  return { source, calls };
}
