/*
 * An incident as a server would hold it, answering the way GET /api/incident/{id} and its /events
 * pages do (events in (startTimestamp, id) order, a cursor after the last one), for the unit tests
 * of the mirror. Only imported by *.test.ts.
 */
import type { EventRow } from '../../domain/event.ts';
import type { IncidentPayload } from '../../domain/incident-payload.ts';
import type { IncidentSource } from '../../src/data/mirror/sync-incident.ts';

export interface CannedIncident {
  payload: Omit<IncidentPayload, 'events' | 'eventsComplete'>;
  events: EventRow[];
  /** The server's change sequence (GET /api/incident/{id}/changes); without it, changes asks for a full sync. */
  log?: ChangeLog;
}

export interface ChangeLog {
  epoch: string;
  seq: number;
  floor: number;
  payloadSeq: number;
  eventSeq: Map<number, number>;
  tombstones: Map<number, number>;
}

/** Gives the incident a change sequence at 1 (every event stamped with it). */
export function withChangeLog(
  incident: CannedIncident,
  epoch = '11111111-2222-4333-8444-555555555555',
): CannedIncident {
  incident.log = {
    epoch,
    seq: 1,
    floor: 0,
    payloadSeq: 1,
    eventSeq: new Map(incident.events.map((event) => [event.id, 1])),
    tombstones: new Map(),
  };
  incident.payload.eventsRevision = `${epoch}:1`;
  return incident;
}

/** One change on the server: events put or removed, or the payload touched, under the next number. */
export function changeCanned(
  incident: CannedIncident,
  change: { put?: EventRow[]; remove?: number[]; payload?: boolean },
): void {
  const log = incident.log!;
  log.seq += 1;
  for (const event of change.put ?? []) {
    incident.events = [...incident.events.filter((held) => held.id !== event.id), event];
    log.eventSeq.set(event.id, log.seq);
  }
  for (const id of change.remove ?? []) {
    incident.events = incident.events.filter((held) => held.id !== id);
    log.eventSeq.delete(id);
    log.tombstones.set(id, log.seq);
  }
  if (change.payload) log.payloadSeq = log.seq;
  incident.payload.eventsRevision = `${log.epoch}:${log.seq}`;
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
      counts: {
        events: events.length,
        streams: 1,
        uploads: 0,
        actorEventCount: 0,
        eventNoteCount: 0,
        humanActorCount: 0,
        humanActorEventCount: 0,
      },
      streams: [
        {
          id: id * 100 + 1,
          incidentID: id,
          name: 'chat',
          isMarkerStream: false,
          importFormat: null,
          clockOffsetMicroseconds: 0,
          eventCount: events.length,
          tags: [],
          createTimestamp: 1,
        },
      ],
      actors: [
        {
          id: id * 100 + 2,
          incidentID: id,
          name: 'alice',
          isBot: false,
          organizationActorID: null,
          eventCount: events.length,
        },
      ],
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
  return {
    id,
    streamID,
    actorID,
    isMarker: false,
    message: `event ${id}`,
    startTimestamp,
    endTimestamp: startTimestamp,
    extra: null,
  };
}

/** Serves canned incidents; `pageSize` overrides the requested limit so small tests still page. */
export function cannedSource(
  incidents: Map<number, CannedIncident>,
  options: { pageSize?: number; completeUpTo?: number } = {},
) {
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
      const [start, id] = after === undefined ? [-1, -1] : (after.split(':').map(Number) as [number, number]);
      const size = options.pageSize ?? limit;
      const rest = sorted(incident).filter(
        (event) => event.startTimestamp > start || (event.startTimestamp === start && event.id > id),
      );
      const events = rest.slice(0, size);
      const last = events[events.length - 1];
      return { events, nextCursor: events.length === size && last ? `${last.startTimestamp}:${last.id}` : null };
    },
    async changes(incidentID, since, epoch, after, signal) {
      signal?.throwIfAborted();
      calls.push(`changes ${incidentID} ${since}${after === undefined ? '' : ` ${after}`}`);
      const incident = incidents.get(incidentID);
      if (!incident) throw Object.assign(new Error('GET failed with 404'), { name: 'ApiRequestError', status: 404 });
      const log = incident.log;
      const none = { events: [], deletedEventIDs: [], nextCursor: null, summary: null, streams: null, actors: null };
      if (!log || log.epoch !== epoch || since > log.seq || since < log.floor)
        return { epoch: log?.epoch ?? '', seq: log?.seq ?? 0, full: true, payloadChanged: true, ...none };
      const changed = incident.events
        .filter((event) => (log.eventSeq.get(event.id) ?? 0) > since)
        .sort((a, b) => a.id - b.id);
      const offset = after === undefined ? 0 : Number(after);
      const size = options.pageSize ?? 10_000;
      const events = changed.slice(offset, offset + size);
      const deletedEventIDs =
        after === undefined ? [...log.tombstones].filter(([, seq]) => seq > since).map(([id]) => id) : [];
      const moved = after === undefined && log.seq > since;
      const counts = { ...incident.payload.counts, events: incident.events.length };
      return {
        ...none,
        epoch: log.epoch,
        seq: log.seq,
        full: false,
        payloadChanged: log.payloadSeq > since,
        events,
        deletedEventIDs,
        nextCursor: offset + size < changed.length ? String(offset + size) : null,
        summary: moved ? { ...incident.payload, counts } : null,
      };
    },
  };
  return { source, calls };
}
