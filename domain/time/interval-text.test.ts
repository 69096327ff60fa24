import { describe, expect, it } from 'vitest';
import { intervalText, parseInterval } from './interval-text.ts';

const bounds = { first: 1_600_000_000_000_000, last: 1_600_000_600_000_000 };

describe('parseInterval', () => {
  it('reads both ends in the zone', () => {
    expect(parseInterval('2020-09-13 12:26:40', '2020-09-13 12:30:00', 'UTC', bounds)).toEqual({
      ok: true,
      interval: { start: 1_600_000_000_000_000, end: 1_600_000_200_000_000 },
    });
  });

  it('clears with both empty and fills one empty end from the incident', () => {
    expect(parseInterval('', ' ', 'UTC', bounds)).toEqual({ ok: true, interval: null });
    expect(parseInterval('', '2020-09-13 12:30:00', 'UTC', bounds)).toEqual({
      ok: true,
      interval: { start: bounds.first, end: 1_600_000_200_000_000 },
    });
  });

  it('names the field that is wrong', () => {
    expect(parseInterval('yesterday', '', 'UTC', bounds)).toEqual({
      ok: false,
      errors: { from: 'is not a date (YYYY-MM-DD HH:mm:ss)' },
    });
    expect(parseInterval('2020-09-13 12:30:00', '2020-09-13 12:00:00', 'UTC', bounds)).toEqual({
      ok: false,
      errors: { to: 'must not be before From' },
    });
  });

  it('round-trips the text it shows', () => {
    expect(intervalText(bounds.first, 'UTC')).toBe('2020-09-13 12:26:40');
  });
});
