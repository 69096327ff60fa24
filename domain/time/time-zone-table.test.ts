import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatUtcOffset,
  getTimeZoneRecord,
  isKnownTimeZone,
  listTimeZoneOptions,
  listTimeZoneRecords,
} from './time-zone-table.ts';

describe('isKnownTimeZone (section 5: accepted only if it exists in the known zone table)', () => {
  it.each(['UTC', 'Etc/UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'US/Eastern', 'GMT'])(
    'accepts %s',
    (name) => {
      expect(isKnownTimeZone(name)).toBe(true);
    },
  );

  it.each([
    ['an empty name', ''],
    ['a made-up zone', 'Mars/Olympus'],
    ['the wrong case', 'utc'],
    ['the wrong case of a region', 'america/new_york'],
    ['spaces for underscores', 'America/New York'],
    ['surrounding whitespace', ' UTC '],
    ['a bare offset', '+05:00'],
    ['the letter Z', 'Z'],
    ['tzdb Factory, which is no place', 'Factory'],
  ])('rejects %s', (_label, name) => {
    expect(isKnownTimeZone(name)).toBe(false);
  });

  it('has UTC as the default zone (section 9), and knows it', () => {
    expect(DEFAULT_TIME_ZONE).toBe('UTC');
    expect(isKnownTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
  });
});

describe('timezone records (section 3)', () => {
  it('carries name, countries, offsets, alias and deprecated flag', () => {
    expect(getTimeZoneRecord('America/New_York')).toEqual({
      name: 'America/New_York',
      countries: ['US'],
      utcOffsetMinutes: -300,
      dstOffsetMinutes: -240,
      aliasOf: undefined,
      deprecated: false,
    });
  });

  it('marks aliases and deprecated names', () => {
    expect(getTimeZoneRecord('US/Eastern')).toMatchObject({ aliasOf: 'America/New_York', deprecated: true });
    expect(getTimeZoneRecord('UTC')).toMatchObject({ aliasOf: 'Etc/UTC', deprecated: true, countries: [] });
  });

  it('gives equal offsets for a zone without daylight saving time', () => {
    expect(getTimeZoneRecord('Asia/Kolkata')).toMatchObject({ utcOffsetMinutes: 330, dstOffsetMinutes: 330 });
  });

  it('has no record for an unknown name', () => {
    expect(getTimeZoneRecord('Mars/Olympus')).toBeUndefined();
  });

  it('lists every record, deprecated ones included, sorted by name', () => {
    const records = listTimeZoneRecords();
    const names = records.map((record) => record.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('US/Eastern');
    expect(records.length).toBeGreaterThan(500);
    expect(records.every((record) => isKnownTimeZone(record.name))).toBe(true);
  });
});

describe('formatUtcOffset', () => {
  it.each([
    [0, '+00:00'],
    [-300, '-05:00'],
    [330, '+05:30'],
    [345, '+05:45'],
    [-210, '-03:30'],
    [840, '+14:00'],
  ])('%i minutes reads %s', (minutes, text) => {
    expect(formatUtcOffset(minutes)).toBe(text);
  });
});

describe('listTimeZoneOptions (the picker)', () => {
  const options = listTimeZoneOptions();

  it('is sorted by standard offset, then by name', () => {
    for (let index = 1; index < options.length; index++) {
      const before = options[index - 1];
      const after = options[index];
      if (before === undefined || after === undefined) throw new Error('unreachable');
      const inOrder =
        before.utcOffsetMinutes < after.utcOffsetMinutes ||
        (before.utcOffsetMinutes === after.utcOffsetMinutes && before.name < after.name);
      expect(inOrder, `${before.name} before ${after.name}`).toBe(true);
    }
  });

  it('offers current names and the default zone, not the other deprecated aliases', () => {
    const names = options.map((option) => option.name);
    expect(names).toContain(DEFAULT_TIME_ZONE);
    expect(names).toContain('America/New_York');
    expect(names).not.toContain('US/Eastern');
    expect(names.every((name) => isKnownTimeZone(name))).toBe(true);
  });

  it('labels each option with its offsets', () => {
    const byName = new Map(options.map((option) => [option.name, option]));
    expect(byName.get('America/New_York')?.label).toBe('(UTC-05:00, DST -04:00) America/New_York');
    expect(byName.get('Asia/Kolkata')?.label).toBe('(UTC+05:30) Asia/Kolkata');
    expect(byName.get('UTC')).toEqual({
      name: 'UTC',
      label: '(UTC+00:00) UTC',
      utcOffsetMinutes: 0,
      dstOffsetMinutes: 0,
    });
  });
});
