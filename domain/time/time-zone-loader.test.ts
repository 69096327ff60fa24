import { LocalDateTime, ZonedDateTime } from '@js-joda/core';
import { describe, expect, it } from 'vitest';
import { parseDate } from './parse-date.ts';
import { isTimeZoneDataLoaded, loadTimeZones, resolveTimeZone } from './time-zone-loader.ts';
import { listTimeZoneRecords } from './time-zone-table.ts';

// Vitest runs each test file in its own process here (pool: forks), so nothing is loaded yet; the
// describe blocks run in order, the "before" block first.
describe('before loadTimeZones()', () => {
  it('has no zone rules', () => {
    expect(isTimeZoneDataLoaded()).toBe(false);
  });

  it('still resolves the default zone, UTC, which js-joda knows built in', () => {
    expect(resolveTimeZone('UTC').id()).toBe('UTC');
    expect(parseDate('2018-03-24 17:15:20', 'UTC')).toBe(1_521_911_720_000_000);
  });

  it('parses numeric timestamps, which need no zone rules', () => {
    expect(parseDate('1521911720', 'Europe/London', { numericUnit: 'seconds' })).toBe(1_521_911_720_000_000);
  });

  it('says to load first when a zone needs rules', () => {
    expect(() => resolveTimeZone('Europe/London')).toThrow(/await loadTimeZones\(\)/);
    expect(() => parseDate('2018-03-24 17:15:20', 'Europe/London')).toThrow(/await loadTimeZones\(\)/);
  });

  it('rejects a zone outside the table with a RangeError, loaded or not', () => {
    expect(() => resolveTimeZone('Mars/Olympus')).toThrow(RangeError);
  });
});

describe('loadTimeZones()', () => {
  it('loads once: later calls share the first promise', async () => {
    const first = loadTimeZones();
    expect(loadTimeZones()).toBe(first);
    await first;
    expect(isTimeZoneDataLoaded()).toBe(true);
    expect(resolveTimeZone('Europe/London').id()).toBe('Europe/London');
  });

  it('can resolve every zone of the table', async () => {
    await loadTimeZones();
    const unresolved = listTimeZoneRecords()
      .map((record) => record.name)
      .filter((name) => {
        try {
          resolveTimeZone(name);
          return false;
        } catch {
          return true;
        }
      });
    expect(unresolved).toEqual([]);
  });

  it('still rejects a zone js-joda knows but the table does not (a bare offset)', async () => {
    await loadTimeZones();
    expect(() => resolveTimeZone('+05:00')).toThrow(RangeError);
  });

  // The trimmed data builds drop DST after their last year (2030 at best); the full data must not.
  it.each([
    ['America/New_York', 1970, '-04:00', '-05:00'],
    ['America/New_York', 2031, '-04:00', '-05:00'],
    ['America/New_York', 2050, '-04:00', '-05:00'],
    ['America/New_York', 2099, '-04:00', '-05:00'],
    ['Europe/London', 2099, '+01:00', 'Z'],
    ['Australia/Sydney', 2099, '+10:00', '+11:00'],
  ])('%s in %i: July %s, January %s', async (zone, year, july, january) => {
    await loadTimeZones();
    const zoneId = resolveTimeZone(zone);
    const offsetOn = (month: number): string =>
      ZonedDateTime.ofLocal(LocalDateTime.of(year, month, 1, 12, 0), zoneId, null)
        .offset()
        .id();
    expect(offsetOn(7)).toBe(july);
    expect(offsetOn(1)).toBe(january);
  });
});
