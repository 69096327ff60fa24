/*
 * The browser's mirror of what the analyst opened, in IndexedDB through Dexie. Rows are the wire
 * shapes of domain/ (plus the incident they belong to where the wire leaves it implicit), so a
 * screen reads the same objects the API sends. Indexes follow the screens' queries: events by
 * incident and time, by actor and by stream; everything else by incident.
 *
 * Schema changes: never edit a shipped version; add `this.version(n + 1).stores({...changed tables})`
 * with an `.upgrade(tx => ...)` that rewrites old rows, so an analyst's mirror survives the update.
 */
import Dexie, { type Table } from 'dexie';
import type { z } from 'zod';
import type {
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
import type { EventRow } from '../../../domain/event.ts';
import type { IncidentSummary } from '../../../domain/incident.ts';
import type { OrganizationSummarySchema } from '../../../domain/organization.ts';
import type { EventColumns } from '../../../domain/events/event-columns.ts';
import { packEventChunkNumbers } from '../../../domain/events/event-chunk-numbers.ts';
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';
import type { IncidentMapSummarySchema } from '../../../domain/incident-payload.ts';
import type { IncidentTagCount, OrganizationActor, OrganizationMember } from '../../../domain/organization-payload.ts';
import { MIRROR_DATABASE_NAME } from './mirror-database-name.ts';


/**
 * Set on a row written optimistically by the outbox before the server has it: the sync keeps such
 * rows (the server cannot know them yet) until the outbox sends the write and drops them.
 */
interface Optimistic {
  outboxID?: string;
}

export type OrganizationSummary = z.infer<typeof OrganizationSummarySchema>;
/** The list's summary; the detail fields arrive once the organization itself was opened. */
type OrganizationRow = OrganizationSummary & { incidentTags?: IncidentTagCount[]; members?: OrganizationMember[] };
export type StreamRow = z.infer<typeof StreamSchema> & Optimistic;
export type ActorRow = z.infer<typeof IncidentActorSchema> & Optimistic;
export type EventMirrorRow = EventRow & { incidentID: number } & Optimistic;
export type CollectionRow = z.infer<typeof CollectionSchema> & Optimistic;
export type NoteRow = z.infer<typeof NoteSchema> & Optimistic;
export type LinkRow = z.infer<typeof LinkSchema> & Optimistic;
export type TagRow = z.infer<typeof TagSchema> & Optimistic;
export type TagAssignmentRow = z.infer<typeof TagAssignmentSchema> & { incidentID: number } & Optimistic;
export type UploadRow = z.infer<typeof UploadSchema> & Optimistic;
/** incidentID is the related incident (as on the wire); sourceIncidentID the incident it is attached to. */
export type RelatedIncidentRow = z.infer<typeof RelatedIncidentSchema> & { sourceIncidentID: number } & Optimistic;
export type MapRow = z.infer<typeof IncidentMapSummarySchema> & { incidentID: number } & Optimistic;
/** One page of a map's points (columns, as the points call answers them), in time order by page. */
/** A large incident's events as one row of columns (event-snapshot.ts builds and reads it). */
export interface EventSnapshotRow {
  incidentID: number;
  /** The events revision (GET /api/incident/{id}) the snapshot was written at. */
  revision: string;
  count: number;
  ids: Float64Array;
  streamIDs: Float64Array;
  actorIDs: Float64Array;
  isMarker: Uint8Array;
  startTimestamps: Float64Array;
  endTimestamps: Float64Array;
  messages: string[];
  /** The few events with extra data (HAR timings, other columns): their positions and values. */
  extraPositions: Uint32Array;
  extras: unknown[];
}

/**
 * One page of a large incident's events (event-chunks.ts): the mirror keeps such an incident as chunks
 * in the server's (time, id) order, one per page. Since schema 6 a chunk's number columns are one
 * ArrayBuffer (domain/events/event-chunk-numbers.ts), cloned with a memcpy on a reopen; its texts are
 * in eventChunkTexts, read only once the first frame is drawn. `stamp` is the same in both rows of one
 * write, so texts are never paired with the numbers of another.
 */
export interface EventChunkRow {
  incidentID: number;
  chunk: number;
  numbers: ArrayBuffer;
  stamp: string;
}

/** A chunk's messages and extra data, position for position with its numbers (same stamp). */
export interface EventChunkTextsRow {
  incidentID: number;
  chunk: number;
  stamp: string;
  /** Every message one after another; message i is messageText.slice(offsets[i], offsets[i + 1]). */
  messageText: string;
  messageOffsets: Uint32Array;
  /** The extra data of the chunk's events that have some, in the order of its extraPositions. */
  extras: unknown[];
}

/** A chunk's event ids and first (time, id) alone: a delta finds the chunks it touches without reading every message. */
export interface EventChunkKeysRow {
  incidentID: number;
  chunk: number;
  ids: Float64Array;
  firstStart: number;
  firstID: number;
}

interface MapPointPageRow {
  mapID: number;
  incidentID: number;
  page: number;
  points: MapPointColumns;
}
/** How far a map's points are on this device; 'complete' when every page is. */
export interface MapPointSyncRow {
  mapID: number;
  incidentID: number;
  status: 'missing' | 'syncing' | 'complete' | 'error';
  loaded: number;
  total: number;
  error?: string;
}

export type SyncStatusName = 'idle' | 'syncing' | 'error' | 'offline';

export interface SyncStateRow {
  incidentID: number;
  status: SyncStatusName;
  eventsLoaded: number;
  eventsTotal: number;
  /** Milliseconds since the epoch of the last complete sync. */
  lastSyncedAt?: number;
  /**
   * The incident's events revision (GET /api/incident/{id}) the last complete sync of its events
   * reached: while the server answers the same, every event is on the device and none is fetched.
   */
  eventsRevision?: string;
  /**
   * The change ("epoch:seq", GET /api/incident/{id}/changes) the device holds everything up to; ahead
   * of eventsRevision when only the payload (a note, a tag) changed since the events did.
   */
  changeRevision?: string;
  error?: string;
  /** The incident's events are kept as columnar chunks (eventChunks); the events table holds only its optimistic rows. */
  columnar?: boolean;
}

/** The same for a list: 'organizations', 'organization:{id}', 'incidents' or 'incidents:{organizationID}'. */
export interface ListSyncRow {
  scope: string;
  status: SyncStatusName;
  lastSyncedAt?: number;
  error?: string;
}

/** A write waiting to be sent (src/data/outbox); in this database so it and its optimistic rows commit together. */
export interface OutboxRow {
  /** Auto-incremented: the order writes are sent in. */
  seq?: number;
  /** A UUID: the Idempotency-Key (and an audit action's clientID), so the server applies it once. */
  id: string;
  kind: 'audit' | 'annotation';
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The analyst who made it, sent as X-Churchkey-Analyst whoever is chosen when it is sent. */
  analystID: number;
  /** What the analyst sees in the list of waiting writes. */
  label: string;
  incidentID?: number;
  /** A write to events (markers): the incident's events are synced again once it is sent. */
  touchesEvents?: boolean;
  /** Milliseconds since the epoch. */
  createdAt: number;
  status: 'pending' | 'failed';
  attempts: number;
  error?: string;
  /** Optimistic rows put into the mirror, dropped if the write is discarded. */
  optimisticPuts: Array<{ table: string; key: unknown }>;
}

/** The first shipped schema (kept as it was: upgrades add versions after it). */
export const MIRROR_SCHEMA_V1 = {
  organizations: 'id',
  organizationActors: 'id, organizationID',
  incidents: 'id, organizationID',
  streams: 'id, incidentID',
  actors: 'id, incidentID',
  events: 'id, [incidentID+startTimestamp], [incidentID+actorID+startTimestamp], [incidentID+streamID+startTimestamp]',
  collections: 'id, incidentID',
  notes: 'id, incidentID',
  links: 'id, incidentID',
  tags: '[incidentID+itemType+name], incidentID',
  eventTags: '[incidentID+itemID+name], incidentID',
  streamTags: '[incidentID+itemID+name], incidentID',
  uploads: 'id, incidentID',
  relatedIncidents: '[sourceIncidentID+incidentID], sourceIncidentID',
  maps: 'id, incidentID',
  syncState: 'incidentID',
  listSync: 'scope',
};

export class MirrorDatabase extends Dexie {
  organizations!: Table<OrganizationRow, number>;
  organizationActors!: Table<OrganizationActor, number>;
  incidents!: Table<IncidentSummary, number>;
  streams!: Table<StreamRow, number>;
  actors!: Table<ActorRow, number>;
  events!: Table<EventMirrorRow, number>;
  collections!: Table<CollectionRow, number>;
  notes!: Table<NoteRow, number>;
  links!: Table<LinkRow, number>;
  tags!: Table<TagRow, [number, string, string]>;
  eventTags!: Table<TagAssignmentRow, [number, number, string]>;
  streamTags!: Table<TagAssignmentRow, [number, number, string]>;
  uploads!: Table<UploadRow, number>;
  relatedIncidents!: Table<RelatedIncidentRow, [number, number]>;
  maps!: Table<MapRow, number>;
  syncState!: Table<SyncStateRow, number>;
  listSync!: Table<ListSyncRow, string>;
  outbox!: Table<OutboxRow, number>;
  mapPointPages!: Table<MapPointPageRow, [number, number]>;
  mapPointSync!: Table<MapPointSyncRow, number>;
  eventSnapshots!: Table<EventSnapshotRow, number>;
  eventChunks!: Table<EventChunkRow, [number, number]>;
  eventChunkKeys!: Table<EventChunkKeysRow, [number, number]>;
  eventChunkTexts!: Table<EventChunkTextsRow, [number, number]>;

  constructor(name = MIRROR_DATABASE_NAME) {
    super(name);
    this.version(1).stores(MIRROR_SCHEMA_V1);
    // Version 2: the outbox of writes made offline (no existing rows change).
    this.version(2).stores({ outbox: '++seq, &id' });
    // Version 3: maps' points, in pages, so a map replays offline. The maps mirrored before have no
    // points here yet: each is marked missing (the map picture fetches them when next online).
    this.version(3)
      .stores({ mapPointPages: '[mapID+page], mapID, incidentID', mapPointSync: 'mapID, incidentID' })
      .upgrade(async (tx) => {
        const maps = await tx.table<MapRow, number>('maps').toArray();
        await tx.table<MapPointSyncRow, number>('mapPointSync').bulkPut(maps.map((map) => ({ mapID: map.id, incidentID: map.incidentID, status: 'missing', loaded: 0, total: map.validPointCount })));
      });
    // Version 4: large incidents' events also as one row of columns (event-snapshot.ts), written by
    // the next complete sync.
    this.version(4).stores({ eventSnapshots: 'incidentID' });
    // Version 5: large incidents' events as columnar chunks, one per page (event-chunks.ts), written by
    // the next full sync; until then such an incident reads as before.
    this.version(5).stores({ eventChunks: '[incidentID+chunk], incidentID', eventChunkKeys: '[incidentID+chunk], incidentID' });
    // Version 6: each chunk's numbers as one buffer, its texts in their own table (EventChunkRow). The
    // chunks held are converted in place, so a reopen after the update stays offline and fetches nothing.
    this.version(6)
      .stores({ eventChunkTexts: '[incidentID+chunk], incidentID' })
      .upgrade(async (tx) => {
        const chunks = tx.table<EventChunkRow | { incidentID: number; chunk: number; columns: EventColumns }, [number, number]>('eventChunks');
        const texts = tx.table<EventChunkTextsRow, [number, number]>('eventChunkTexts');
        // One chunk at a time: a million events never sit in memory at once.
        for (const key of await chunks.toCollection().primaryKeys()) {
          const row = await chunks.get(key);
          if (!row || !('columns' in row)) continue;
          const { incidentID, chunk, columns } = row;
          const stamp = `upgraded ${incidentID} ${chunk}`;
          await chunks.put({ incidentID, chunk, numbers: packEventChunkNumbers(columns), stamp });
          await texts.put({ incidentID, chunk, stamp, messageText: columns.messageText, messageOffsets: columns.messageOffsets, extras: columns.extras });
        }
      });
    // Version 7: the chunks' write stamps as an index, read without their numbers: the fingerprint a
    // fast copy of the numbers outside IndexedDB is checked against (event-numbers-copy.ts).
    this.version(7).stores({ eventChunks: '[incidentID+chunk], incidentID, [incidentID+chunk+stamp]' });
  }
}

/** The tables holding one incident's annotations and structure, each indexed by incidentID. */
let shared: MirrorDatabase | undefined;

/** The mirror of this browser profile, opened on first use. */
export function mirrorDatabase(): MirrorDatabase {
  shared ??= new MirrorDatabase();
  return shared;
}
