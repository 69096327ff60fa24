// Geo CSVs whose numbers are not plain degrees, metres and instants: MAVLink and older PX4 logs
// count 1e-7 degrees and millimetres, Garmin FIT records semicircles, ArduPilot and receivers give
// GPS week and time of week. Each is decided from the columns' values (and FIT's names), not a file.
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode } from './geo-file-test-reader.ts';
import { gpsWeekMicros } from './gps-time.ts';

const micros = (iso: string) => Date.parse(iso) * 1000;

describe('coordinates counted in other units', () => {
  it('whole 1e-7 degrees (their range past 90 and 180 says so) with integer millimetres of altitude', async () => {
    const text = [
      'timestamp,time_boot_ms,lat,lon,alt,relative_alt',
      '1700000000.25,123450,-353632621,1491652374,584120,12',
      '1700000000.50,123700,0,0,0,0',
      '1700000000.75,123950,-953632630,1491652390,584320,14',
      '',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'global_position_int.csv');
    expect(detection.settings).toMatchObject({ coordinateUnit: 'degrees-e7', altitudeUnit: 'millimetres' });
    expect(detection.reason).toContain('coordinates in whole 1e-7 degrees');
    expect(points.map((point) => [point.latitude, point.longitude, point.altitude])).toEqual([
      [-35.3632621, 149.1652374, 584.12],
    ]);
    expect(invalid).toEqual([
      { line: 3, reason: 'has no position fix (latitude and longitude both 0)' },
      { line: 4, reason: 'latitude -953632630 (-95.363263 degrees) is out of range (-90 to 90)' },
    ]);
  });

  it('small whole numbers past 90 and 180 are degrees out of range, not scaled ones', async () => {
    const text = 'lat,lon,time\n95,200,2024-01-02T10:11:12Z\n';
    const { detection, invalid } = await detectAndRead(encode(text), 'broken.csv');
    expect(detection.settings.coordinateUnit).toBe('degrees');
    expect(invalid).toEqual([{ line: 2, reason: 'latitude 95 is out of range (-90 to 90)' }]);
  });

  it('plain degrees stay degrees, whole or not', async () => {
    const text = 'time,lat,lon,alt\n2024-01-02T10:11:12Z,47,-122,100\n2024-01-02T10:11:13Z,47.5,-122.5,101\n';
    const { detection, points } = await detectAndRead(encode(text), 'whole.csv');
    expect(detection.settings).toMatchObject({ coordinateUnit: 'degrees', altitudeUnit: 'metres' });
    expect(points.map((point) => [point.latitude, point.longitude, point.altitude])).toEqual([
      [47, -122, 100],
      [47.5, -122.5, 101],
    ]);
  });

  it('Garmin FIT records converted to CSV: position_lat and position_long in semicircles', async () => {
    const text = [
      'timestamp,position_lat,position_long,enhanced_altitude,heart_rate',
      '2023-04-01 07:12:03,612921187,-1537622,35.2,98',
      '2023-04-01 07:12:04,,,35.4,99',
      '',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'activity_records.csv');
    expect(detection.settings).toMatchObject({ coordinateUnit: 'semicircles', altitudeUnit: 'metres' });
    expect(points.map((point) => [point.latitude, point.longitude, point.altitude])).toEqual([
      [expect.closeTo(51.37446, 5), expect.closeTo(-0.128882, 6), 35.2],
    ]);
    expect(invalid).toEqual([{ line: 3, reason: 'latitude is empty' }]);
  });
});

describe('GPS week and time of week', () => {
  it('ArduPilot GPS messages: GWk and GMS, made UTC by the 18 leap seconds, a row without a fix invalid', async () => {
    const text = [
      'TimeUS,Status,GMS,GWk,NSats,HDop,Lat,Lng,Alt',
      '65000123,3,432018000,2263,12,0.8,-35.3632621,149.1652374,584.12',
      '65200123,3,432018200,2263,12,0.8,-35.3632622,149.1652375,584.22',
      '65400123,1,0,0,4,99.9,-35.3632622,149.1652375,0',
      '',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), '00000042.csv');
    expect(detection.reason).toContain('time from the GPS week "GWk" and the milliseconds into it "GMS"');
    expect(points.map((point) => point.timestamp)).toEqual([
      micros('2023-05-26T00:00:00.000Z'),
      micros('2023-05-26T00:00:00.200Z'),
    ]);
    expect(invalid).toEqual([{ line: 4, reason: 'has no GPS time (week 0, time 0: no fix yet)' }]);
  });

  it('a receiver log with the time of week in seconds', async () => {
    const text = 'GPSWeek,TOW,Latitude,Longitude\n2300,345600.5,52.2297,21.0122\n';
    const { points } = await detectAndRead(encode(text), 'receiver.csv');
    expect(points.map((point) => point.timestamp)).toEqual([micros('2024-02-07T23:59:42.500Z')]);
  });

  it('a timestamp column beside GWk and GMS is the time (mavlogdump writes both)', async () => {
    const text = 'timestamp,GMS,GWk,Lat,Lng\n1684836000.123,432018000,2263,-35.36,149.16\n';
    const { detection, points } = await detectAndRead(encode(text), 'gps.csv');
    expect(Object.values(detection.settings.identifiedColumns)).not.toContain('date');
    expect(points.map((point) => point.timestamp)).toEqual([micros('2023-05-23T10:00:00.123Z')]);
  });

  it('counts the leap seconds of the day: 13 in 2005, 18 since 2017', () => {
    // GPS week 1300 began 2004-12-05; 2 days in is 2004-12-07 00:00:13 GPS, 00:00:00 UTC.
    expect(gpsWeekMicros(1300, 172_800, 'seconds')).toBe(micros('2004-12-06T23:59:47Z'));
    expect(gpsWeekMicros(1300, 172_813, 'seconds')).toBe(micros('2004-12-07T00:00:00Z'));
    expect(gpsWeekMicros(2263, 432_018_000, 'milliseconds')).toBe(micros('2023-05-26T00:00:00Z'));
    expect(gpsWeekMicros(2263, 604_800_000, 'milliseconds')).toBe(
      'GPS time of week 604800000 is not within a week of milliseconds',
    );
  });
});

describe('Garmin FIT times read unconverted', () => {
  it('a FIT record timestamp counts seconds from 1989-12-31, decided by its range and said', async () => {
    const text = [
      'timestamp,position_lat,position_long,altitude,heart_rate',
      '1049181123,621566418,-1449328451,123.4,110',
      '1049181124,621566500,-1449328400,123.6,111',
      '',
    ].join('\n');
    const { detection, points, first, last } = await detectAndRead(encode(text), 'activity_records.csv');
    expect(detection.settings.numericUnit).toBe('fit-seconds');
    expect(detection.reason).toContain('Garmin FIT seconds since 1989-12-31');
    expect(points).toHaveLength(2);
    expect([first, last]).toEqual(['2023-03-31T07:12:03.000Z', '2023-03-31T07:12:04.000Z']);
  });

  it('Unix seconds past 2011 in the same columns stay Unix seconds', async () => {
    const text = 'timestamp,position_lat,position_long\n1680333123,52.09,-121.47\n';
    const { detection, first } = await detectAndRead(encode(text), 'converted.csv');
    expect(detection.settings.numericUnit).toBe('seconds');
    expect(first).toBe('2023-04-01T07:12:03.000Z');
  });
});

describe('headings counted in hundredths of a degree', () => {
  it("MAVLink's hdg beside 1e-7 coordinates: centidegrees, 65535 (unknown) gives no heading", async () => {
    const text = [
      'timestamp,lat,lon,alt,hdg',
      '1700000000.25,473977420,85455940,488000,35999',
      '1700000000.50,473977430,85455950,488100,65535',
      '1700000000.75,473977440,85455960,488200,250',
      '',
    ].join('\n');
    const { detection, points } = await detectAndRead(encode(text), 'global_position_int.csv');
    expect(detection.settings.headingUnit).toBe('centidegrees');
    expect(detection.reason).toContain('heading "hdg" in hundredths of a degree');
    expect(points.map((point) => point.heading)).toEqual([359.99, null, 2.5]);
  });

  it('whole headings up to 360 stay degrees', async () => {
    const text = 'time,lat,lon,heading\n2024-01-02T10:11:12Z,47.1,8.1,359\n2024-01-02T10:11:13Z,47.1,8.1,12\n';
    const { detection, points } = await detectAndRead(encode(text), 'plain.csv');
    expect(detection.settings.headingUnit).toBeUndefined();
    expect(points.map((point) => point.heading)).toEqual([359, 12]);
  });
});

describe('a count of milliseconds since the start beside whole-second times', () => {
  it('gives each second its fraction, starts again when the count goes back, and says why a count is unread', async () => {
    const text = [
      'time(millisecond),datetime(utc),latitude,longitude',
      '0,2024-03-05 12:00:00,0,0',
      '400,2024-03-05 12:00:00,52.1,4.1',
      '500,2024-03-05 12:00:01,52.1,4.2',
      '1500,2024-03-05 12:00:02,52.1,4.3',
      'soon,2024-03-05 12:00:02,52.1,4.3',
      // A second recording appended: its count starts again.
      '0,2024-03-05 13:00:00,52.2,4.1',
      '100,2024-03-05 13:00:00,52.2,4.2',
      '',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'airdata.csv');
    expect(detection.settings.identifiedColumns).toMatchObject({ '0': 'elapsed_milliseconds', '1': 'timestamp' });
    // The first point (400 ms in 12:00:00) starts the count at 11:59:59.6, as AirData's own GPX does.
    expect(points.map((point) => point.timestamp)).toEqual([
      micros('2024-03-05T12:00:00Z'),
      micros('2024-03-05T12:00:00.100Z'),
      micros('2024-03-05T12:00:01.100Z'),
      micros('2024-03-05T13:00:00Z'),
      micros('2024-03-05T13:00:00.100Z'),
    ]);
    expect(invalid).toEqual([
      { line: 2, reason: 'has no position fix (latitude and longitude both 0)' },
      { line: 6, reason: "elapsed_milliseconds 'soon' is not a count of milliseconds since the start" },
    ]);
  });

  it('is left alone when the times have their own fractions or every row its own second', async () => {
    const fractions =
      'time(millisecond),datetime(utc),lat,lon\n0,2024-03-05 12:00:00.000,52,4\n100,2024-03-05 12:00:00.100,52,4\n';
    const seconds =
      'time(millisecond),datetime(utc),lat,lon\n0,2024-03-05 12:00:00,52,4\n1000,2024-03-05 12:00:01,52,4\n';
    for (const text of [fractions, seconds]) {
      const { detection } = await detectAndRead(encode(text), 'log.csv');
      expect(Object.values(detection.settings.identifiedColumns)).not.toContain('elapsed_milliseconds');
    }
  });
});
