import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('reads as an analyst says it, two units at most', () => {
    expect(formatDuration(1_290_000_000)).toBe('21 m 30 s');
    expect(formatDuration(107_400)).toBe('107 ms');
    expect(formatDuration(4_250)).toBe('4.2 ms');
    expect(formatDuration(850)).toBe('850 µs');
    expect(formatDuration(4_260_000)).toBe('4.2 s');
    expect(formatDuration(12_900_000)).toBe('12 s');
    expect(formatDuration(3 * 3_600_000_000 + 5 * 60_000_000 + 59_000_000)).toBe('3 h 05 m');
    expect(formatDuration(2 * 86_400_000_000 + 4 * 3_600_000_000)).toBe('2 d 4 h');
  });

  it('never shows the next unit before it has begun', () => {
    expect(formatDuration(999_999)).toBe('999 ms');
    expect(formatDuration(59_999_999)).toBe('59 s');
    expect(formatDuration(3_599_999_999)).toBe('59 m 59 s');
  });

  it('refuses what is not a duration', () => {
    expect(() => formatDuration(-1)).toThrow(RangeError);
    expect(() => formatDuration(Number.NaN)).toThrow(RangeError);
  });
});
