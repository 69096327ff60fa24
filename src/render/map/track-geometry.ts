/*
 * Pure helpers of the map's track layer: which point is current at a time (binary search over the time
 * column), which points are drawn at a zoom (a stride, so a million-point track stays a bounded
 * number of vertices when seen from far), and merging points that fall on the same spot.
 */
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';

/** Index of the last point at or before `micros` (0 when the time is before the first). */
export function indexAtTime(timestamps: readonly number[], micros: number): number {
  let low = 0;
  let high = timestamps.length - 1;
  if (high < 0 || micros <= timestamps[0]!) return 0;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (timestamps[middle]! <= micros) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** How many vertices a track may have at a camera height (metres): fewer from far away. */
export function vertexBudget(cameraHeightMetres: number): number {
  if (cameraHeightMetres > 2_000_000) return 5_000;
  if (cameraHeightMetres > 200_000) return 20_000;
  if (cameraHeightMetres > 20_000) return 60_000;
  return 200_000;
}

/** Every stride-th point (and always the last), so at most about `budget` are drawn. */
export function decimatedIndexes(count: number, budget: number): number[] {
  const stride = Math.max(1, Math.ceil(count / Math.max(1, budget)));
  const indexes: number[] = [];
  for (let index = 0; index < count; index += stride) indexes.push(index);
  if (count > 0 && indexes[indexes.length - 1] !== count - 1) indexes.push(count - 1);
  return indexes;
}

/** Drops points that repeat the previous drawn point's position (to about a metre): mergeMapDataPoints. */
export function mergedIndexes(points: MapPointColumns, indexes: readonly number[]): number[] {
  const kept: number[] = [];
  let lastKey = '';
  for (const index of indexes) {
    const key = `${points.latitudes[index]!.toFixed(5)},${points.longitudes[index]!.toFixed(5)}`;
    if (key === lastKey) continue;
    lastKey = key;
    kept.push(index);
  }
  return kept;
}
