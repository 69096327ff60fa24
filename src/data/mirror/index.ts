/*
 * The offline mirror (IndexedDB 'churchkey-mirror', Dexie): what screens read, and how it is filled.
 * Screens never fetch: they mount a *Sync hook (which fills the mirror from the API while shown) and
 * read through the live hooks, which re-render as rows land. Everything works offline from what was
 * mirrored before. All timestamps are microseconds since the epoch, except lastSyncedAt (ms).
 *
 * Reads (useLiveQuery; `undefined` while the first read runs, or while the item is not on this device):
 *   useOrganizations(): OrganizationSummary[] | undefined                    sorted by name
 *   useOrganization(organizationID): OrganizationMirror | undefined
 *       { organization: OrganizationSummary, incidentTags, members, incidents: IncidentSummary[], actors: OrganizationActor[] }
 *       (incidentTags and members are [] until useOrganizationSync has run once)
 *   useIncidentList(organizationID?): IncidentSummary[] | undefined          newest first
 *   useIncident(incidentID): IncidentMirror | undefined
 *       { incident: IncidentSummary, streams, actors, collections, notes, links, tags, eventTags,
 *         streamTags, uploads, maps, relatedIncidents }   (wire shapes of domain/annotations.ts;
 *         eventTags/streamTags/maps rows carry incidentID, relatedIncidents rows sourceIncidentID;
 *         rows with outboxID are optimistic writes the server has not confirmed yet)
 *   useIncidentEvents(incidentID, { fromMicros?, toMicros?, streamIDs?, actorIDs? } = {}): EventMirrorRow[] | undefined
 *       EventRow & { incidentID }, by startTimestamp then id; bounds inclusive on startTimestamp
 *       (read again only when a sync ends at a new events revision, an optimistic marker changes, or
 *       a first sync has doubled what the device holds: see events-read-plan.ts)
 *   eventListColumns(events): the number columns of a list useIncidentEvents answered from columnar
 *       chunks (pictures read these instead of a million rows); undefined for any other list
 *   eventFilterColumns(events) / eventExtraPositions(events) / eventPositionOfID(events, id): read a
 *       columnar list without building its rows (it builds a row only for a position read: lazy-event-list.ts)
 *   takeLayoutAtStart(events, view): the swimlane the copy's worker laid out as the app started, when the
 *       list is the one read from that copy and the view is the one laid out with (and the view kept for
 *       the next reopen): swimlane-layout-at-start.ts
 *   putSwimlaneFrame(record) / restoredSwimlaneFrame(): the swimlane's last settled frame, kept per incident
 *       with the key of what it was drawn from (swimlane-frame-key.ts), read and decoded as the app starts and
 *       shown on a reopen until swimlaneLiveFrameDrawn() (swimlane-frame-restore.ts); eventsListRevision(events):
 *       the mirror's stamp a list was read at
 *   eventTextsPending(events) / eventMessagePending(event): a reopened columnar list is answered from its
 *       numbers first, its messages a moment later (the same list again, with them): until then a search
 *       waits and a row's message says it is loading (never shown empty)
 *   useEventCount(incidentID): number | undefined
 *
 * Freshness and syncing:
 *   useSyncStatus(incidentID): SyncStatus
 *       { status: 'idle'|'syncing'|'error'|'offline', loaded, total, lastSyncedAt?: number, error?: string }
 *       loaded/total: events written so far / the incident's event count (for a progress bar)
 *   useIncidentSync(incidentID): SyncStatus          syncs on mount and when the network returns, catches up every few seconds (changes since the held number); cancels on unmount
 *   useOrganizationsSync(): ListSyncStatus           { status, lastSyncedAt?, error? }
 *   useOrganizationSync(organizationID): ListSyncStatus
 *   useIncidentListSync(organizationID?): ListSyncStatus
 *   syncIncident(incidentID, { signal?, onProgress? }): Promise<void>   (rejects as the fetch does)
 *   syncOrganizations() / syncOrganization(id) / syncIncidentList(organizationID?)
 *   removeIncident(incidentID): Promise<void>         drops an incident and all its rows from this device
 *   useMirroredIncidents(): MirroredIncident[] | undefined   incidents held here, with events and last sync
 *   useFastCopyBytes(incidents): Map<incidentID, bytes>   each one's fast copy of its event numbers (event-numbers-copy.ts)
 *   readDeviceStorage(): Promise<DeviceStorage>  /  requestPersistentStorage(): Promise<boolean>
 *   incidentOfEvent(id) / incidentOfNote(id) / incidentOfLink(id): Promise<number | undefined>   (for writes queued offline)
 *   syncMapPoints({ incidentID, mapID, validPointCount }, analystID, { signal?, onProgress? }): Promise<void>
 *       a map's points into the mirror in pages of 50,000 (kept when already complete)
 *   readMapPoints(mapID): Promise<MapPointColumns | undefined>   undefined unless every page is here
 * An incident or organization the server answers 404 for leaves the device (status 'error').
 */
export { syncIncidentList, syncOrganization, syncOrganizations } from './api-source.ts';
export { syncIncident } from './sync-incident-from-api.ts';
export type {
  ActorRow,
  CollectionRow,
  EventMirrorRow,
  LinkRow,
  MapRow,
  NoteRow,
  OrganizationSummary,
  RelatedIncidentRow,
  StreamRow,
  SyncStatusName,
  TagAssignmentRow,
  TagRow,
  UploadRow,
} from './mirror-database.ts';
export type { EventQuery, IncidentMirror, OrganizationMirror } from './mirror-queries.ts';
export type { SyncOptions, SyncProgress } from './sync-incident.ts';
export { removeIncident } from './remove-incident.ts';
export { readMapPoints, syncMapPoints, type MapPointsProgress, type MapPointsRef } from './map-points-mirror.ts';
export { incidentOfEvent, incidentOfLink, incidentOfNote } from './lookup.ts';
export {
  readDeviceStorage,
  requestPersistentStorage,
  useFastCopyBytes,
  useMirroredIncidents,
  type DeviceStorage,
  type MirroredIncident,
} from './device-storage.ts';
export { useEventCount, useIncident, useIncidentList, useOrganization, useOrganizations } from './use-mirror.ts';
export { useIncidentEvents } from './use-incident-events.ts';
export { afterFirstFrame, firstFrameDrawn, holdUntilFirstFrame, useFirstFrameDrawn } from './first-frame-hold.ts';
export { eventListColumns } from './event-list-columns.ts';
export { takeLayoutAtStart, type PageSwimlaneView } from './swimlane-layout-at-start.ts';
export { stableJson, swimlaneFrameKey } from './swimlane-frame-key.ts';
export { earlyFrameInputs } from './swimlane-frame-early-key.ts';
export { putSwimlaneFrame, readMirrorRevision, type SwimlaneFrameRecord } from './swimlane-frame-store.ts';
export {
  endEarlySwimlanePicture,
  markRestoredSwimlaneFrameShown,
  restoredSwimlaneFrame,
  swimlaneFramePlaced,
  subscribeRestoredSwimlaneFrame,
  swimlaneLiveFrameDrawn,
  type RestoredSwimlaneFrame,
} from './swimlane-frame-restore.ts';
export { eventsListRevision } from './list-revision.ts';
export { eventExtraPositions, eventFilterColumns, eventMessagePending, eventPositionOfID, eventTextsPending } from './lazy-event-list.ts';
export {
  useIncidentListSync,
  useIncidentSync,
  useOrganizationSync,
  useOrganizationsSync,
  useSyncStatus,
  type ListSyncStatus,
  type SyncStatus,
} from './use-sync.ts';
