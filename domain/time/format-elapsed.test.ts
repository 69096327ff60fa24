import { describe, expect, it } from 'vitest';
import { formatElapsed } from './format-elapsed.ts';

const SECOND = 1_000_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatElapsed', () => {
  it.each([
    [0, '+0.000s'],
    [3_456_000, '+3.456s'],
    [59 * SECOND + 999_999, '+59.999s'],
    [MINUTE, '+1m 00.000s'],
    [2 * MINUTE + 3_456_000, '+2m 03.456s'],
    [HOUR + 2 * MINUTE + 3_456_000, '+1h 02m 03.456s'],
    [HOUR, '+1h 00m 00.000s'],
    [23 * HOUR + 59 * MINUTE + 59 * SECOND, '+23h 59m 59.000s'],
    [DAY + 5 * SECOND, '+1d 00h 00m 05.000s'],
    [3 * DAY + 4 * HOUR + 5 * MINUTE + 6_007_000, '+3d 04h 05m 06.007s'],
    [-(HOUR + 2 * MINUTE + 3_456_000), '-1h 02m 03.456s'],
    [-500, '-0.000s'],
  ])('shows %i µs as %s', (micros, text) => {
    expect(formatElapsed(micros)).toBe(text);
  });

  it.each([
    [0, '+1h 02m 03s'],
    [1, '+1h 02m 03.4s'],
    [6, '+1h 02m 03.456789s'],
  ])('shows %i fraction digits', (digits, text) => {
    expect(formatElapsed(HOUR + 2 * MINUTE + 3_456_789, digits)).toBe(text);
  });

  it('handles the largest safe integer', () => {
    expect(formatElapsed(Number.MAX_SAFE_INTEGER, 6)).toBe('+104249d 23h 47m 34.740991s');
  });

  it.each([1.5, Number.NaN, 2 ** 53])('rejects %s, which is not integer microseconds', (micros) => {
    expect(() => formatElapsed(micros)).toThrow(RangeError);
  });

  it.each([-1, 7, 1.5])('rejects %s fraction digits', (digits) => {
    expect(() => formatElapsed(0, digits)).toThrow(RangeError);
  });
});
