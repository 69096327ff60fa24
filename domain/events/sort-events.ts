/*
 * The events table's order: several sort fields, each ascending or descending (spec section 4),
 * over the positions the filter kept. Names sort by rank (each distinct name ranked once), so a
 * million rows compare integers; ties keep time order, since the input is in time order.
 */
import type { FilterableEvent } from './event-filter.ts';

export const EVENT_SORT_FIELDS = ['time', 'duration', 'stream', 'actor', 'message'] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];
interface EventSort {
  field: EventSortField;
  desc: boolean;
}

export interface SortableEvent extends FilterableEvent {
  readonly endTimestamp: number;
}

function rankOf(names: ReadonlyMap<number, string>): Map<number, number> {
  // Names as people read them: "alertmanager" before "Elena" (a few hundred names, so localeCompare is cheap).
  const sorted = [...names].sort(
    (a, b) => a[1].localeCompare(b[1], 'en', { sensitivity: 'base', numeric: true }) || a[0] - b[0],
  );
  return new Map(sorted.map(([id], rank) => [id, rank]));
}

/** The list's id columns when it has them (a columnar incident): the counting sort reads these, not rows. */
interface IdColumns {
  readonly streamIDs: ArrayLike<number>;
  readonly actorIDs: ArrayLike<number>;
}

export function sortEventPositions(
  events: readonly SortableEvent[],
  positions: Uint32Array,
  sorts: readonly EventSort[],
  names: { streams: ReadonlyMap<number, string>; actors: ReadonlyMap<number, string> },
  columns?: IdColumns,
): Uint32Array {
  if (sorts.length === 0 || (sorts.length === 1 && sorts[0]?.field === 'time' && !sorts[0].desc)) return positions;
  if (sorts.length === 1 && sorts[0]?.field === 'time') return positions.slice().reverse();
  const fast = countingSort(events, positions, sorts, names, columns);
  if (fast) return fast;
  const streamRank = sorts.some((sort) => sort.field === 'stream') ? rankOf(names.streams) : undefined;
  const actorRank = sorts.some((sort) => sort.field === 'actor') ? rankOf(names.actors) : undefined;
  const compareOne = (sort: EventSort, a: SortableEvent, b: SortableEvent): number => {
    switch (sort.field) {
      case 'time':
        return a.startTimestamp - b.startTimestamp;
      case 'duration':
        return a.endTimestamp - a.startTimestamp - (b.endTimestamp - b.startTimestamp);
      case 'stream':
        return (streamRank?.get(a.streamID) ?? -1) - (streamRank?.get(b.streamID) ?? -1);
      case 'actor':
        return (actorRank?.get(a.actorID) ?? -1) - (actorRank?.get(b.actorID) ?? -1);
      case 'message':
        return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
    }
  };
  const order = Array.from(positions);
  order.sort((left, right) => {
    const a = events[left] as SortableEvent;
    const b = events[right] as SortableEvent;
    for (const sort of sorts) {
      const difference = compareOne(sort, a, b);
      if (difference !== 0) return sort.desc ? -difference : difference;
    }
    return left - right;
  });
  return Uint32Array.from(order);
}

/**
 * The usual table sorts (by stream or actor, then by time either way) in linear time: a counting
 * sort by name rank is stable, so the time order of the input holds inside each name, and a
 * descending time is that order reversed. Anything else takes the general comparison sort.
 */
function countingSort(
  events: readonly SortableEvent[],
  positions: Uint32Array,
  sorts: readonly EventSort[],
  names: { streams: ReadonlyMap<number, string>; actors: ReadonlyMap<number, string> },
  columns: IdColumns | undefined,
): Uint32Array | undefined {
  const [first, second] = sorts;
  if (
    !first ||
    (first.field !== 'stream' && first.field !== 'actor') ||
    sorts.length > 2 ||
    (second && second.field !== 'time')
  )
    return undefined;
  const rank = rankOf(first.field === 'stream' ? names.streams : names.actors);
  const bucketCount = rank.size + 1;
  const ids = columns ? (first.field === 'stream' ? columns.streamIDs : columns.actorIDs) : undefined;
  const bucketOf = (position: number) => {
    const event = ids ? undefined : (events[position] as SortableEvent);
    // Ids without a name (markers' actor 0) rank before every name, as in the general sort.
    const at = rank.get(event ? (first.field === 'stream' ? event.streamID : event.actorID) : (ids?.[position] ?? 0));
    const bucket = at === undefined ? 0 : at + 1;
    return first.desc ? bucketCount - 1 - bucket : bucket;
  };
  const starts = new Uint32Array(bucketCount + 1);
  const buckets = new Uint32Array(positions.length);
  for (let place = 0; place < positions.length; place += 1) {
    const bucket = bucketOf(positions[place] as number);
    buckets[place] = bucket;
    starts[bucket + 1] = (starts[bucket + 1] ?? 0) + 1;
  }
  for (let bucket = 0; bucket < bucketCount; bucket += 1)
    starts[bucket + 1] = (starts[bucket + 1] ?? 0) + (starts[bucket] ?? 0);
  const out = new Uint32Array(positions.length);
  const timeDesc = second?.desc === true;
  const next = starts.slice(0, bucketCount);
  for (let step = 0; step < positions.length; step += 1) {
    const place = timeDesc ? positions.length - 1 - step : step;
    const bucket = buckets[place] as number;
    out[next[bucket] as number] = positions[place] as number;
    next[bucket] = (next[bucket] as number) + 1;
  }
  return out;
}
