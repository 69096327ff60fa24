// Every geo fixture read with no settings: detection, then the parser. Expected values were read off
// the files by hand (grep, awk, sed), never from the parser's output.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { KORITA_GPX, NEW_ZEALAND_IGC } from '../../tests/support/track-fixtures.ts';
import { detectAndRead } from './geo-file-test-reader.ts';

const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
const read = (path: string) => detectAndRead(fixture(path), path.replace(/^.*\//, ''));

describe('geo fixtures, no settings given', () => {
  it('Flightradar24 CSV export: 305 points, "lat,lon" positions, altitude in feet', async () => {
    const { detection, points, invalid, first, last } = await read('geo/fr24_JAL516_2024-01-02.csv');
    expect(detection.settings).toMatchObject({ format: 'csv', altitudeUnit: 'feet', icon: 'airplane' });
    expect(detection.reason).toContain('Flightradar24');
    expect([points.length, invalid.length]).toEqual([305, 0]);
    expect([first, last]).toEqual(['2024-01-02T07:22:55.000Z', '2024-01-02T08:47:23.000Z']);
    expect(points[1]).toMatchObject({
      line: 3,
      actor: 'JAL516',
      latitude: 42.770142,
      longitude: 141.691422,
      heading: 172,
    });
    expect(points[1]!.altitude).toBeCloseTo(550 * 0.3048, 6);
  });

  it('AirData CSV: 11,498 points, the 116 rows without a fix invalid', async () => {
    const { detection, points, invalid, first, last } = await read('geo/airdata_dji_air2s_2021-09-05.csv');
    expect(detection.settings.format).toBe('csv');
    expect([points.length, invalid.length]).toEqual([11_614 - 116, 116]);
    expect([first, last]).toEqual(['2021-09-06T02:48:09.000Z', '2021-09-06T03:07:42.000Z']);
    expect(points[points.length - 1]).toMatchObject({ latitude: 47.5726927443072, longitude: -122.626651406783 });
  });

  it('AirData CSV at 10 Hz: "time(millisecond)" gives the whole seconds of "datetime(utc)" their fraction, as in its GPX', async () => {
    const csv = await read('geo/airdata_dji_air2s_2021-09-05.csv');
    expect(csv.detection.settings.identifiedColumns).toMatchObject({ '0': 'elapsed_milliseconds', '1': 'timestamp' });
    expect(csv.detection.reason).toContain('fraction by "time(millisecond)"');
    // Lines 119 and 120 (11,700 and 11,800 ms) both say 02:48:09; the first point (11,600 ms) starts the count.
    expect(csv.points.slice(1, 3).map((point) => [point.line, point.timestamp])).toEqual([
      [119, Date.UTC(2021, 8, 6, 2, 48, 9, 100) * 1000],
      [120, Date.UTC(2021, 8, 6, 2, 48, 9, 200) * 1000],
    ]);
    // AirData's own GPX of the flight dates the same positions: every one of them agrees to the microsecond.
    const gpx = await read('geo/airdata_dji_air2s_2021-09-05.gpx');
    const gpxTimes = new Map<string, number>();
    for (const point of gpx.points) gpxTimes.set(`${point.latitude},${point.longitude}`, point.timestamp);
    const differing = csv.points.filter((point) => {
      const time = gpxTimes.get(`${point.latitude},${point.longitude}`);
      return time !== undefined && time !== point.timestamp;
    });
    expect(differing).toEqual([]);
    expect(new Set(csv.points.map((point) => point.timestamp)).size).toBe(csv.points.length);
  });

  it('AirData GPX 1.1: 10,817 timed track points at 100 ms', async () => {
    const { detection, points, invalid, first, last } = await read('geo/airdata_dji_air2s_2021-09-05.gpx');
    expect(detection.settings.format).toBe('gpx');
    expect(detection.reason).toMatch(/^GPX 1\.1 written by "Airdata\.com"/);
    expect([points.length, invalid.length]).toEqual([10_817, 0]);
    expect([first, last]).toEqual(['2021-09-06T02:48:09.100Z', '2021-09-06T03:07:42.000Z']);
    expect(points[0]).toEqual({
      line: 12,
      timestamp: Date.UTC(2021, 8, 6, 2, 48, 9, 100) * 1000,
      actor: 'Sep-5th-2021-07-48PM-Flight-Airdata',
      latitude: 47.5726823293534,
      longitude: -122.626668686453,
      altitude: 8.6981638,
      heading: null,
      pitch: null,
      roll: null,
    });
  });

  it('GPSBabel GPX 1.0: 871 track points, the 358 without <time> invalid with their track, untimed waypoints left out', async () => {
    const { detection, points, invalid, first, last } = await read(KORITA_GPX.path);
    expect(detection.settings.format).toBe(KORITA_GPX.format);
    expect([points.length, invalid.length]).toEqual([KORITA_GPX.timedPoints, KORITA_GPX.untimedPoints]);
    expect(invalid[0]).toEqual({ line: 33, reason: 'point 1 of track "03-OCT-10 #2" has no time' });
    expect([first, last]).toEqual([KORITA_GPX.first, KORITA_GPX.last]);
    expect(points[0]).toMatchObject({
      line: 1113,
      actor: 'ACTIVE LOG',
      latitude: 45.452595614,
      longitude: 14.018194014,
      altitude: 753.330322,
    });
    expect(new Set(points.map((point) => point.actor))).toEqual(new Set(['ACTIVE LOG', 'ACTIVE LOG #2']));
  });

  it('IGC: 5,367 fixes across UTC midnight, GNSS altitude, HDT heading, the glider id as actor', async () => {
    const { detection, points, invalid, first, last } = await read(NEW_ZEALAND_IGC.path);
    expect(detection.settings).toMatchObject({ format: NEW_ZEALAND_IGC.format, icon: 'airplane' });
    expect(detection.reason).toContain('HFDTE061109');
    expect([points.length, invalid.length]).toEqual([NEW_ZEALAND_IGC.timedPoints, NEW_ZEALAND_IGC.untimedPoints]);
    expect([first, last]).toEqual([NEW_ZEALAND_IGC.first, NEW_ZEALAND_IGC.last]);
    expect(points[0]).toMatchObject({ line: 15, actor: 'AA', altitude: 458, heading: 0 });
    expect(points[0]!.latitude).toBeCloseTo(-(38 + 39.773 / 60), 9);
    expect(points[0]!.longitude).toBeCloseTo(176 + 8.501 / 60, 9);
    // The 300th fix, B000010: ten seconds past midnight, on the next day.
    expect(points[299]).toMatchObject({
      timestamp: Date.UTC(2009, 10, 7, 0, 0, 10) * 1000,
      altitude: 1386,
      heading: 26,
    });
  });

  it('NMEA from a u-blox ZED-F9P: 29 fixes, RMC and GGA of each second merged, comments skipped', async () => {
    const { detection, points, invalid, first, last } = await read('field/geo/nmea_ublox_zed_f9p.log');
    expect(detection.settings.format).toBe('nmea');
    expect([points.length, invalid.length]).toEqual([29, 0]);
    expect([first, last]).toEqual(['2019-04-12T00:39:56.000Z', '2019-04-12T00:40:24.000Z']);
    expect(points[0]).toMatchObject({ line: 13, altitude: 14.2, heading: null });
    expect(points[0]!.latitude).toBeCloseTo(-(45 + 52.65403 / 60), 9);
    expect(points[0]!.longitude).toBeCloseTo(170 + 30.00668 / 60, 9);
  });

  it('KML gx:MultiTrack: 26 track points paired when by when, and the two timed Placemarks', async () => {
    const { detection, points, invalid, first, last } = await read('field/geo/togeojson_gx_multitrack.kml');
    expect(detection.settings.format).toBe('kml');
    expect([points.length, invalid.length]).toEqual([28, 0]);
    expect([first, last]).toEqual(['2014-04-12T14:26:16.702Z', '2014-04-12T15:38:07.678Z']);
    expect(points[1]).toEqual({
      line: 116,
      timestamp: Date.UTC(2014, 3, 12, 14, 26, 16, 702) * 1000,
      actor: '12/04/2014 11:24 AM',
      latitude: -40.139527,
      longitude: -71.324739,
      altitude: 791.5999755859375,
      heading: null,
      pitch: null,
      roll: null,
    });
    expect(points[0]!.actor).toBe('12/04/2014 11:24 AM (départ)');
  });
});
