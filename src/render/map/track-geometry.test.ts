import { describe, expect, it } from 'vitest';
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';
import { decimatedIndexes, indexAtTime, mergedIndexes } from './track-geometry.ts';

const points = (
  latitudes: number[],
  longitudes: number[],
  headings: (number | null)[] = latitudes.map(() => null),
): MapPointColumns => ({
  count: latitudes.length,
  actors: ['a'],
  lines: latitudes.map((_, index) => index + 2),
  timestamps: latitudes.map((_, index) => index * 1_000_000),
  actorIndexes: latitudes.map(() => 0),
  latitudes,
  longitudes,
  altitudes: latitudes.map(() => null),
  headings,
  pitches: latitudes.map(() => null),
  rolls: latitudes.map(() => null),
});

describe('track geometry', () => {
  it('finds the point current at a time', () => {
    const times = [10, 20, 20, 30];
    expect([5, 10, 19, 20, 25, 30, 99].map((time) => indexAtTime(times, time))).toEqual([0, 0, 0, 2, 2, 3, 3]);
  });

  it('keeps a million points to the budget, first and last included', () => {
    const indexes = decimatedIndexes(1_000_000, 5_000);
    expect(indexes.length).toBeLessThanOrEqual(5_001);
    expect(indexes[0]).toBe(0);
    expect(indexes[indexes.length - 1]).toBe(999_999);
    expect(decimatedIndexes(3, 10)).toEqual([0, 1, 2]);
  });

  it('merges repeated positions', () => {
    const track = points([1, 1, 1.0000001, 2], [5, 5, 5, 5]);
    expect(mergedIndexes(track, [0, 1, 2, 3])).toEqual([0, 3]);
  });
});
