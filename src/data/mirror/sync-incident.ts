/*
 * Filling the mirror with one incident from the API: the payload, then the events in pages (one
 * transaction per page, the next page fetched while the previous one is written), progress in
 * syncState. The server's answer replaces what the mirror held for that incident.
 */
import { parseChangeRevision } from '../../../domain/incident-changes.ts';
import { catchUpIncident } from './catch-up.ts';
import { SNAPSHOT_MIN_EVENTS } from './event-snapshot.ts';
import { dropEventChunks } from './event-chunks.ts';
import { syncEventChunks } from './sync-event-chunks.ts';
import { putEventPage, removeIncidentFromMirror, replaceIncidentPayload, type EventPosition } from './incident-writes.ts';
import type { MirrorDatabase, SyncStateRow } from './mirror-database.ts';
import { goneIncidentMessage, syncFailure } from './sync-failure.ts';

/** Events per page, and so per write transaction. */
const EVENT_PAGE_SIZE = 10_000;
/**
 * A large incident's columnar pages: the first as small as a row page, so the swimlane draws it soon;
 * the rest larger, as fewer round trips and chunk writes took a million events' first open from 2.2x
 * to 1.9x the NDJSON download (bench/RESULTS.md, "The swimlane in the app").
 */
const COLUMN_PAGE_SIZES = { first: EVENT_PAGE_SIZE, rest: 25_000 };

import type { IncidentSource } from './incident-source.ts';

export type { IncidentSource };

export interface SyncProgress {
  loaded: number;
  total: number;
}

export interface SyncOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: SyncProgress) => void) | undefined;
  /**
   * false: the payload only (annotations, streams, actors; events too when the payload holds them
   * all), as after an annotation write; the events of a large incident are left as they are.
   */
  events?: boolean | undefined;
}

let beforeSync: (() => Promise<void>) | undefined;

/**
 * Run before each incident sync: the outbox sends what waits first, so the server's answer already
 * holds the analyst's offline writes and a sync never shows a deleted annotation again.
 */
export function setBeforeIncidentSync(run: (() => Promise<void>) | undefined): void {
  beforeSync = run;
}

const active = new Map<number, number>();

/** Whether this tab is syncing the incident now (a 'syncing' row left by a closed page is stale). */
export function isIncidentSyncing(incidentID: number): boolean {
  return (active.get(incidentID) ?? 0) > 0;
}

export async function syncIncidentFrom(db: MirrorDatabase, source: IncidentSource, incidentID: number, options: SyncOptions = {}): Promise<void> {
  const { signal, onProgress } = options;
  active.set(incidentID, (active.get(incidentID) ?? 0) + 1);
  const before = await db.syncState.get(incidentID);
  const kept: Pick<SyncStateRow, 'lastSyncedAt'> = before?.lastSyncedAt === undefined ? {} : { lastSyncedAt: before.lastSyncedAt };
  // Until a sync writes events otherwise, a columnar incident's events stay in its chunks.
  const heldColumnar: Pick<SyncStateRow, 'columnar'> = before?.columnar ? { columnar: true } : {};
  // Whether this sync has begun writing events: until then a failure leaves the device's events
  // as complete as they were, revision and all.
  let touched = false;
  try {
    const heldChange = parseChangeRevision(before?.changeRevision ?? before?.eventsRevision);
    if (heldChange) {
      // The device holds the incident up to a change number: only what changed since is fetched.
      await beforeSync?.().catch(() => undefined);
      if (await catchUpIncident(db, source, incidentID, heldChange, signal)) return;
    }
    // The revision stays until the first event is written (each page's progress row drops it), so
    // screens keep reading the complete events, snapshot and all, while the payload is fetched.
    await db.syncState.put({ incidentID, status: 'syncing', eventsLoaded: 0, eventsTotal: before?.eventsTotal ?? 0, ...kept, ...heldColumnar, ...(before?.eventsRevision === undefined ? {} : { eventsRevision: before.eventsRevision }) });
    await beforeSync?.().catch(() => undefined);
    signal?.throwIfAborted();
    const payload = await source.payload(incidentID, signal);
    signal?.throwIfAborted();
    await replaceIncidentPayload(db, payload);
    const total = payload.counts.events;
    let loaded = 0;
    let position: EventPosition | null = null;
    const progress = () => ({ status: 'syncing' as const, eventsLoaded: loaded, eventsTotal: total, ...kept });
    const revision = payload.eventsRevision;
    const held = before?.eventsRevision;
    if (!payload.eventsComplete && revision !== undefined && held === revision && before?.eventsLoaded === total) {
      // Every event is already on this device (a large incident opened again): none is fetched.
      await db.syncState.put({ incidentID, status: 'idle', eventsLoaded: total, eventsTotal: total, eventsRevision: revision, changeRevision: revision, lastSyncedAt: Date.now(), ...heldColumnar });
      return;
    }
    if (options.events === false && !payload.eventsComplete) {
      await db.syncState.put({ incidentID, status: 'idle', eventsLoaded: before?.eventsLoaded ?? 0, eventsTotal: total, ...kept, ...heldColumnar, ...(held === undefined ? {} : { eventsRevision: held }) });
      return;
    }
    touched = true;
    // A large incident's events are kept as columnar chunks, one per page (event-chunks.ts).
    const columnar = !payload.eventsComplete && total >= SNAPSHOT_MIN_EVENTS;
    if (columnar) {
      loaded = await syncEventChunks(db, source, incidentID, COLUMN_PAGE_SIZES, signal, (count) => {
        loaded = count;
        return progress();
      });
      onProgress?.({ loaded, total });
    } else if (payload.eventsComplete) {
      loaded = payload.events.length;
      position = await putEventPage(db, incidentID, payload.events, null, true, progress());
      onProgress?.({ loaded, total });
    } else {
      // A prefetched page may fail after this loop has already failed: its rejection is handled
      // where it is awaited, or not at all.
      const fetchPage = (after: string | undefined) => {
        const request = source.eventPage(incidentID, after, EVENT_PAGE_SIZE, signal);
        request.catch(() => undefined);
        return request;
      };
      let page = fetchPage(undefined);
      for (;;) {
        const { events, nextCursor } = await page;
        signal?.throwIfAborted();
        // Fetch the next page while this one is written.
        if (nextCursor !== null) page = fetchPage(nextCursor);
        loaded += events.length;
        position = await putEventPage(db, incidentID, events, position, nextCursor === null, progress());
        onProgress?.({ loaded, total });
        if (nextCursor === null) break;
      }
    }
    const complete: SyncStateRow = { incidentID, status: 'idle', eventsLoaded: loaded, eventsTotal: loaded, lastSyncedAt: Date.now(), ...(revision === undefined ? {} : { eventsRevision: revision, changeRevision: revision }), ...(columnar ? { columnar: true } : {}) };
    await db.transaction('rw', [db.syncState, db.eventSnapshots, db.eventChunks, db.eventChunkTexts, db.eventChunkKeys], async () => {
      await db.eventSnapshots.delete(incidentID);
      if (!columnar) await dropEventChunks(db, incidentID);
      await db.syncState.put(complete);
    });
  } catch (error) {
    const failure = syncFailure(error);
    if (failure.status === 'gone') {
      // The incident was deleted, or the analyst may no longer read it: it leaves the device.
      const message = goneIncidentMessage(await knownOrganization(db, source, incidentID, signal));
      await removeIncidentFromMirror(db, incidentID);
      await db.syncState.put({ incidentID, status: 'error', eventsLoaded: 0, eventsTotal: 0, error: message });
    } else {
      const state = await db.syncState.get(incidentID);
      await db.syncState.put({
        incidentID,
        status: failure.status,
        eventsLoaded: state?.eventsLoaded ?? 0,
        eventsTotal: state?.eventsTotal ?? 0,
        ...kept,
        ...(state?.columnar ? { columnar: true } : {}),
        ...(!touched && before?.eventsRevision !== undefined ? { eventsRevision: before.eventsRevision } : {}),
        ...(failure.status === 'error' ? { error: failure.message } : {}),
      });
    }
    throw error;
  } finally {
    active.set(incidentID, (active.get(incidentID) ?? 1) - 1);
  }
}

/** The organization this device knew the incident under, and whether the acting analyst may read it. */
async function knownOrganization(db: MirrorDatabase, source: IncidentSource, incidentID: number, signal: AbortSignal | undefined): Promise<{ name: string; readable: boolean } | undefined> {
  const incident = await db.incidents.get(incidentID);
  if (!incident || !source.organizationReadable) return undefined;
  const organization = await db.organizations.get(incident.organizationID);
  try {
    return { name: organization?.name ?? '', readable: await source.organizationReadable(incident.organizationID, signal) };
  } catch {
    // Unknown (offline meanwhile, a server error): the general answer names both causes.
    return undefined;
  }
}
