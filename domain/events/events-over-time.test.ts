import { describe, expect, it } from 'vitest';
import { binEvents, rankGroups, stackBins } from './events-over-time.ts';

describe('binEvents', () => {
  it('counts events per bin and group, the last instant in the last bin, outside ones left out', () => {
    const bins = binEvents({
      startMicros: Float64Array.from([0, 10, 49, 50, 99, 100, 101, -1]),
      groups: Uint8Array.from([0, 1, 0, 1, 1, 0, 0, 0]),
      groupCount: 2,
      fromMicros: 0,
      toMicros: 100,
      binCount: 2,
    });
    expect([...bins.binStartMicros]).toEqual([0, 50]);
    expect([...bins.counts.subarray(0, 2)]).toEqual([2, 1]);
    expect([...bins.counts.subarray(2, 4)]).toEqual([1, 2]);
  });

  it('keeps every event of a million in range', () => {
    const count = 1_000_000;
    const startMicros = new Float64Array(count);
    for (let index = 0; index < count; index += 1) startMicros[index] = 1_700_000_000_000_000 + index * 1000;
    const bins = binEvents({
      startMicros,
      groups: new Uint8Array(count),
      groupCount: 1,
      fromMicros: startMicros[0]!,
      toMicros: startMicros[count - 1]!,
      binCount: 300,
    });
    expect(bins.counts.reduce((sum, value) => sum + value, 0)).toBe(count);
  });
});

describe('stackBins', () => {
  it('puts each group on top of the ones before it', () => {
    const rows = stackBins({
      binStartMicros: Float64Array.from([0, 1]),
      counts: Uint32Array.from([1, 2, 3, 0, 5, 1]),
      binCount: 2,
      groupCount: 3,
    });
    expect(rows.map((row) => [...row])).toEqual([
      [1, 2],
      [4, 2],
      [9, 3],
    ]);
  });
});

describe('rankGroups', () => {
  it('keeps the busiest keys and folds the rest into "other"', () => {
    const ranked = rankGroups([7, 7, 7, 3, 3, 9, 4], 3);
    expect(ranked.keys).toEqual([7, 3]);
    expect(ranked.hasOther).toBe(true);
    expect([9, 4].map((key) => ranked.indexOf.get(key))).toEqual([2, 2]);
  });

  it('has no "other" when every key fits', () => {
    const ranked = rankGroups([2, 1, 2], 8);
    expect(ranked.keys).toEqual([2, 1]);
    expect(ranked.hasOther).toBe(false);
  });
});
