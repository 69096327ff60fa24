import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate } from './parse-date.ts';
import { loadTimeZones, resolveTimeZone } from './time-zone-loader.ts';

/** Microseconds of a UTC wall-clock time; month is 1-12. */
function utcMicros(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  micro = 0,
): number {
  return Date.UTC(year, month - 1, day, hour, minute, second) * 1000 + micro;
}

const MARCH_24_17_15_20 = utcMicros(2018, 3, 24, 17, 15, 20);

beforeAll(async () => {
  await loadTimeZones();
});

describe('YYYY-MM-DD HH:mm:ss and its variants', () => {
  it.each([
    ['whole seconds', '2018-03-24 17:15:20', MARCH_24_17_15_20],
    ['one fraction digit', '2018-03-24 17:15:20.6', MARCH_24_17_15_20 + 600_000],
    ['three fraction digits', '2018-03-24 17:15:20.629', MARCH_24_17_15_20 + 629_000],
    ['six fraction digits', '2018-03-24 17:15:20.629574', MARCH_24_17_15_20 + 629_574],
    ['leading zeros in the fraction', '2018-03-24 17:15:20.000001', MARCH_24_17_15_20 + 1],
    ['PM', '2018-03-24 05:15:20 PM', MARCH_24_17_15_20],
    ['lower-case pm with a fraction', '2018-03-24 05:15:20.629574 pm', MARCH_24_17_15_20 + 629_574],
    ['AM', '2018-03-24 05:15:20 AM', utcMicros(2018, 3, 24, 5, 15, 20)],
    ['12 AM is midnight', '2018-03-24 12:15:20 AM', utcMicros(2018, 3, 24, 0, 15, 20)],
    ['12 PM is noon', '2018-03-24 12:15:20 PM', utcMicros(2018, 3, 24, 12, 15, 20)],
    ['11 PM', '2018-03-24 11:59:59 Pm', utcMicros(2018, 3, 24, 23, 59, 59)],
    ['hour 00 in 24-hour form', '2018-03-24 00:00:00', utcMicros(2018, 3, 24, 0, 0, 0)],
    ['the last microsecond of a day', '2018-03-24 23:59:59.999999', utcMicros(2018, 3, 24, 23, 59, 59, 999_999)],
    ['29 February in a leap year', '2016-02-29 00:00:00', utcMicros(2016, 2, 29, 0, 0, 0)],
    ['the epoch', '1970-01-01 00:00:00', 0],
    ['surrounding whitespace', ' \t2018-03-24 17:15:20\n ', MARCH_24_17_15_20],
  ])('accepts %s', (_label, text, micros) => {
    expect(parseDate(text, 'UTC')).toBe(micros);
  });
});

describe('MMM DD YYYY hh:mm:ss and its variants', () => {
  it.each([
    ['whole seconds', 'Mar 24 2018 17:15:20', MARCH_24_17_15_20],
    ['a fraction', 'Mar 24 2018 17:15:20.629574', MARCH_24_17_15_20 + 629_574],
    ['PM', 'Mar 24 2018 05:15:20 PM', MARCH_24_17_15_20],
    ['a fraction and AM', 'Mar 24 2018 05:15:20.5 AM', utcMicros(2018, 3, 24, 5, 15, 20, 500_000)],
    ['12 AM is midnight', 'Mar 24 2018 12:00:00 AM', utcMicros(2018, 3, 24, 0, 0, 0)],
    ['a lower-case month', 'mar 24 2018 17:15:20', MARCH_24_17_15_20],
    ['an upper-case month', 'MAR 24 2018 17:15:20', MARCH_24_17_15_20],
    ['surrounding whitespace', '  Mar 24 2018 17:15:20  ', MARCH_24_17_15_20],
  ])('accepts %s', (_label, text, micros) => {
    expect(parseDate(text, 'UTC')).toBe(micros);
  });

  it.each(
    ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((name, index) => [
      name,
      index + 1,
    ]),
  )('reads %s as month %i', (name, month) => {
    expect(parseDate(`${name} 01 2020 00:00:00`, 'UTC')).toBe(utcMicros(2020, Number(month), 1, 0, 0, 0));
  });
});

describe('anything else gives no value', () => {
  it.each([
    ['an empty string', ''],
    ['only whitespace', '   '],
    ['a date alone', '2018-03-24'],
    ['a time alone', '17:15:20'],
    ['no seconds', '2018-03-24 17:15'],
    ['ISO 8601 with T', '2018-03-24T17:15:20'],
    ['ISO 8601 with Z', '2018-03-24T17:15:20Z'],
    ['a zone suffix', '2018-03-24 17:15:20 UTC'],
    ['an offset suffix', '2018-03-24 17:15:20 +0000'],
    ['two spaces between date and time', '2018-03-24  17:15:20'],
    ['slashes', '2018/03/24 17:15:20'],
    ['a two-digit year', '18-03-24 17:15:20'],
    ['an unpadded month', '2018-3-24 17:15:20'],
    ['an unpadded hour', '2018-03-24 7:15:20'],
    ['an empty fraction', '2018-03-24 17:15:20.'],
    ['seven fraction digits', '2018-03-24 17:15:20.1234567'],
    ['a comma before the fraction', '2018-03-24 17:15:20,123'],
    ['month 13', '2018-13-01 00:00:00'],
    ['month 00', '2018-00-10 00:00:00'],
    ['day 00', '2018-03-00 00:00:00'],
    ['30 February', '2018-02-30 00:00:00'],
    ['29 February in a common year', '2017-02-29 00:00:00'],
    ['31 April', '2018-04-31 00:00:00'],
    ['hour 24', '2018-03-24 24:00:00'],
    ['minute 60', '2018-03-24 17:60:00'],
    ['second 60 (no leap seconds)', '2018-03-24 23:59:60'],
    ['hour 13 with PM', '2018-03-24 13:15:20 PM'],
    ['hour 13 with AM', '2018-03-24 13:15:20 AM'],
    ['hour 00 with AM', '2018-03-24 00:15:20 AM'],
    ['AM/PM without a space', '2018-03-24 05:15:20PM'],
    ['P.M. with dots', '2018-03-24 05:15:20 P.M.'],
    ['a lone P', '2018-03-24 05:15:20 P'],
    ['a full month name', 'March 24 2018 17:15:20'],
    ['Sept', 'Sept 24 2018 17:15:20'],
    ['an unknown month', 'Foo 24 2018 17:15:20'],
    ['a comma after the day', 'Mar 24, 2018 17:15:20'],
    ['an unpadded day', 'Mar 4 2018 17:15:20'],
    ['day before month', '24 Mar 2018 17:15:20'],
    ['32 March', 'Mar 32 2018 17:15:20'],
    ['hour 13 with PM, month first', 'Mar 24 2018 13:15:20 PM'],
    ['seven fraction digits, month first', 'Mar 24 2018 17:15:20.1234567'],
    ['words', 'not a date'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['full-width digits', '２０１８-03-24 17:15:20'],
    ['a date before the epoch', '1969-12-31 23:59:59.999999'],
    ['a date past the safe-integer range (about 2255)', '2300-01-01 00:00:00'],
  ])('rejects %s', (_label, text) => {
    expect(parseDate(text, 'UTC')).toBeUndefined();
  });
});

describe('plain numbers are timestamps', () => {
  it.each([
    ['integer microseconds', '1521911720629574', 1_521_911_720_629_574],
    ['zero', '0', 0],
    ['leading zeros', '000042', 42],
    ['surrounding whitespace', '  42  ', 42],
    ['the largest safe integer', '9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %s as microseconds by default', (_label, text, micros) => {
    expect(parseDate(text, 'UTC')).toBe(micros);
  });

  it.each([
    ['integer seconds', '1521911720', 1_521_911_720_000_000],
    ['decimal seconds, digit for digit', '1521911720.629574', 1_521_911_720_629_574],
    ['one fraction digit', '1521911720.6', 1_521_911_720_600_000],
    ['a microsecond', '0.000001', 1],
    ['the largest safe integer', '9007199254.740991', Number.MAX_SAFE_INTEGER],
  ])('reads %s in seconds mode', (_label, text, micros) => {
    expect(parseDate(text, 'UTC', { numericUnit: 'seconds' })).toBe(micros);
  });

  it('keeps every digit where floating point would not', () => {
    // Near the top of the range a double cannot hold the microseconds: the product rounds up.
    expect(Math.round(Number('9007199254.740991') * 1e6)).not.toBe(Number.MAX_SAFE_INTEGER);
    expect(parseDate('9007199254.740991', 'UTC', { numericUnit: 'seconds' })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['a decimal in microseconds mode', '1521911720.5', 'microseconds'],
    ['a negative integer', '-1', 'microseconds'],
    ['a negative number of seconds', '-1521911720', 'seconds'],
    ['a plus sign', '+1', 'microseconds'],
    ['an exponent', '1e6', 'seconds'],
    ['hexadecimal', '0x10', 'microseconds'],
    ['digit separators', '1_000', 'microseconds'],
    ['thousands separators', '1,000', 'microseconds'],
    ['no digits before the point', '.5', 'seconds'],
    ['no digits after the point', '5.', 'seconds'],
    ['seven fraction digits of seconds', '1521911720.6295741', 'seconds'],
    ['one past the largest safe integer', '9007199254740992', 'microseconds'],
    ['seconds past the largest safe integer', '9007199254.740992', 'seconds'],
    ['integer seconds past the safe range', '9007199255', 'seconds'],
  ] as const)('rejects %s', (_label, text, numericUnit) => {
    expect(parseDate(text, 'UTC', { numericUnit })).toBeUndefined();
  });

  it('does not let the numeric unit change how dates read', () => {
    expect(parseDate('2018-03-24 17:15:20', 'UTC', { numericUnit: 'seconds' })).toBe(MARCH_24_17_15_20);
  });
});

describe('zones', () => {
  it('reads local time in the given zone', () => {
    expect(parseDate('2018-03-24 22:45:20', 'Asia/Kolkata')).toBe(MARCH_24_17_15_20);
    expect(parseDate('Mar 24 2018 01:15:20 PM', 'America/New_York')).toBe(MARCH_24_17_15_20);
  });

  it('reads an alias like its canonical zone', () => {
    expect(parseDate('2018-03-24 13:15:20', 'US/Eastern')).toBe(parseDate('2018-03-24 13:15:20', 'America/New_York'));
  });

  it('accepts a resolved ZoneId', () => {
    expect(parseDate('2018-03-24 18:15:20', resolveTimeZone('Europe/Paris'))).toBe(MARCH_24_17_15_20);
  });

  it.each(['Mars/Olympus', 'utc', '+05:00', 'Factory'])('rejects the zone %s, which is not in the table', (zone) => {
    expect(() => parseDate('2018-03-24 17:15:20', zone)).toThrow(RangeError);
    // A bad setting must not pass for "no value" on numeric cells either.
    expect(() => parseDate('1521911720', zone)).toThrow(RangeError);
  });

  it('places 1970 and 2099 correctly (the full zone data)', () => {
    expect(parseDate('1970-01-01 00:00:00', 'America/New_York')).toBe(5 * 3600 * 1_000_000);
    expect(parseDate('2099-07-01 12:00:00', 'America/New_York')).toBe(utcMicros(2099, 7, 1, 16, 0, 0));
  });
});

// ZonedDateTime.ofLocal with no preferred offset: a gap moves forward by its length, an overlap takes
// the earlier offset (the first of the two instants).
describe('daylight saving time', () => {
  it.each([
    ['New York, 2024 spring-forward gap', 'America/New_York', '2024-03-10 02:30:00', utcMicros(2024, 3, 10, 7, 30, 0)],
    ['New York, the gap with AM', 'America/New_York', 'Mar 10 2024 02:30:00 AM', utcMicros(2024, 3, 10, 7, 30, 0)],
    ['New York, 2099 gap', 'America/New_York', '2099-03-08 02:30:00', utcMicros(2099, 3, 8, 7, 30, 0)],
    ['London, 2024 spring-forward gap', 'Europe/London', '2024-03-31 01:30:00', utcMicros(2024, 3, 31, 1, 30, 0)],
  ])('%s: a nonexistent time moves forward by the gap', (_label, zone, text, micros) => {
    expect(parseDate(text, zone)).toBe(micros);
  });

  it('reads the gap time the same as the time one hour later', () => {
    expect(parseDate('2024-03-10 02:30:00', 'America/New_York')).toBe(
      parseDate('2024-03-10 03:30:00', 'America/New_York'),
    );
  });

  it('keeps the last microsecond before the gap', () => {
    expect(parseDate('2024-03-10 01:59:59.999999', 'America/New_York')).toBe(
      utcMicros(2024, 3, 10, 6, 59, 59, 999_999),
    );
  });

  it.each([
    ['New York, 2024 fall-back overlap', 'America/New_York', '2024-11-03 01:30:00', utcMicros(2024, 11, 3, 5, 30, 0)],
    ['New York, the overlap with AM', 'America/New_York', 'Nov 03 2024 01:30:00 AM', utcMicros(2024, 11, 3, 5, 30, 0)],
    ['London, 2024 fall-back overlap', 'Europe/London', '2024-10-27 01:30:00', utcMicros(2024, 10, 27, 0, 30, 0)],
  ])('%s: an ambiguous time takes the earlier offset', (_label, zone, text, micros) => {
    expect(parseDate(text, zone)).toBe(micros);
  });

  it('reads the first time after the overlap with the standard offset', () => {
    expect(parseDate('2024-11-03 02:00:00', 'America/New_York')).toBe(utcMicros(2024, 11, 3, 7, 0, 0));
    expect(parseDate('2024-10-27 02:00:00', 'Europe/London')).toBe(utcMicros(2024, 10, 27, 2, 0, 0));
  });
});
