/*
 * The events table's order: several sort fields, each ascending or descending (spec section 4),
 * over the positions the filter kept. Names sort by rank (each distinct name ranked once), so a
 * million rows compare integers; ties keep time order, since the input is in time order.
 */
import type { FilterableEvent } from './event-filter.ts';

export const EVENT_SORT_FIELDS = ['time', 'duration', 'stream', 'actor', 'message'] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];
export interface EventSort {
  field: EventSortField;
  desc: boolean;
}

export interface SortableEvent extends FilterableEvent {
  readonly endTimestamp: number;
}

function rankOf(names: ReadonlyMap<number, string>): Map<number, number> {
  // Names as people read them: "alertmanager" before "Elena" (a few hundred names, so localeCompare is cheap).
  const sorted = [...names].sort((a, b) => a[1].localeCompare(b[1], 'en', { sensitivity: 'base', numeric: true }) || a[0] - b[0]);
  return new Map(sorted.map(([id], rank) => [id, rank]));
}

export function sortEventPositions(
  events: readonly SortableEvent[],
  positions: Uint32Array,
  sorts: readonly EventSort[],
  names: { streams: ReadonlyMap<number, string>; actors: ReadonlyMap<number, string> },
): Uint32Array {
  if (sorts.length === 0 || (sorts.length === 1 && sorts[0]?.field === 'time' && !sorts[0].desc)) return positions;
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
