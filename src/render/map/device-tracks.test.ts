import { describe, expect, it } from 'vitest';
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';
import { deviceTracks } from './device-tracks.ts';
import type { GlobeTrack } from './globe-track.ts';

// Two SPOT messengers reporting in turn: Amsterdam and the Bernese Alps, interleaved in time.
const feed: MapPointColumns = {
  count: 4,
  actors: ['Truck 1', 'Hiker & dog'],
  lines: [10, 20, 30, 40],
  timestamps: [1_000, 2_000, 3_000, 4_000],
  actorIndexes: [1, 0, 1, 0],
  latitudes: [46.55, 52.375, 46.56, 52.38],
  longitudes: [7.98, 4.895, 7.99, 4.9],
  altitudes: [2061, 12, 2070, null],
  headings: [null, 90, null, 95],
  pitches: [null, null, null, null],
  rolls: [null, null, null, null],
};
const map = (id: number, points: MapPointColumns): GlobeTrack => ({
  id,
  name: 'spot_feed',
  colour: '#1f77b4',
  icon: 'circle',
  points,
});

describe('a track per device', () => {
  it("draws each actor of a map as its own track, never joining one device's points to another's", () => {
    const drawn = deviceTracks([map(7, feed)]);
    expect(drawn.map((track) => [track.name, track.points.latitudes, track.points.timestamps])).toEqual([
      ['Hiker & dog', [46.55, 46.56], [1_000, 3_000]],
      ['Truck 1', [52.375, 52.38], [2_000, 4_000]],
    ]);
    expect(drawn[1]!.points.altitudes).toEqual([12, null]);
    expect(drawn[1]!.points.headings).toEqual([90, 95]);
    expect(drawn[1]!.points.actors[drawn[1]!.points.actorIndexes[0]!]).toBe('Truck 1');
    expect(drawn.every((track) => track.colour === '#1f77b4' && track.icon === 'circle')).toBe(true);
  });

  it('keeps stable ids apart from every map id, and leaves a one-device map as it is', () => {
    const first = deviceTracks([map(7, feed)]).map((track) => track.id);
    const again = deviceTracks([map(7, feed)]).map((track) => track.id);
    const other = deviceTracks([map(8, feed)]).map((track) => track.id);
    expect(again).toEqual(first);
    expect(new Set([...first, ...other]).size).toBe(4);
    expect(first.every((id) => id < 0)).toBe(true);
    const single = map(9, { ...feed, actors: ['drone'], actorIndexes: [0, 0, 0, 0] });
    expect(deviceTracks([single])).toEqual([single]);
  });
});
