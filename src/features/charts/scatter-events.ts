/*
 * The shown events of each actor in time order, so actor-scatter can tell which event is under the
 * pointer (the nearest in time within a few pixels) and step through an actor's events with the
 * keyboard, in a binary search rather than a pass over every event.
 */
import type { ChartActor, CountableEvent } from './chart-counts.ts';

export interface ActorEventTimes {
  /** Per actor row: start times ascending, and the event ids and positions in the same order. */
  starts: Float64Array[];
  ids: Int32Array[];
  positions: Uint32Array[];
}

interface IdentifiedEvent extends CountableEvent {
  readonly id: number;
}

export function eventsByActor(
  events: readonly IdentifiedEvent[],
  positions: Uint32Array,
  actors: readonly ChartActor[],
): ActorEventTimes {
  const row = new Map(actors.map((actor, index) => [actor.id, index]));
  const counts = new Uint32Array(actors.length);
  for (let i = 0; i < positions.length; i += 1) {
    const event = events[positions[i] as number];
    const at = event && !event.isMarker ? row.get(event.actorID) : undefined;
    if (at !== undefined) (counts[at] as number) += 1;
  }
  const starts = actors.map((_, index) => new Float64Array(counts[index] as number));
  const ids = actors.map((_, index) => new Int32Array(counts[index] as number));
  const places = actors.map((_, index) => new Uint32Array(counts[index] as number));
  const filled = new Uint32Array(actors.length);
  for (let i = 0; i < positions.length; i += 1) {
    const position = positions[i] as number;
    const event = events[position];
    const at = event && !event.isMarker ? row.get(event.actorID) : undefined;
    if (event === undefined || at === undefined) continue;
    const k = filled[at] as number;
    (starts[at] as Float64Array)[k] = event.startTimestamp;
    (ids[at] as Int32Array)[k] = event.id;
    (places[at] as Uint32Array)[k] = position;
    filled[at] = k + 1;
  }
  // Shown events come in time order already; an out-of-order list is sorted once here.
  starts.forEach((times, index) => {
    for (let k = 1; k < times.length; k += 1) {
      if ((times[k] as number) < (times[k - 1] as number)) {
        sortTogether(times, ids[index] as Int32Array, places[index] as Uint32Array);
        break;
      }
    }
  });
  return { starts, ids, positions: places };
}

/** The index of the start nearest to `micros`, if one lies within `withinMicros` of it. */
export function nearestEvent(starts: Float64Array, micros: number, withinMicros: number): number | undefined {
  if (starts.length === 0) return undefined;
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((starts[middle] as number) < micros) low = middle + 1;
    else high = middle;
  }
  let best: number | undefined;
  for (const candidate of [low - 1, low]) {
    if (candidate < 0 || candidate >= starts.length) continue;
    const distance = Math.abs((starts[candidate] as number) - micros);
    if (distance <= withinMicros && (best === undefined || distance < Math.abs((starts[best] as number) - micros)))
      best = candidate;
  }
  return best;
}

function sortTogether(starts: Float64Array, ids: Int32Array, positions: Uint32Array): void {
  const order = Array.from(starts.keys()).sort((a, b) => (starts[a] as number) - (starts[b] as number));
  const s = order.map((k) => starts[k] as number);
  const i = order.map((k) => ids[k] as number);
  const p = order.map((k) => positions[k] as number);
  starts.set(s);
  ids.set(i);
  positions.set(p);
}
