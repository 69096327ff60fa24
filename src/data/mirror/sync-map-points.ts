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

export async function syncMapPointsFrom(
  db: MirrorDatabase,
  source: MapPointsSource,
  ref: MapPointsRef,
  options: { signal?: AbortSignal | undefined; onProgress?: ((progress: MapPointsProgress) => void) | undefined } = {},
): Promise<void> {
  const { signal, onProgress } = options;
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
      signal?.throwIfAborted();
      loaded += answer.points.count;
      const last = answer.nextCursor === null;
      await db.transaction('rw', db.mapPointPages, db.mapPointSync, async () => {
        if (answer.points.count > 0) await db.mapPointPages.put({ mapID, incidentID, page, points: answer.points });
        await db.mapPointSync.put(state(last ? 'complete' : 'syncing', loaded));
      });
      onProgress?.({ loaded, total });
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
