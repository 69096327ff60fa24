import { describe, expect, it } from 'vitest';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';

const utc = (iso: string, micro = 0) => Date.parse(iso) * 1000 + micro;

describe('parseOffsetDateTime', () => {
  it.each([
    ['Firefox HAR, -07:00 and milliseconds', '2023-03-29T16:58:59.303-07:00', utc('2023-03-29T23:58:59.303Z')],
    [
      'Fiddler, 7 fraction digits truncated to µs',
      '2016-06-28T21:42:02.7221474+01:00',
      utc('2016-06-28T20:42:02Z', 722_147),
    ],
    ['mitmproxy, µs and +00:00', '2023-08-29T13:03:20.195591+00:00', utc('2023-08-29T13:03:20Z', 195_591)],
    ['Z', '2024-01-02T07:22:55Z', utc('2024-01-02T07:22:55Z')],
    ['Timesketch CSV, a space and µs', '2012-03-14 04:17:38.276340+00:00', utc('2012-03-14T04:17:38Z', 276_340)],
    ['" UTC" suffix (M365)', '2023-10-25 17:44:53 UTC', utc('2023-10-25T17:44:53Z')],
    ['+hhmm', '2024-01-01T05:30:00+0530', utc('2024-01-01T00:00:00Z')],
    ['+hh', '2024-01-01T01:00:00+01', utc('2024-01-01T00:00:00Z')],
    ['a comma before the fraction', '2024-01-01T00:00:00,5Z', utc('2024-01-01T00:00:00.5Z')],
    ['an offset across midnight and the year', '2024-12-31T23:30:00-01:00', utc('2025-01-01T00:30:00Z')],
    ['29 February in a leap year', '2024-02-29T00:00:00Z', utc('2024-02-29T00:00:00Z')],
  ])('reads %s', (_label, text, micros) => {
    expect(parseOffsetDateTime(text)).toBe(micros);
  });

  it.each([
    ['no offset', '2024-01-02T07:22:55'],
    ['section 5 without a zone', '2024-01-02 07:22:55'],
    ['month 13', '2024-13-01T00:00:00Z'],
    ['30 February', '2024-02-30T00:00:00Z'],
    ['hour 24', '2024-01-01T24:00:00Z'],
    ['a leap second', '2016-12-31T23:59:60Z'],
    ['no seconds', '2024-01-01T00:00Z'],
    ['an offset beyond 18 hours', '2024-01-01T00:00:00+19:00'],
    ['before the epoch', '1969-12-31T23:59:59Z'],
    ['a date only', '2024-01-01'],
    ['text after the offset', '2024-01-01T00:00:00Z trailing'],
  ])('refuses %s', (_label, text) => {
    expect(parseOffsetDateTime(text)).toBeUndefined();
  });
});
