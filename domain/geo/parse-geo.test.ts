// The geo CSV reader on the real fixtures: detected columns, valid and invalid counts (SOURCES.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AIRDATA_COLUMNS, AIRDATA_FILE } from '../../tests/support/airdata-log.ts';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { detectGeoSettings } from './detect-geo-settings.ts';
import type { GeoPoint, InvalidGeoItem } from './geo-point.ts';
import type { MapSettings } from './geo-settings.ts';
import { parseGeo } from './parse-geo.ts';

async function parseAll(bytes: Uint8Array, settings: MapSettings) {
  const points: GeoPoint[] = [];
  const invalid: InvalidGeoItem[] = [];
  for await (const batch of parseGeo(bytes, settings)) {
    points.push(...batch.points);
    invalid.push(...batch.invalid);
  }
  return { points, invalid };
}

const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, 'geo', name)));

describe('geo CSV', () => {
  it('reads the FR24 track: epoch seconds, one "lat,lon" position field, 305 points', async () => {
    const bytes = fixture('fr24_JAL516_2024-01-02.csv');
    const detection = detectGeoSettings(new TextDecoder().decode(bytes), true, 'fr24_JAL516_2024-01-02.csv');
    if (typeof detection === 'string') throw new Error(detection);
    expect(detection.settings.identifiedColumns).toEqual({
      '0': 'timestamp',
      '2': 'actor',
      '3': 'position',
      '4': 'altitude',
      '6': 'heading',
    });
    expect(detection.settings.numericUnit).toBe('seconds');
    // A Flightradar24 export: a callsign (an aircraft), altitude in feet.
    expect(detection.settings).toMatchObject({ icon: 'airplane', altitudeUnit: 'feet' });
    const { points, invalid } = await parseAll(bytes, detection.settings);
    expect(points).toHaveLength(305);
    expect(invalid).toHaveLength(0);
    expect(points[0]).toMatchObject({
      line: 2,
      timestamp: 1704180175_000000,
      actor: 'JAL516',
      latitude: 42.787994,
      longitude: 141.685074,
      heading: 73,
    });
  });

  it('reads the AirData log: datetime(utc), padded headers, feet; the 116 rows without a fix are invalid', async () => {
    const bytes = fixture(AIRDATA_FILE);
    const detection = detectGeoSettings(new TextDecoder().decode(bytes.subarray(0, 64 * 1024)), false, 'airdata.csv');
    if (typeof detection === 'string') throw new Error(detection);
    const kinds = detection.settings.identifiedColumns;
    expect(kinds).toMatchObject(AIRDATA_COLUMNS);
    expect(detection.settings.altitudeUnit).toBe('feet');
    const { points, invalid } = await parseAll(bytes, detection.settings);
    expect(points.length + invalid.length).toBe(11_614);
    expect(invalid).toHaveLength(116);
    expect(invalid[0]).toEqual({ line: 2, reason: 'has no position fix (latitude and longitude both 0)' });
    expect(points[0]!.timestamp).toBe(Date.UTC(2021, 8, 6, 2, 48, 9) * 1000);
  });

  it('reports bad rows with line and reason, and times of day on the default date in the default zone', async () => {
    const text = 'hms,lat,lon\n10:00:00,52.1,4.2\n10:00:01,95,4.2\nnoon,52.1,4.2\n10:00:03,52.1\n';
    const settings: MapSettings = {
      name: 'x',
      colour: '#0071BF',
      icon: 'circle',
      defaultTimeZone: 'UTC',
      defaultDate: '2024-03-01',
      delimiter: 'comma',
      headerRowCount: 1,
      preambleRowCount: 0,
      identifiedColumns: { '0': 'hour_minute_second', '1': 'latitude', '2': 'longitude' },
      numericUnit: 'seconds',
      altitudeUnit: 'metres',
    };
    const { points, invalid } = await parseAll(new TextEncoder().encode(text), settings);
    expect(points.map((point) => point.timestamp)).toEqual([Date.UTC(2024, 2, 1, 10) * 1000]);
    expect(invalid).toEqual([
      { line: 3, reason: 'latitude 95 is out of range (-90 to 90)' },
      { line: 4, reason: "hour_minute_second 'noon' is not a time of day as HH:mm:ss" },
      { line: 5, reason: 'has 2 fields where the file has 3' },
    ]);
  });
});
