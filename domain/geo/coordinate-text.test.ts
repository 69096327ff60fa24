import { describe, expect, it } from 'vitest';
import { coordinateDegrees } from './coordinate-text.ts';

describe('coordinates as written', () => {
  it.each([
    ['47°36\'36.0"N', 'latitude', 47.61],
    ['122°19\'48.0"W', 'longitude', -122.33],
    ['47° 36\' 36" N', 'latitude', 47.61],
    ['47 36 36 N', 'latitude', 47.61],
    ["N 47° 36.600'", 'latitude', 47.61],
    ["S33°51.5'", 'latitude', -(33 + 51.5 / 60)],
    ['47.61N', 'latitude', 47.61],
    ['W 122.33', 'longitude', -122.33],
    ['-33°51\'30"', 'latitude', -(33 + 51 / 60 + 30 / 3600)],
  ] as const)('%s → %d', (text, axis, expected) => {
    expect(coordinateDegrees(text, axis, false)).toBeCloseTo(expected, 9);
  });

  it('a decimal comma only where columns are not comma-separated', () => {
    expect(coordinateDegrees('47,61', 'latitude', true)).toBe(47.61);
    expect(coordinateDegrees('47,61', 'latitude', false)).toBeNaN();
    expect(coordinateDegrees("47°36,6'N", 'latitude', true)).toBeCloseTo(47.61, 9);
  });

  it.each([
    ['47.61E', 'latitude'],
    ['N47.61', 'longitude'],
    ['N -47.61', 'latitude'],
    ["47°75'N", 'latitude'],
    ['N47.61S', 'latitude'],
    ['hello', 'latitude'],
    ['47 36', 'latitude'],
  ] as const)('%s is not a %s', (text, axis) => {
    expect(coordinateDegrees(text, axis, false)).toBeNaN();
  });
});
