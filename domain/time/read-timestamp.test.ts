import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTimestampReader, type TimestampRules } from './read-timestamp.ts';
import { loadTimeZones, resolveTimeZone } from './time-zone-loader.ts';

const utc = resolveTimeZone('UTC');
const iso = (micros: number | undefined) => (micros === undefined ? undefined : new Date(micros / 1000).toISOString());
const read = (text: string, rules: Partial<TimestampRules> = {}) =>
  createTimestampReader({ zone: utc, numericUnit: 'auto', ...rules })(text);
const readIso = (text: string, rules: Partial<TimestampRules> = {}) => iso(read(text, rules));

describe('date-time text in the common shapes', () => {
  it.each([
    ['2024-01-02 03:04:05', '2024-01-02T03:04:05.000Z'],
    ['2024-01-02T03:04:05Z', '2024-01-02T03:04:05.000Z'],
    ['2024-01-02T03:04:05.5+02:00', '2024-01-02T01:04:05.500Z'],
    ['2024-01-02 03:04:05+0200', '2024-01-02T01:04:05.000Z'],
    ['2024-01-02 03:04:05 -05', '2024-01-02T08:04:05.000Z'],
    ['2023-10-25 17:44:53 UTC', '2023-10-25T17:44:53.000Z'],
    ['2023-10-25 17:44:53 GMT', '2023-10-25T17:44:53.000Z'],
    ['2023-10-25 17:44:53 UTC+05:30', '2023-10-25T12:14:53.000Z'],
    ['2012-03-14 04:17:38.276340+00:00', '2012-03-14T04:17:38.276Z'],
    ['9/27/2013 2:42:26 PM', '2013-09-27T14:42:26.000Z'],
    ['27.09.2013 14:42', '2013-09-27T14:42:00.000Z'],
    ['08-12-13 01:10:08.882', '2013-08-12T01:10:08.882Z'],
    ['Dec 31 2011 21:11:55', '2011-12-31T21:11:55.000Z'],
    ['31 Dec 2011', '2011-12-31T00:00:00.000Z'],
    ['Mon Dec 31 21:11:55 2011', '2011-12-31T21:11:55.000Z'],
    ['13/Jan/2016:19:31:20 +0200', '2016-01-13T17:31:20.000Z'],
    ['January 2, 2024 3:04 PM', '2024-01-02T15:04:00.000Z'],
    ['Sept 5 2021 07:48:00', '2021-09-05T07:48:00.000Z'],
    ['Tue, 15 Nov 1994 08:12:31 GMT', '1994-11-15T08:12:31.000Z'],
    ['02-OCT-10 16:01:13', '2010-10-02T16:01:13.000Z'],
    ['20100720 183814', '2010-07-20T18:38:14.000Z'],
    ['20100720183814', '2010-07-20T18:38:14.000Z'],
    ['20180123 1316', '2018-01-23T13:16:00.000Z'],
    ['2013-08-12-010852.985', '2013-08-12T01:08:52.985Z'],
    ['12/24/2020 11:59:59 p. m.', '2020-12-24T23:59:59.000Z'],
    ['24/12/2020 12:05:00 a.m.', '2020-12-24T00:05:00.000Z'],
    ['24/12/2020 12:05:00 a. m.', '2020-12-24T00:05:00.000Z'],
    ['Mon Dec 31 21:11:55 UTC 2011', '2011-12-31T21:11:55.000Z'],
    ['Mon Dec 31 21:11:55 GMT+01:00 2011', '2011-12-31T20:11:55.000Z'],
    ['2024-01-02T03:04:05+01:00[Europe/Paris]', '2024-01-02T02:04:05.000Z'],
    ['Tuesday, March 5, 2024 at 1:02:03 PM UTC', '2024-03-05T13:02:03.000Z'],
    ['5 March 2024 at 10:11', '2024-03-05T10:11:00.000Z'],
  ])('%s', (text, expected) => {
    expect(readIso(text)).toBe(expected);
  });

  it('keeps nine fraction digits to the microsecond, truncating the nanoseconds', () => {
    expect(read('2024-01-02T03:04:05.123456789Z')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5) * 1000 + 123456);
  });

  it('reads a year-less syslog time only when told the year', () => {
    expect(read('dec 31 21:11:55')).toBeUndefined();
    expect(readIso('dec 31 21:11:55', { defaultYear: 2011 })).toBe('2011-12-31T21:11:55.000Z');
  });

  it('follows the decided date order, and otherwise lets a value of 13 or more decide', () => {
    expect(readIso('05/06/2024', { dateOrder: 'dmy' })).toBe('2024-06-05T00:00:00.000Z');
    expect(readIso('05/06/2024', { dateOrder: 'mdy' })).toBe('2024-05-06T00:00:00.000Z');
    expect(readIso('05/06/2024')).toBe('2024-05-06T00:00:00.000Z');
    expect(readIso('05.06.2024')).toBe('2024-06-05T00:00:00.000Z');
    expect(readIso('25/06/2024')).toBe('2024-06-25T00:00:00.000Z');
    expect(read('13/25/2024')).toBeUndefined();
  });

  it.each([
    '2024-02-30 00:00:00',
    '2023-02-29',
    '2024-13-01 00:00:00',
    '2024-01-01 24:00:00',
    '2024-01-01 10:60:00',
    '00:00 PM 2024-01-01',
    '13:00:00 PM',
    '2024-01-01 13:00:00 PM',
    // CST is US Central or China Standard Time: no one offset (EST, CET and the like are read).
    '2024-01-01 03:04:05 CST',
    '2024-01-01 03:04:05+25:00',
    'yesterday',
    '1969-12-31 23:59:59Z',
    '2024-01-02T03:04:05.1234567890Z',
  ])('refuses %s', (text) => {
    expect(read(text)).toBeUndefined();
  });

  it('reads local times in the zone, the text’s own offset winning, a row offset next', async () => {
    await loadTimeZones();
    const berlin = resolveTimeZone('Europe/Berlin');
    expect(readIso('2024-07-01 12:00:00', { zone: berlin })).toBe('2024-07-01T10:00:00.000Z');
    expect(readIso('2024-07-01 12:00:00Z', { zone: berlin })).toBe('2024-07-01T12:00:00.000Z');
    const reader = createTimestampReader({ zone: berlin, numericUnit: 'auto' });
    expect(iso(reader('2024-07-01 12:00:00', -300))).toBe('2024-07-01T17:00:00.000Z');
    expect(iso(reader('2024-07-01 12:00:00+01:00', -300))).toBe('2024-07-01T11:00:00.000Z');
  });
});

describe('any instant written in the common shapes reads back', () => {
  const seconds = fc.integer({ min: 0, max: 4_102_444_799 });
  const pad = (value: number) => String(value).padStart(2, '0');
  it('as US and European dates with 12- and 24-hour clocks', () => {
    fc.assert(
      fc.property(seconds, (second) => {
        const date = new Date(second * 1000);
        const [y, m, d, h, mi, s] = [
          date.getUTCFullYear(),
          date.getUTCMonth() + 1,
          date.getUTCDate(),
          date.getUTCHours(),
          date.getUTCMinutes(),
          date.getUTCSeconds(),
        ];
        const clock12 = `${h % 12 === 0 ? 12 : h % 12}:${pad(mi)}:${pad(s)} ${h < 12 ? 'AM' : 'p. m.'}`;
        expect(read(`${m}/${d}/${y} ${clock12}`, { dateOrder: 'mdy' })).toBe(second * 1_000_000);
        expect(read(`${pad(d)}.${pad(m)}.${y} ${pad(h)}:${pad(mi)}:${pad(s)}`, { dateOrder: 'dmy' })).toBe(
          second * 1_000_000,
        );
        expect(read(`${y}${pad(m)}${pad(d)} ${pad(h)}${pad(mi)}${pad(s)}`)).toBe(second * 1_000_000);
        expect(read(`${date.toUTCString()}`)).toBe(second * 1_000_000);
      }),
    );
  });
});

describe('epoch numbers', () => {
  it('tells seconds, milliseconds, microseconds and nanoseconds apart by magnitude', () => {
    const micros = 1_516_713_364_000_000;
    expect(read('1516713364')).toBe(micros);
    expect(read('1516713364123')).toBe(micros + 123_000);
    expect(read('1516713364123456')).toBe(micros + 123_456);
    expect(read('1516713364123456789')).toBe(micros + 123_456);
    expect(read('1521911720.629574')).toBe(1_521_911_720_629_574);
    expect(read('1516713364123.5')).toBe(micros + 123_500);
  });

  it('reads a fixed unit as told, also in strings the caller trims', () => {
    expect(read('1516713364', { numericUnit: 'milliseconds' })).toBe(1_516_713_364_000);
    expect(read(' 1516713364 ', { numericUnit: 'seconds' })).toBe(1_516_713_364_000_000);
    expect(read('1516713364000000', { numericUnit: 'microseconds' })).toBe(1_516_713_364_000_000);
    expect(read('1516713364000000123', { numericUnit: 'nanoseconds' })).toBe(1_516_713_364_000_000);
    expect(read('20180123', { numericUnit: 'seconds' })).toBe(20_180_123_000_000);
  });

  it('reads an 8-digit number that is a calendar date as that date when the unit is open', () => {
    expect(readIso('20180123')).toBe('2018-01-23T00:00:00.000Z');
  });

  it('refuses signs, exponents and numbers past 2255', () => {
    for (const text of ['-1', '1e9', '+5', '99999999999999999999999']) expect(read(text)).toBeUndefined();
  });

  it('gives back any instant written as epoch milliseconds or as ISO 8601 with a fraction', () => {
    const instants = fc.integer({ min: 0, max: 7_258_118_399_999 }).filter((ms) => ms >= 100_000_000_000);
    fc.assert(
      fc.property(instants, (ms) => {
        expect(read(String(ms))).toBe(ms * 1000);
        expect(read(new Date(ms).toISOString())).toBe(ms * 1000);
        expect(read(new Date(ms).toISOString().replace('T', ' ').replace('Z', '+00:00'))).toBe(ms * 1000);
      }),
    );
  });
});
