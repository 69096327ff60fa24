/*
 * The incident payload of GET /api/incident/{id} (spec section 7) assembled from its repositories:
 * counts, annotations, streams and actors, and the events themselves while there are at most
 * PAYLOAD_EVENT_LIMIT of them (a larger incident's events are paged).
 */
import type { IncidentPayload } from '../../domain/incident-payload.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http-error.ts';
import type { IncidentRef } from './access-repository.ts';
import type { AnalystRow } from './analysts-repository.ts';
import { eventPage } from './events-repository.ts';
import {
  actorsOf,
  collectionsOf,
  linksOf,
  notesOf,
  PAYLOAD_EVENT_LIMIT,
  relatedIncidentsOf,
  streamsOf,
  tagAssignmentsOf,
  tagsOf,
  uploadsOf,
} from './incident-payload-repository.ts';
import { eventsRevision, incidentSummary } from './incidents-repository.ts';
import { mapsOf } from './maps-repository.ts';

export async function readIncidentPayload(
  db: Queryable,
  ref: IncidentRef,
  analyst: AnalystRow,
): Promise<IncidentPayload> {
  const id = ref.id;
  // Read before the events, so a change made meanwhile leaves the device an older revision
  // (one needless re-sync), never a newer one over older events.
  const revision = await eventsRevision(db, id);
  const summary = await incidentSummary(db, id);
  if (!summary) throw notFound('incident'); // deleted since its access was checked
  const complete = summary.counts.events <= PAYLOAD_EVENT_LIMIT;
  const [streams, actors, collections, events, links, notes, tags, eventTags, streamTags, uploads, related, maps] =
    await Promise.all([
      streamsOf(db, id),
      actorsOf(db, id),
      collectionsOf(db, id),
      complete ? eventPage(db, id, { limit: PAYLOAD_EVENT_LIMIT }) : Promise.resolve([]),
      linksOf(db, id),
      notesOf(db, id),
      tagsOf(db, id, ref.organization_id),
      tagAssignmentsOf(db, 'event_tags', id),
      tagAssignmentsOf(db, 'stream_tags', id),
      uploadsOf(db, id),
      relatedIncidentsOf(db, id, analyst),
      mapsOf(db, id),
    ]);
  return {
    ...summary,
    streams,
    actors,
    collections,
    events,
    eventsComplete: complete,
    eventsRevision: revision,
    links,
    notes,
    tags,
    eventTags,
    streamTags,
    incidentUploads: uploads,
    incidentMaps: maps,
    relatedIncidents: related,
  };
}
