import { describe, expect, it } from 'vitest';
import { densityBins, timeAtFraction } from './event-density.ts';

describe('densityBins', () => {
  it('counts the shown events per bin, clamping those outside the range', () => {
    const times = [0, 10, 49, 50, 99, 100, 500];
    const bins = densityBins((position) => times[position] ?? 0, Uint32Array.from([0, 1, 2, 3, 4, 5, 6]), 0, 100, 2);
    expect([...bins]).toEqual([3, 4]);
  });

  it('counts only the given positions', () => {
    const times = [0, 10, 90];
    expect([...densityBins((position) => times[position] ?? 0, Uint32Array.from([2]), 0, 100, 4)]).toEqual([
      0, 0, 0, 1,
    ]);
  });
});

describe('timeAtFraction', () => {
  it('maps a click position to a time inside the range', () => {
    expect(timeAtFraction(1000, 2000, 0.25)).toBe(1250);
    expect(timeAtFraction(1000, 2000, 1.5)).toBe(2000);
  });
});
