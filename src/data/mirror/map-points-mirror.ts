/*
 * The map picture's entry to the mirrored points: sync a map's points from the points call (paged,
 * with the mirror's header so the service worker never answers from its cache) and read them back.
 */
import { MapPointsAnswerSchema, type MapPointColumns } from '../../../domain/geo/map-answers.ts';
import { apiGet } from '../api-client.ts';
import { MIRROR_SYNC } from './mirror-sync-header.ts';
import { mirrorDatabase } from './mirror-database.ts';
import { readMirroredMapPoints, syncMapPointsFrom, type MapPointsProgress, type MapPointsRef, type MapPointsSource } from './sync-map-points.ts';

/** The points call pages for one acting analyst (the spec's path names the analyst). */
function apiMapPointsSource(analystID: number): MapPointsSource {
  return {
    async page(ref, cursor, limit, signal) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor !== undefined) query.set('cursor', cursor);
      const answer = await apiGet(`/api/incident/${ref.incidentID}/analyst/${analystID}/map/${ref.mapID}/points?${query}`, MapPointsAnswerSchema, { signal, headers: MIRROR_SYNC });
      return { points: answer.points, nextCursor: answer.nextCursor ?? null };
    },
  };
}

/** Brings the map's points onto this device (nothing to do when they are); rejects as the fetch does. */
export function syncMapPoints(
  ref: MapPointsRef,
  analystID: number,
  options: { signal?: AbortSignal | undefined; onProgress?: ((progress: MapPointsProgress) => void) | undefined } = {},
): Promise<void> {
  return syncMapPointsFrom(mirrorDatabase(), apiMapPointsSource(analystID), ref, options);
}

/** The map's points held on this device, or undefined when they are not (all) here. */
export function readMapPoints(mapID: number): Promise<MapPointColumns | undefined> {
  return readMirroredMapPoints(mirrorDatabase(), mapID);
}

export type { MapPointsProgress, MapPointsRef } from './sync-map-points.ts';
