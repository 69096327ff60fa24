/*
 * A map's points into the mirror, so the map replays with no network: the points call paged (limit,
 * cursor), each page written in its own transaction with the progress beside it, so neither the
 * browser nor IndexedDB holds a million points at once while it streams. A map's points never change
 * once it is made, so a complete mirror of the same point count is kept as it is.
 */
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';
import type { MapPointSyncRow, MirrorDatabase } from './mirror-database.ts';
import { syncFailure } from './sync-failure.ts';

/** Points per page, and so per write transaction (about 4 MB of JSON). */
const MAP_POINT_PAGE_SIZE = 50_000;

export interface MapPointsRef {
  incidentID: number;
  mapID: number;
  /** The map's point count (incidentMaps in the payload): what a complete mirror holds. */
  validPointCount: number;
}

export interface MapPointsSource {
  page(ref: MapPointsRef, cursor: string | undefined, limit: number, signal: AbortSignal | undefined): Promise<{ points: MapPointColumns; nextCursor: string | null }>;
}

export interface MapPointsProgress {
  loaded: number;
  total: number;
}

/** A map's sync under way, shared by every caller that asks for it meanwhile. */
interface SyncRun {
  readonly total: number;
  readonly done: Promise<void>;
  readonly controller: AbortController;
  readonly listeners: Set<(progress: MapPointsProgress) => void>;
  last: MapPointsProgress | undefined;
  waiting: number;
}

const runs = new WeakMap<MirrorDatabase, Map<number, SyncRun>>();

/**
 * Brings the map's points into the mirror, or joins the sync of them already under way: the incident's
 * sync and the map picture ask for the same map at the same moment, and two runs cleared each other's
 * pages, so the picture waited 8-36 s for points it had been sent (bench/RESULTS.md, s17). The run stops
 * only when every caller waiting on it has given up.
 */
export function syncMapPointsFrom(
  db: MirrorDatabase,
  source: MapPointsSource,
  ref: MapPointsRef,
  options: { signal?: AbortSignal | undefined; onProgress?: ((progress: MapPointsProgress) => void) | undefined } = {},
): Promise<void> {
  let byMap = runs.get(db);
  if (!byMap) runs.set(db, (byMap = new Map()));
  let run = byMap.get(ref.mapID);
  // A run every caller gave up on is not joined: it is stopping, and would answer the newcomer with its abort.
  if (!run || run.total !== ref.validPointCount || run.controller.signal.aborted) {
    const controller = new AbortController();
    const started: SyncRun = {
      total: ref.validPointCount,
      controller,
      listeners: new Set(),
      last: undefined,
      waiting: 0,
      done: runSync(db, source, ref, controller.signal, (progress) => {
        started.last = progress;
        for (const listener of started.listeners) listener(progress);
      }).finally(() => {
        if (byMap.get(ref.mapID) === started) byMap.delete(ref.mapID);
      }),
    };
    // A run nobody waits for any more (all aborted) still settles: its rejection is not unhandled.
    started.done.catch(() => undefined);
    byMap.set(ref.mapID, started);
    run = started;
  }
  return join(run, options);
}

function join(
  run: SyncRun,
  { signal, onProgress }: { signal?: AbortSignal | undefined; onProgress?: ((progress: MapPointsProgress) => void) | undefined },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    run.waiting += 1;
    if (onProgress) {
      run.listeners.add(onProgress);
      if (run.last) onProgress(run.last);
    }
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      run.waiting -= 1;
      if (onProgress) run.listeners.delete(onProgress);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      leave();
      if (run.waiting === 0) run.controller.abort(signal?.reason);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    run.done.then(
      () => {
        leave();
        resolve();
      },
      (error: unknown) => {
        leave();
        reject(error);
      },
    );
  });
}

async function runSync(
  db: MirrorDatabase,
  source: MapPointsSource,
  ref: MapPointsRef,
  signal: AbortSignal,
  onProgress: (progress: MapPointsProgress) => void,
): Promise<void> {
  const { incidentID, mapID, validPointCount: total } = ref;
  const before = await db.mapPointSync.get(mapID);
  if (before?.status === 'complete' && before.total === total) return;
  const state = (status: MapPointSyncRow['status'], loaded: number, error?: string): MapPointSyncRow => ({ mapID, incidentID, status, loaded, total, ...(error === undefined ? {} : { error }) });
  await db.transaction('rw', db.mapPointPages, db.mapPointSync, async () => {
    await db.mapPointPages.where('mapID').equals(mapID).delete();
    await db.mapPointSync.put(state('syncing', 0));
  });
  let loaded = 0;
  try {
    let cursor: string | undefined;
    for (let page = 0; ; page += 1) {
      const answer = await source.page(ref, cursor, MAP_POINT_PAGE_SIZE, signal);
      signal.throwIfAborted();
      loaded += answer.points.count;
      const last = answer.nextCursor === null;
      await db.transaction('rw', db.mapPointPages, db.mapPointSync, async () => {
        if (answer.points.count > 0) await db.mapPointPages.put({ mapID, incidentID, page, points: answer.points });
        await db.mapPointSync.put(state(last ? 'complete' : 'syncing', loaded));
      });
      onProgress({ loaded, total });
      if (last) return;
      cursor = answer.nextCursor ?? undefined;
    }
  } catch (error) {
    await db.mapPointSync.put(state('error', loaded, syncFailure(error).message));
    throw error;
  }
}

/** The map's points from the mirror, joined from their pages; undefined unless every page is here. */
export async function readMirroredMapPoints(db: MirrorDatabase, mapID: number): Promise<MapPointColumns | undefined> {
  const sync = await db.mapPointSync.get(mapID);
  if (sync?.status !== 'complete') return undefined;
  const pages = await db.mapPointPages.where('mapID').equals(mapID).sortBy('page');
  return joinPages(pages.map((row) => row.points));
}

/** Pages of columns as one; each page names its own actors, so their indexes are renumbered. */
export function joinPages(pages: readonly MapPointColumns[]): MapPointColumns {
  const joined: MapPointColumns = { count: 0, actors: [], lines: [], timestamps: [], actorIndexes: [], latitudes: [], longitudes: [], altitudes: [], headings: [], pitches: [], rolls: [] };
  const actorIndex = new Map<string, number>();
  for (const page of pages) {
    const renumbered = page.actors.map((actor) => {
      let index = actorIndex.get(actor);
      if (index === undefined) {
        index = joined.actors.length;
        actorIndex.set(actor, index);
        joined.actors.push(actor);
      }
      return index;
    });
    for (let at = 0; at < page.count; at += 1) {
      joined.lines.push(page.lines[at]!);
      joined.timestamps.push(page.timestamps[at]!);
      joined.actorIndexes.push(renumbered[page.actorIndexes[at]!]!);
      joined.latitudes.push(page.latitudes[at]!);
      joined.longitudes.push(page.longitudes[at]!);
      joined.altitudes.push(page.altitudes[at] ?? null);
      joined.headings.push(page.headings[at] ?? null);
      joined.pitches.push(page.pitches[at] ?? null);
      joined.rolls.push(page.rolls[at] ?? null);
    }
    joined.count += page.count;
  }
  return joined;
}
