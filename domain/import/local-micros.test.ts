import { describe, expect, it } from 'vitest';
import { loadZone } from './parse-event-time.ts';
import { localMicros } from './local-micros.ts';

const at = (year: number, month: number, day: number, hour: number, minute: number, second: number) => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
  fractionMicros: 250,
});
const iso = (micros: number | undefined) =>
  micros === undefined ? undefined : new Date(Math.floor(micros / 1000)).toISOString();

describe('localMicros', () => {
  it('follows the zone rules around transitions, minute after minute', async () => {
    const zone = await loadZone('America/New_York');
    // 2021-03-14 02:30 does not exist in New York: moved forward by the gap, as section 5 times are.
    expect(iso(localMicros(at(2021, 3, 14, 1, 59, 59), zone))).toBe('2021-03-14T06:59:59.000Z');
    expect(iso(localMicros(at(2021, 3, 14, 2, 30, 0), zone))).toBe('2021-03-14T07:30:00.000Z');
    expect(iso(localMicros(at(2021, 3, 14, 3, 0, 1), zone))).toBe('2021-03-14T07:00:01.000Z');
    // 2021-11-07 01:30 happens twice: the earlier instant (EDT) is taken.
    expect(iso(localMicros(at(2021, 11, 7, 1, 30, 0), zone))).toBe('2021-11-07T05:30:00.000Z');
    expect(iso(localMicros(at(2021, 11, 7, 2, 0, 0), zone))).toBe('2021-11-07T07:00:00.000Z');
    expect(localMicros(at(2021, 11, 7, 2, 0, 0), zone)! % 1000).toBe(250);
  });

  it('refuses impossible dates', async () => {
    const zone = await loadZone('UTC');
    expect(localMicros(at(2023, 2, 29, 0, 0, 0), zone)).toBeUndefined();
    expect(localMicros(at(2024, 2, 29, 0, 0, 0), zone)).toBeDefined();
    expect(localMicros(at(2024, 4, 31, 0, 0, 0), zone)).toBeUndefined();
    expect(localMicros(at(2024, 1, 1, 24, 0, 0), zone)).toBeUndefined();
  });
});
