/*
 * One map can hold several devices' points (a SPOT or Traccar feed, an ADS-B snapshot, a CZML file
 * with several entities): its columns are in time order across them, each point naming its actor.
 * Drawn as one polyline, the track would jump from one device to the other at every report, and one
 * symbol would hop between them. The globe therefore draws a track per actor of a map: its own line,
 * curtain and symbol, in the map's colour, labelled with the actor's name (as the telemetry chart
 * under the globe already splits its series per actor).
 */
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';
import type { GlobeTrack } from './globe-track.ts';

/** Ids of the per-actor tracks: negative, so they never meet a map's own id, and stable across redraws. */
const deviceIds = new Map<string, number>();

function deviceId(mapId: number, actor: number): number {
  const key = `${mapId}:${actor}`;
  let id = deviceIds.get(key);
  if (id === undefined) deviceIds.set(key, (id = -(deviceIds.size + 1)));
  return id;
}

function pointsAt(points: MapPointColumns, indexes: readonly number[], actor: number): MapPointColumns {
  const pick = <T>(column: readonly T[]) => indexes.map((index) => column[index]!);
  return {
    count: indexes.length,
    actors: [points.actors[actor] ?? ''],
    lines: pick(points.lines),
    timestamps: pick(points.timestamps),
    actorIndexes: indexes.map(() => 0),
    latitudes: pick(points.latitudes),
    longitudes: pick(points.longitudes),
    altitudes: pick(points.altitudes),
    headings: pick(points.headings),
    pitches: pick(points.pitches),
    rolls: pick(points.rolls),
  };
}

/** The tracks as drawn: a map whose points all share one actor as it is, any other split per actor (first seen first). */
export function deviceTracks(tracks: readonly GlobeTrack[]): GlobeTrack[] {
  const drawn: GlobeTrack[] = [];
  for (const track of tracks) {
    const { points } = track;
    const byActor = new Map<number, number[]>();
    for (let index = 0; index < points.count; index += 1) {
      const actor = points.actorIndexes[index] ?? 0;
      let list = byActor.get(actor);
      if (!list) byActor.set(actor, (list = []));
      list.push(index);
    }
    if (byActor.size <= 1) {
      drawn.push(track);
      continue;
    }
    for (const [actor, indexes] of byActor)
      drawn.push({
        ...track,
        id: deviceId(track.id, actor),
        name: points.actors[actor] || track.name,
        points: pointsAt(points, indexes, actor),
      });
  }
  return drawn;
}
