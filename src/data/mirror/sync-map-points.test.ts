// Maps' points into the mirror (fake-indexeddb): paged with progress, read back whole, kept once
// complete, a failed sync leaves no half map to read, and the schema upgrade from version 2.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';
import { MIRROR_SCHEMA_V1, MirrorDatabase } from './mirror-database.ts';
import { joinPages, readMirroredMapPoints, syncMapPointsFrom, type MapPointsSource } from './sync-map-points.ts';

const names: string[] = [];
const opened: Dexie[] = [];
const freshName = () => {
  const name = `map-points-test-${names.length}-${Date.now()}`;
  names.push(name);
  return name;
};
afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  for (const name of names.splice(0)) await Dexie.delete(name);
});

/** n points, two actors, times ascending. */
function track(count: number): MapPointColumns {
  const range = Array.from({ length: count }, (_, index) => index);
  return {
    count,
    actors: ['north', 'south'],
    lines: range.map((index) => index + 2),
    timestamps: range.map((index) => 1_700_000_000_000_000 + index * 1_000_000),
    actorIndexes: range.map((index) => index % 2),
    latitudes: range.map((index) => 52 + index / 1000),
    longitudes: range.map((index) => 4 + index / 1000),
    altitudes: range.map((index) => (index % 3 === 0 ? null : index)),
    headings: range.map(() => 90),
    pitches: range.map(() => null),
    rolls: range.map(() => 1.5),
  };
}

/** A server answering pages of `whole` (its page's actors listed in the order they appear there). */
function pagedSource(whole: MapPointColumns, failAtPage?: number): { source: MapPointsSource; calls: string[] } {
  const calls: string[] = [];
  const source: MapPointsSource = {
    async page(_ref, cursor, limit) {
      calls.push(cursor ?? 'start');
      const from = cursor === undefined ? 0 : Number(cursor);
      if (failAtPage !== undefined && from / limit === failAtPage) throw Object.assign(new Error('GET … got no answer'), { name: 'NetworkError' });
      const to = Math.min(whole.count, from + limit);
      const slice = <T>(column: T[]) => column.slice(from, to);
      const actorIndexes = slice(whole.actorIndexes);
      const actors = [...new Set(actorIndexes)].map((index) => whole.actors[index]!);
      const points: MapPointColumns = {
        count: to - from,
        actors,
        lines: slice(whole.lines),
        timestamps: slice(whole.timestamps),
        actorIndexes: actorIndexes.map((index) => actors.indexOf(whole.actors[index]!)),
        latitudes: slice(whole.latitudes),
        longitudes: slice(whole.longitudes),
        altitudes: slice(whole.altitudes),
        headings: slice(whole.headings),
        pitches: slice(whole.pitches),
        rolls: slice(whole.rolls),
      };
      return { points, nextCursor: to < whole.count ? String(to) : null };
    },
  };
  return { source, calls };
}

describe('map points in the mirror', () => {
  it('streams the pages in with progress and reads the whole track back', async () => {
    const db = new MirrorDatabase(freshName());
    opened.push(db);
    const whole = track(120_001);
    const { source, calls } = pagedSource(whole);
    const progress: number[] = [];
    await syncMapPointsFrom(db, source, { incidentID: 1, mapID: 9, validPointCount: whole.count }, { onProgress: ({ loaded }) => progress.push(loaded) });
    expect(progress).toEqual([50_000, 100_000, 120_001]);
    expect(await db.mapPointPages.count()).toBe(3);
    expect(await db.mapPointSync.get(9)).toMatchObject({ status: 'complete', loaded: 120_001, total: 120_001 });
    expect(await readMirroredMapPoints(db, 9)).toEqual(whole);

    // Complete with the same count: nothing is fetched again.
    await syncMapPointsFrom(db, source, { incidentID: 1, mapID: 9, validPointCount: whole.count });
    expect(calls).toHaveLength(3);
  });

  it('keeps no half map to read when the network goes mid-way, and completes on the next sync', async () => {
    const db = new MirrorDatabase(freshName());
    opened.push(db);
    const whole = track(60_000);
    await expect(syncMapPointsFrom(db, pagedSource(whole, 1).source, { incidentID: 1, mapID: 4, validPointCount: whole.count })).rejects.toThrow('got no answer');
    expect(await db.mapPointSync.get(4)).toMatchObject({ status: 'error', loaded: 50_000 });
    expect(await readMirroredMapPoints(db, 4)).toBeUndefined();
    await syncMapPointsFrom(db, pagedSource(whole).source, { incidentID: 1, mapID: 4, validPointCount: whole.count });
    expect((await readMirroredMapPoints(db, 4))?.count).toBe(60_000);
    expect(await db.mapPointPages.where('mapID').equals(4).count()).toBe(2);
  });

  it('two callers asking for the same map at once share one sync: one set of pages, progress to both', async () => {
    const db = new MirrorDatabase(freshName());
    opened.push(db);
    const whole = track(120_001);
    const { source, calls } = pagedSource(whole);
    const ref = { incidentID: 1, mapID: 6, validPointCount: whole.count };
    const seen: number[] = [];
    const incidentSync = syncMapPointsFrom(db, source, ref);
    const picture = syncMapPointsFrom(db, source, ref, { onProgress: ({ loaded }) => seen.push(loaded) });
    await Promise.all([incidentSync, picture]);
    expect(calls).toEqual(['start', '50000', '100000']);
    expect(seen.at(-1)).toBe(120_001);
    expect(await db.mapPointPages.where('mapID').equals(6).count()).toBe(3);
    expect((await readMirroredMapPoints(db, 6))?.count).toBe(120_001);
  });

  it('a caller that gives up leaves the sync running for the other; the last to give up stops it', async () => {
    const db = new MirrorDatabase(freshName());
    opened.push(db);
    const whole = track(60_000);
    const { source, calls } = pagedSource(whole);
    const ref = { incidentID: 1, mapID: 8, validPointCount: whole.count };
    const leaving = new AbortController();
    const left = syncMapPointsFrom(db, source, ref, { signal: leaving.signal });
    const staying = syncMapPointsFrom(db, source, ref);
    leaving.abort(new DOMException('The map was closed', 'AbortError'));
    await expect(left).rejects.toThrow('The map was closed');
    await staying;
    expect((await readMirroredMapPoints(db, 8))?.count).toBe(60_000);
    expect(calls).toEqual(['start', '50000']);

    const alone = new AbortController();
    const other = { incidentID: 1, mapID: 10, validPointCount: whole.count };
    const stopped = syncMapPointsFrom(db, source, other, { signal: alone.signal });
    alone.abort(new DOMException('The map was closed', 'AbortError'));
    await expect(stopped).rejects.toThrow('The map was closed');
    expect(await readMirroredMapPoints(db, 10)).toBeUndefined();

    // A picture closed and opened again at once (a new effect) starts afresh instead of joining the stopped run.
    const closed = new AbortController();
    const first = syncMapPointsFrom(db, source, { ...other, mapID: 12 }, { signal: closed.signal });
    closed.abort(new DOMException('The map was closed', 'AbortError'));
    const reopened = syncMapPointsFrom(db, source, { ...other, mapID: 12 });
    await expect(first).rejects.toThrow('The map was closed');
    await reopened;
    expect((await readMirroredMapPoints(db, 12))?.count).toBe(60_000);
  });

  it('joins pages whose actor lists differ', () => {
    const first = { ...track(2), actors: ['south', 'north'], actorIndexes: [0, 1] };
    const second = { ...track(1), actors: ['east'], actorIndexes: [0] };
    const joined = joinPages([first, second]);
    expect(joined.actors).toEqual(['south', 'north', 'east']);
    expect(joined.actorIndexes).toEqual([0, 1, 2]);
    expect(joined.count).toBe(3);
  });

  it('upgrades a version 2 mirror: its maps are marked as having no points here yet', async () => {
    const name = freshName();
    const old = new Dexie(name);
    old.version(1).stores(MIRROR_SCHEMA_V1);
    old.version(2).stores({ outbox: '++seq, &id' });
    await old.table('maps').bulkPut([
      { id: 3, incidentID: 7, name: 'JAL516', colour: '#0071BF', icon: 'airplane', validPointCount: 305, firstTimestamp: 1, lastTimestamp: 2 },
      { id: 5, incidentID: 8, name: 'Drone', colour: '#C14159', icon: 'circle', validPointCount: 11_498, firstTimestamp: 1, lastTimestamp: 2 },
    ]);
    old.close();
    const db = new MirrorDatabase(name);
    opened.push(db);
    expect(await db.maps.count()).toBe(2);
    expect(await db.mapPointSync.toArray()).toEqual([
      { mapID: 3, incidentID: 7, status: 'missing', loaded: 0, total: 305 },
      { mapID: 5, incidentID: 8, status: 'missing', loaded: 0, total: 11_498 },
    ]);
    expect(await readMirroredMapPoints(db, 3)).toBeUndefined();
  });
});
