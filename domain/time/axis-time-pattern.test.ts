import { beforeAll, describe, expect, it } from 'vitest';
import { axisElapsedText, axisTimePattern, dayInZone, spanLabelPattern } from './axis-time-pattern.ts';
import { formatMicros } from './format-micros.ts';
import { loadTimeZones } from './time-zone-loader.ts';

beforeAll(async () => {
  await loadTimeZones();
});

const micros = (iso: string) => Date.parse(iso) * 1000;
const utc = dayInZone('UTC');
const S = 1_000_000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('axisTimePattern', () => {
  it('carries the year when the span crosses a year', () => {
    const from = micros('2023-03-14T04:17:00Z');
    const to = micros('2026-07-24T19:01:00Z');
    const pattern = axisTimePattern(6 * H, from, to, utc);
    expect(formatMicros(from, 'UTC', pattern)).toBe('2023-03-14 04:17');
    expect(formatMicros(to, 'UTC', pattern)).toBe('2026-07-24 19:01');
  });

  it('shows whole days with their year', () => {
    expect(axisTimePattern(7 * D, micros('2024-01-01T00:00:00Z'), micros('2024-06-01T00:00:00Z'), utc)).toBe(
      'YYYY-MM-DD',
    );
  });

  it('shows month and day, not the year, across days of one year', () => {
    expect(axisTimePattern(H, micros('2024-03-14T20:00:00Z'), micros('2024-03-15T04:00:00Z'), utc)).toBe('MM-DD HH:mm');
  });

  it('leaves the date out within one day', () => {
    expect(axisTimePattern(10 * MIN, micros('2024-03-14T04:00:00Z'), micros('2024-03-14T06:00:00Z'), utc)).toBe(
      'HH:mm',
    );
    expect(axisTimePattern(5 * S, micros('2024-03-14T04:00:00Z'), micros('2024-03-14T04:01:00Z'), utc)).toBe(
      'HH:mm:ss',
    );
    expect(axisTimePattern(10_000, micros('2024-03-14T04:00:00Z'), micros('2024-03-14T04:00:01Z'), utc)).toBe(
      'HH:mm:ss.SSS',
    );
    expect(axisTimePattern(10, micros('2024-03-14T04:00:00Z'), micros('2024-03-14T04:00:00Z') + 500, utc)).toBe(
      'HH:mm:ss.SSSSSS',
    );
  });

  it('keeps the year for seconds across New Year', () => {
    expect(axisTimePattern(10 * S, micros('2023-12-31T23:59:30Z'), micros('2024-01-01T00:00:30Z'), utc)).toBe(
      'YYYY-MM-DD HH:mm:ss',
    );
  });

  it('decides days in the analyst zone, not UTC', () => {
    const from = micros('2024-03-14T14:00:00Z');
    const to = micros('2024-03-14T16:00:00Z');
    expect(axisTimePattern(10 * MIN, from, to, utc)).toBe('HH:mm');
    // 23:00 to 01:00 in Tokyo: another day there.
    expect(axisTimePattern(10 * MIN, from, to, dayInZone('Asia/Tokyo'))).toBe('MM-DD HH:mm');
  });
});

describe('spanLabelPattern', () => {
  it('gives a minimap spanning years its years', () => {
    expect(spanLabelPattern(micros('2023-03-14T04:17:00Z'), micros('2026-07-24T19:01:00Z'), 3, utc)).toBe('YYYY-MM-DD');
  });

  it('gives a short span its clock only', () => {
    expect(spanLabelPattern(micros('2024-03-14T04:17:00Z'), micros('2024-03-14T04:21:00Z'), 5, utc)).toBe('HH:mm');
    expect(spanLabelPattern(micros('2024-03-14T04:17:00Z'), micros('2024-03-14T04:17:20Z'), 5, utc)).toBe('HH:mm:ss');
  });
});

describe('axisElapsedText', () => {
  it('leaves out the units below the step, so long offsets fit the axis', () => {
    expect(axisElapsedText(1227 * D, 7 * D)).toBe('+1227d');
    expect(axisElapsedText(1227 * D + 6 * H, 6 * H)).toBe('+1227d 06h');
    expect(axisElapsedText(2 * H + 30 * MIN, 15 * MIN)).toBe('+2h 30m');
    expect(axisElapsedText(90 * S, 30 * S)).toBe('+1m 30s');
  });

  it('shows fractions only for steps under a second', () => {
    expect(axisElapsedText(1_500_000, 500_000)).toBe('+1.5s');
    expect(axisElapsedText(1_250_000, 50_000)).toBe('+1.25s');
    expect(axisElapsedText(1_234, 2)).toBe('+0.001234s');
  });
});
