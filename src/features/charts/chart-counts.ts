/*
 * What the actor charts count, in one pass over the shown events (typed arrays in, no objects per
 * event): events per actor and stream, and each actor's events binned over time for the scatter.
 * Markers are not any actor's and are left out; bots only when the analyst shows them.
 */

export interface CountableEvent {
  readonly actorID: number;
  readonly streamID: number;
  readonly isMarker: boolean;
  readonly startTimestamp: number;
}

export interface ChartActor {
  id: number;
  name: string;
  isBot: boolean;
}

interface ActorStreamCounts {
  actors: ChartActor[];
  streamIDs: number[];
  /** counts[a][s]: events of actors[a] in streamIDs[s]. */
  counts: number[][];
  totals: number[];
}

export function actorsShown(actors: readonly ChartActor[], showBots: boolean): ChartActor[] {
  return actors.filter((actor) => showBots || !actor.isBot);
}

export function countByActorAndStream(
  events: readonly CountableEvent[],
  positions: Uint32Array,
  actors: readonly ChartActor[],
  streamIDs: readonly number[],
): ActorStreamCounts {
  const actorIndex = new Map(actors.map((actor, index) => [actor.id, index]));
  const streamIndex = new Map(streamIDs.map((id, index) => [id, index]));
  const counts = actors.map(() => streamIDs.map(() => 0));
  for (let i = 0; i < positions.length; i += 1) {
    const event = events[positions[i] as number];
    if (!event || event.isMarker) continue;
    const a = actorIndex.get(event.actorID);
    const s = streamIndex.get(event.streamID);
    if (a === undefined || s === undefined) continue;
    (counts[a] as number[])[s] = ((counts[a] as number[])[s] as number) + 1;
  }
  return {
    actors: [...actors],
    streamIDs: [...streamIDs],
    counts,
    totals: counts.map((row) => row.reduce((sum, count) => sum + count, 0)),
  };
}

/** Per actor, events per time bin (actors × bins, row-major), for a dot per event drawn at pixel resolution. */
export function binByActor(
  events: readonly CountableEvent[],
  positions: Uint32Array,
  actors: readonly ChartActor[],
  fromMicros: number,
  toMicros: number,
  bins: number,
): Uint32Array {
  const actorIndex = new Map(actors.map((actor, index) => [actor.id, index]));
  const grid = new Uint32Array(actors.length * bins);
  const span = Math.max(1, toMicros - fromMicros);
  for (let i = 0; i < positions.length; i += 1) {
    const event = events[positions[i] as number];
    if (!event || event.isMarker) continue;
    const a = actorIndex.get(event.actorID);
    if (a === undefined) continue;
    const bin = Math.min(bins - 1, Math.max(0, Math.floor(((event.startTimestamp - fromMicros) / span) * bins)));
    (grid[a * bins + bin] as number) += 1;
  }
  return grid;
}
