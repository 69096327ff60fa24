/*
 * Events per time bin, split by group (a stream or an actor), for the events-over-time series. Input
 * and output are typed arrays so a million events bin in one pass, on the main thread or in a worker
 * (workers/series-bins.worker.ts), with nothing but numbers crossing.
 */

export interface EventBinsInput {
  /** Start of each shown event, microseconds since the epoch (markers left out). */
  readonly startMicros: Float64Array;
  /** The group of each event (same length), 0..groupCount-1. */
  readonly groups: Uint8Array;
  readonly groupCount: number;
  readonly fromMicros: number;
  readonly toMicros: number;
  readonly binCount: number;
}

export interface EventBins {
  /** Start of each bin, microseconds. */
  readonly binStartMicros: Float64Array;
  /** Counts, group-major: counts[group * binCount + bin]. */
  readonly counts: Uint32Array;
  readonly binCount: number;
  readonly groupCount: number;
}

/** Counts the events in [fromMicros, toMicros] per bin and group; events outside the range are left out. */
export function binEvents(input: EventBinsInput): EventBins {
  const binCount = Math.max(1, Math.floor(input.binCount));
  const groupCount = Math.max(1, input.groupCount);
  const from = input.fromMicros;
  const span = Math.max(1, input.toMicros - from);
  const counts = new Uint32Array(binCount * groupCount);
  const scale = binCount / span;
  const { startMicros, groups } = input;
  for (let index = 0; index < startMicros.length; index += 1) {
    const offset = startMicros[index]! - from;
    if (offset < 0 || offset > span) continue;
    // The range's last instant belongs to the last bin, not one past it.
    const bin = Math.min(binCount - 1, Math.floor(offset * scale));
    const group = Math.min(groupCount - 1, groups[index]!);
    const cell = group * binCount + bin;
    counts[cell] = counts[cell]! + 1;
  }
  const binStartMicros = new Float64Array(binCount);
  for (let bin = 0; bin < binCount; bin += 1) binStartMicros[bin] = from + (bin * span) / binCount;
  return { binStartMicros, counts, binCount, groupCount };
}

/**
 * The stacked tops of each group: row g holds, per bin, the count of groups 0..g together, so a
 * bar drawn from 0 to row g and painted over by rows below it shows each group's share.
 */
export function stackBins(bins: EventBins): Float64Array[] {
  const { counts, binCount, groupCount } = bins;
  const rows: Float64Array[] = [];
  let below = new Float64Array(binCount);
  for (let group = 0; group < groupCount; group += 1) {
    const row = new Float64Array(binCount);
    for (let bin = 0; bin < binCount; bin += 1) row[bin] = below[bin]! + counts[group * binCount + bin]!;
    rows.push(row);
    below = row;
  }
  return rows;
}

interface RankedGroups {
  /** The group index of each key; keys beyond the kept ones share the last index ("other"). */
  readonly indexOf: ReadonlyMap<number, number>;
  /** The kept keys, most events first. */
  readonly keys: readonly number[];
  /** Whether an "other" group follows the kept ones. */
  readonly hasOther: boolean;
}

/** Counts by key when every key is a whole number in [0, 2^20); undefined otherwise. */
function denseTally(keys: ArrayLike<number>): Uint32Array | undefined {
  let largest = 0;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    if (!(key >= 0 && key < 1 << 20 && Math.floor(key) === key)) return undefined;
    if (key > largest) largest = key;
  }
  const counts = new Uint32Array(largest + 1);
  for (let index = 0; index < keys.length; index += 1) counts[keys[index]!]! += 1;
  return counts;
}

/** Keeps the `maxGroups` keys with the most events (ties by key) and folds the rest into one group. */
export function rankGroups(keys: ArrayLike<number>, maxGroups: number): RankedGroups {
  const tally = new Map<number, number>();
  // Ids are small whole numbers: counted in a typed array, a million keys without a Map update each.
  const dense = denseTally(keys);
  if (dense) dense.forEach((count, key) => count > 0 && tally.set(key, count));
  else
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
  const ordered = [...tally.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([key]) => key);
  const hasOther = ordered.length > maxGroups;
  const kept = hasOther ? ordered.slice(0, Math.max(1, maxGroups - 1)) : ordered;
  const indexOf = new Map<number, number>();
  ordered.forEach((key, index) => indexOf.set(key, Math.min(index, kept.length)));
  return { indexOf, keys: kept, hasOther };
}

/** workers/series-bins.worker.ts; the input's arrays are transferred in, the bins' out. */
export interface EventBinsWorkerApi {
  bin(input: EventBinsInput): EventBins;
}
