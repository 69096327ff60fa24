/*
 * What the screens read from the mirror, as plain async functions over a MirrorDatabase (the hooks
 * wrap them in useLiveQuery; the unit tests call them directly).
 */
import Dexie from 'dexie';
import type { EventsStamp } from './events-read-plan.ts';
import { eventsOfChunks, loadChunkTexts, readChunkEvents } from './event-chunk-reads.ts';
import { readEventChunkStamps } from './event-chunks.ts';
import { readEventNumbersCopy, scheduleEventNumbersCopy } from './event-numbers-copy.ts';
import { eventNumbersOfFile } from './event-numbers-file.ts';
import { snapshotRows } from './event-snapshot.ts';
import type { IncidentSummary } from '../../../domain/incident.ts';
import type { IncidentTagCount, OrganizationActor, OrganizationMember } from '../../../domain/organization-payload.ts';
import type {
  ActorRow,
  CollectionRow,
  EventMirrorRow,
  LinkRow,
  MapRow,
  MirrorDatabase,
  NoteRow,
  OrganizationSummary,
  RelatedIncidentRow,
  StreamRow,
  SyncStateRow,
  TagAssignmentRow,
  TagRow,
  UploadRow,
} from './mirror-database.ts';

export interface IncidentMirror {
  incident: IncidentSummary;
  streams: StreamRow[];
  actors: ActorRow[];
  collections: CollectionRow[];
  notes: NoteRow[];
  links: LinkRow[];
  tags: TagRow[];
  eventTags: TagAssignmentRow[];
  streamTags: TagAssignmentRow[];
  uploads: UploadRow[];
  maps: MapRow[];
  relatedIncidents: RelatedIncidentRow[];
}

export interface OrganizationMirror {
  organization: OrganizationSummary;
  /** Known once the organization itself was synced (GET /api/organization/{id}); [] before. */
  incidentTags: IncidentTagCount[];
  members: OrganizationMember[];
  incidents: IncidentSummary[];
  actors: OrganizationActor[];
}

export interface EventQuery {
  /** Inclusive bounds on startTimestamp, microseconds. */
  fromMicros?: number | undefined;
  toMicros?: number | undefined;
  /** Only events of these streams / actors (an empty list matches nothing). */
  streamIDs?: readonly number[] | undefined;
  actorIDs?: readonly number[] | undefined;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name) || 0;

export async function readOrganizations(db: MirrorDatabase): Promise<OrganizationSummary[]> {
  const rows = await db.organizations.toArray();
  return rows
    .map(({ id, name, description, incidentCount, createTimestamp }) => ({ id, name, description, incidentCount, createTimestamp }))
    .sort(byName);
}

export async function readOrganization(db: MirrorDatabase, organizationID: number): Promise<OrganizationMirror | undefined> {
  const row = await db.organizations.get(organizationID);
  if (!row) return undefined;
  const { incidentTags = [], members = [], ...organization } = row;
  const [incidents, actors] = await Promise.all([
    readIncidentList(db, organizationID),
    db.organizationActors.where('organizationID').equals(organizationID).toArray(),
  ]);
  actors.sort((a, b) => a.displayName.localeCompare(b.displayName) || a.id - b.id);
  return { organization, incidentTags, members, incidents, actors };
}

/** Newest first (createTimestamp descending). */
export async function readIncidentList(db: MirrorDatabase, organizationID?: number): Promise<IncidentSummary[]> {
  const rows = organizationID === undefined ? await db.incidents.toArray() : await db.incidents.where('organizationID').equals(organizationID).toArray();
  return rows.sort((a, b) => b.createTimestamp - a.createTimestamp || b.id - a.id);
}

export async function readIncidentMirror(db: MirrorDatabase, incidentID: number): Promise<IncidentMirror | undefined> {
  const incident = await db.incidents.get(incidentID);
  if (!incident) return undefined;
  const owned = <T>(table: { where(index: string): { equals(value: number): { toArray(): Promise<T[]> } } }) =>
    table.where('incidentID').equals(incidentID).toArray();
  const [streams, actors, collections, notes, links, tags, eventTags, streamTags, uploads, maps, relatedIncidents] = await Promise.all([
    owned<StreamRow>(db.streams),
    owned<ActorRow>(db.actors),
    owned<CollectionRow>(db.collections),
    owned<NoteRow>(db.notes),
    owned<LinkRow>(db.links),
    owned<TagRow>(db.tags),
    owned<TagAssignmentRow>(db.eventTags),
    owned<TagAssignmentRow>(db.streamTags),
    owned<UploadRow>(db.uploads),
    owned<MapRow>(db.maps),
    db.relatedIncidents.where('sourceIncidentID').equals(incidentID).toArray(),
  ]);
  notes.sort((a, b) => a.createTimestamp - b.createTimestamp || a.id - b.id);
  return { incident, streams, actors, collections, notes, links, tags, eventTags, streamTags, uploads, maps, relatedIncidents };
}

/** Events in time order (then id), with their messages: readIncidentEventNumbers, then the texts of a columnar incident. */
export async function readIncidentEvents(db: MirrorDatabase, incidentID: number, query: EventQuery = {}): Promise<EventMirrorRow[]> {
  // A catch-up rewriting a chunk between the two reads makes its texts another write's: read again.
  for (let attempt = 1; ; attempt += 1) {
    const events = await readIncidentEventNumbers(db, incidentID, query);
    const withTexts = await loadChunkTexts(db, events);
    if (withTexts !== 'stale') return withTexts ?? events;
    if (attempt === 3) throw new Error(`the messages of incident ${incidentID} kept changing while they were read`);
  }
}

/**
 * Events in time order (then id), through the [incidentID+startTimestamp] index; a columnar incident's
 * from its chunks' numbers alone (what a reopen reads before its first frame): its rows' messages
 * follow with loadChunkTexts.
 */
export async function readIncidentEventNumbers(db: MirrorDatabase, incidentID: number, query: EventQuery = {}): Promise<EventMirrorRow[]> {
  const columnar = await readColumnarEvents(db, incidentID, query);
  if (columnar) return columnar;
  if (query.fromMicros === undefined && query.toMicros === undefined && !query.streamIDs && !query.actorIDs) {
    const whole = await readSnapshotEvents(db, incidentID);
    if (whole) return whole;
  }
  const lower = [incidentID, query.fromMicros ?? Dexie.minKey];
  const upper = [incidentID, query.toMicros ?? Dexie.maxKey];
  let collection = db.events.where('[incidentID+startTimestamp]').between(lower, upper, true, true);
  const streams = query.streamIDs ? new Set(query.streamIDs) : undefined;
  const actors = query.actorIDs ? new Set(query.actorIDs) : undefined;
  if (streams || actors) {
    collection = collection.filter((event) => (!streams || streams.has(event.streamID)) && (!actors || actors.has(event.actorID)));
  }
  return collection.toArray();
}

/**
 * A columnar incident's events (event-chunk-reads.ts), its optimistic rows merged in; undefined for any
 * other. The numbers come from the fast copy (event-numbers-copy.ts) when it was written at exactly the
 * chunks' stamps read here, beside the optimistic rows; else from IndexedDB, and the copy is renewed.
 */
async function readColumnarEvents(db: MirrorDatabase, incidentID: number, query: EventQuery): Promise<EventMirrorRow[] | undefined> {
  // Started first: the file's read runs beside the transaction that says whether it may be used.
  const started = performance.now();
  const copy = readEventNumbersCopy(incidentID).then(
    (file) => {
      // Seen in a trace: when the file's bytes were in (a worker's read as the app starts).
      performance.measure('churchkey: event numbers file in', { start: started, detail: { bytes: file?.byteLength } });
      return file;
    },
    () => undefined,
  );
  const held = await db.transaction('r', db.syncState, db.eventChunks, db.events, async () => {
    const state = await db.syncState.get(incidentID);
    if (!state?.columnar) return undefined;
    return { optimistic: await optimisticEvents(db, incidentID, query), stamps: await readEventChunkStamps(db, incidentID) };
  });
  if (!held) return undefined;
  performance.measure('churchkey: chunk stamps read', { start: started });
  const file = await copy;
  const chunks = file && eventNumbersOfFile(file, held.stamps);
  if (chunks) {
    // Seen in a trace (and by bench/reopen-ab-bench.ts): the numbers came from the fast copy.
    performance.measure('churchkey: event numbers read from the fast copy', { start: started, detail: { incidentID, bytes: file?.byteLength } });
    return eventsOfChunks(incidentID, chunks, held.stamps.map((entry) => entry.stamp), query, held.optimistic);
  }
  if (held.stamps.length > 0) scheduleEventNumbersCopy(incidentID);
  return db.transaction('r', db.syncState, db.eventChunks, db.events, async () => {
    const state = await db.syncState.get(incidentID);
    if (!state?.columnar) return undefined;
    return readChunkEvents(db, incidentID, query, await optimisticEvents(db, incidentID, query));
  });
}

async function optimisticEvents(db: MirrorDatabase, incidentID: number, query: EventQuery): Promise<EventMirrorRow[]> {
  const streams = query.streamIDs ? new Set(query.streamIDs) : undefined;
  const actors = query.actorIDs ? new Set(query.actorIDs) : undefined;
  return (await db.events.where('id').below(0).toArray()).filter(
    (event) =>
      event.incidentID === incidentID &&
      (query.fromMicros === undefined || event.startTimestamp >= query.fromMicros) &&
      (query.toMicros === undefined || event.startTimestamp <= query.toMicros) &&
      (!streams || streams.has(event.streamID)) &&
      (!actors || actors.has(event.actorID)),
  );
}

/**
 * Every event of the incident from its snapshot (event-snapshot.ts) with the optimistic rows merged
 * in, when the device is complete at the snapshot's revision; undefined otherwise.
 */
async function readSnapshotEvents(db: MirrorDatabase, incidentID: number): Promise<EventMirrorRow[] | undefined> {
  return db.transaction('r', db.syncState, db.eventSnapshots, db.events, async () => {
    const state = await db.syncState.get(incidentID);
    if (state?.eventsRevision === undefined) return undefined;
    const snapshot = await db.eventSnapshots.get(incidentID);
    if (!snapshot || snapshot.revision !== state.eventsRevision) return undefined;
    const optimistic = (await db.events.where('id').below(0).toArray()).filter((event) => event.incidentID === incidentID);
    return snapshotRows(snapshot, optimistic);
  });
}

/** What decides whether a screen reads the incident's events again (events-read-plan.ts): cheap to read. */
export async function readEventsStamp(db: MirrorDatabase, incidentID: number): Promise<EventsStamp> {
  const state = await db.syncState.get(incidentID);
  // Optimistic rows have negative ids: the few waiting in the outbox, whatever their incident.
  const optimistic = (await db.events.where('id').below(0).toArray()).filter((event) => event.incidentID === incidentID);
  return eventsStampOf(state, optimistic);
}

/** The stamp of a sync state and the incident's optimistic rows (in id order), however they were read. */
export function eventsStampOf(state: SyncStateRow | undefined, optimistic: readonly EventMirrorRow[]): EventsStamp {
  return {
    syncing: state?.status === 'syncing',
    eventsLoaded: state?.eventsLoaded ?? 0,
    settled: state?.eventsRevision ?? `${state?.status ?? 'none'} ${state?.lastSyncedAt ?? ''}`,
    optimistic: optimistic.map((event) => JSON.stringify(event)).join('\n'),
  };
}

export async function countIncidentEvents(db: MirrorDatabase, incidentID: number): Promise<number> {
  const state = await db.syncState.get(incidentID);
  // A columnar incident's table holds only its optimistic rows; the sync counted the rest.
  if (state?.columnar) return state.eventsLoaded + (await db.events.where('id').below(0).filter((event) => event.incidentID === incidentID).count());
  return db.events.where('[incidentID+startTimestamp]').between([incidentID, Dexie.minKey], [incidentID, Dexie.maxKey], true, true).count();
}
