import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATE_TIME_PATTERN, formatMicros } from './format-micros.ts';
import { parseDate } from './parse-date.ts';
import { loadTimeZones, resolveTimeZone } from './time-zone-loader.ts';

const MARCH_24_17_15_20_629574 = 1_521_911_720_629_574;

beforeAll(async () => {
  await loadTimeZones();
});

describe('formatMicros', () => {
  it('shows full microsecond precision by default', () => {
    expect(DEFAULT_DATE_TIME_PATTERN).toBe('YYYY-MM-DD HH:mm:ss.SSSSSS');
    expect(formatMicros(MARCH_24_17_15_20_629574, 'UTC')).toBe('2018-03-24 17:15:20.629574');
  });

  it('shows the wall clock of the zone, daylight saving time included', () => {
    expect(formatMicros(MARCH_24_17_15_20_629574, 'America/New_York')).toBe('2018-03-24 13:15:20.629574');
    expect(formatMicros(MARCH_24_17_15_20_629574, resolveTimeZone('Asia/Kolkata'))).toBe('2018-03-24 22:45:20.629574');
  });

  it.each([
    ['MMM DD YYYY hh:mm:ss A', 'Mar 24 2018 05:15:20 PM'],
    ['MMM DD YYYY hh:mm:ss.SSS A', 'Mar 24 2018 05:15:20.629 PM'],
    ['HH:mm:ss.S', '17:15:20.6'],
    ['HH:mm Z', '17:15 +00:00'],
    ['[at] HH:mm', 'at 17:15'],
    ['YYYY-MM-DD[T]HH:mm:ss', '2018-03-24T17:15:20'],
  ])('formats the pattern %s', (pattern, text) => {
    expect(formatMicros(MARCH_24_17_15_20_629574, 'UTC', pattern)).toBe(text);
  });

  it('shows the zone offset', () => {
    expect(formatMicros(MARCH_24_17_15_20_629574, 'America/New_York', 'Z')).toBe('-04:00');
    expect(formatMicros(MARCH_24_17_15_20_629574, 'Asia/Kolkata', 'Z')).toBe('+05:30');
  });

  it('shows midnight and noon as 12 on the 12-hour clock', () => {
    expect(formatMicros(Date.UTC(2018, 2, 24, 0, 5) * 1000, 'UTC', 'hh:mm A')).toBe('12:05 AM');
    expect(formatMicros(Date.UTC(2018, 2, 24, 12, 5) * 1000, 'UTC', 'hh:mm A')).toBe('12:05 PM');
  });

  it('truncates the fraction rather than rounding into the next second', () => {
    expect(formatMicros(Date.UTC(2018, 11, 31, 23, 59, 59) * 1000 + 999_999, 'UTC', 'YYYY-MM-DD HH:mm:ss.SSS')).toBe(
      '2018-12-31 23:59:59.999',
    );
  });

  it('handles the ends of the range', () => {
    expect(formatMicros(0, 'UTC')).toBe('1970-01-01 00:00:00.000000');
    expect(formatMicros(Number.MAX_SAFE_INTEGER, 'UTC')).toBe('2255-06-05 23:47:34.740991');
    expect(formatMicros(-1, 'UTC')).toBe('1969-12-31 23:59:59.999999');
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'rejects %s, which is not integer microseconds',
    (micros) => {
      expect(() => formatMicros(micros, 'UTC')).toThrow(RangeError);
    },
  );

  it('rejects a zone outside the table', () => {
    expect(() => formatMicros(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('formatMicros and parseDate agree', () => {
  it.each([
    ['UTC', 0],
    ['UTC', MARCH_24_17_15_20_629574],
    ['UTC', Number.MAX_SAFE_INTEGER],
    ['America/New_York', MARCH_24_17_15_20_629574],
    ['Europe/London', Date.UTC(2024, 2, 31, 1, 0) * 1000],
    ['Australia/Lord_Howe', Date.UTC(2030, 5, 1) * 1000 + 7],
  ])('in %s, %i survives a round trip', (zone, micros) => {
    expect(parseDate(formatMicros(micros, zone), zone)).toBe(micros);
    expect(parseDate(formatMicros(micros, zone, 'MMM DD YYYY hh:mm:ss.SSSSSS A'), zone)).toBe(micros);
  });

  it('does not round-trip the second pass through a fall-back overlap: the earlier instant wins', () => {
    const secondPass = Date.UTC(2024, 10, 3, 6, 30) * 1000; // 01:30 EST, after 01:30 EDT
    const text = formatMicros(secondPass, 'America/New_York');
    expect(text).toBe('2024-11-03 01:30:00.000000');
    expect(parseDate(text, 'America/New_York')).toBe(secondPass - 3600 * 1_000_000);
  });
});
