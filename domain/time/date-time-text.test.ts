import { describe, expect, it } from 'vitest';
import { readDateTimeText } from './date-time-text.ts';

// The ISO shape has a shortcut; a lowercase "t", two spaces or a lowercase "z" send the same time the
// general way, so each pair must read alike, including what either refuses.
const texts = [
  '2024-01-02 03:04:05',
  '2024-01-02T03:04:05',
  '2024-12-31 23:59:59.9',
  '2024-01-01 00:00:00.000123',
  '2024-01-01 00:00:00.12345',
  '2024-01-01 00:00:00.1234567',
  '2024-01-01 00:00:00.999999999',
  '2024-02-29 12:00:00.5Z',
  '2023-02-29 12:00:00',
  '1900-02-29 12:00:00',
  '2000-02-29 12:00:00',
  '2024-04-31 12:00:00',
  '2024-13-01 12:00:00',
  '2024-00-10 12:00:00',
  '2024-01-00 12:00:00',
  '2024-01-01 24:00:00',
  '2024-01-01 23:60:00',
  '2024-01-01 23:59:60',
  '2024-01-01 00:00:00.',
  '2024-01-01 00:00:00.1234567890',
  '2024-01-01 00:00:00.12a',
  '2024-01-01 00:00:0a',
  '0999-01-01 00:00:00Z',
];

describe('readDateTimeText', () => {
  it.each(texts)('reads %s as the general scan does', (text) => {
    const general = [text.replace('T', 't').replace(/^(.{10}) /, '$1  '), text.replace(/Z$/, 'z')];
    for (const other of general) expect(readDateTimeText(text, undefined)).toEqual(readDateTimeText(other, undefined));
  });

  it('reads the fields, the fraction to the microsecond and the precision', () => {
    expect(readDateTimeText('2024-01-02T03:04:05.1234567Z', undefined)).toEqual({
      year: 2024,
      month: 1,
      day: 2,
      hour: 3,
      minute: 4,
      second: 5,
      micros: 123456,
      precision: 7,
      offsetMinutes: 0,
    });
    expect(readDateTimeText('2024-01-02 03:04:05', 'dmy')).toMatchObject({ micros: 0, precision: 0 });
    expect(readDateTimeText('2024-01-02 03:04:05', 'dmy')?.offsetMinutes).toBeUndefined();
  });

  it("reads EXIF's YYYY:MM:DD (exiftool's CSV), with its offset or Z, and no other colon-separated date", () => {
    expect(readDateTimeText('2024:03:05 11:00:01', undefined)).toMatchObject({
      year: 2024,
      month: 3,
      day: 5,
      hour: 11,
    });
    expect(readDateTimeText('2024:03:05 19:00:01.25Z', undefined)).toMatchObject({ micros: 250_000, offsetMinutes: 0 });
    expect(readDateTimeText('2024:03:05 11:00:01-08:00', undefined)?.offsetMinutes).toBe(-480);
    expect(readDateTimeText('2024:02:30 11:00:01', undefined)).toBeUndefined();
    expect(readDateTimeText('05:03:2024 11:00:01', undefined)).toBeUndefined();
    expect(readDateTimeText('2024:03-05 11:00:01', undefined)).toBeUndefined();
  });

  it('reads a zone abbreviation that names one offset (PostgreSQL %m, date(1)), not an ambiguous one', () => {
    const offset = (text: string) => readDateTimeText(text, undefined)?.offsetMinutes;
    expect(offset('2024-03-05 12:00:00.123 CET')).toBe(60);
    expect(offset('2024-07-05 12:00:00.123 CEST')).toBe(120);
    expect(offset('2024-03-05 12:00:00 EST')).toBe(-300);
    expect(offset('2024-03-05 12:00:00 pdt')).toBe(-420);
    expect(offset('Tue Mar  5 12:00:00 JST 2024')).toBe(540);
    // CST is US Central or China Standard Time: the time stays local, in the chosen zone.
    expect(readDateTimeText('2024-03-05 12:00:00 CST', undefined)).toBeUndefined();
    expect(offset('2024-03-05 12:00:00 UTC')).toBe(0);
  });
});
