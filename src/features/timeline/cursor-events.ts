/*
 * The events at a time cursor (the map's clock as it replays a track): the last shown event that
 * started at or before the cursor, with every shown event that started at that same moment. These
 * are the rows the timeline marks as current while the track passes them.
 */
import type { TimelineEvent } from './timeline-types.ts';

export interface CursorEvents {
  /** The place (in `positions`) of the first event of the moment, to keep it in view. */
  readonly place: number;
  readonly eventIDs: ReadonlySet<number>;
}

/** Events sharing one start time listed as current at most (a burst of a thousand is one moment). */
const MOST_AT_ONCE = 200;

export function cursorEvents(
  events: readonly Pick<TimelineEvent, 'id' | 'startTimestamp'>[],
  positions: Uint32Array,
  cursorMicros: number | undefined,
): CursorEvents | undefined {
  if (cursorMicros === undefined || positions.length === 0) return undefined;
  // The first place whose event starts after the cursor.
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((events[positions[middle]!]?.startTimestamp ?? 0) <= cursorMicros) low = middle + 1;
    else high = middle;
  }
  const last = low - 1;
  if (last < 0) return undefined;
  const moment = events[positions[last]!]!.startTimestamp;
  const eventIDs = new Set<number>();
  let place = last;
  for (let at = last; at >= 0 && eventIDs.size < MOST_AT_ONCE; at -= 1) {
    const event = events[positions[at]!]!;
    if (event.startTimestamp !== moment) break;
    eventIDs.add(event.id);
    place = at;
  }
  return { place, eventIDs };
}
