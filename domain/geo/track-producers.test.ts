// More producers of the track formats, written from each format's documentation: NMEA receivers that
// log GGA alone or GLL, KML written with spaces inside coordinate tuples, GeoJSON from trackers.
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode, readAll } from './geo-file-test-reader.ts';

const micros = (iso: string) => Date.parse(iso) * 1000;

/** A sentence with its checksum (XOR of the characters between "$" and "*"). */
function sentence(body: string): string {
  let sum = 0;
  for (const char of body) sum ^= char.charCodeAt(0);
  return `$${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}`;
}

describe('NMEA receivers', () => {
  it('GGA alone has no date: each fix says so, and the map default date places them, rolling past midnight', async () => {
    const text = [
      sentence('GPGGA,235959.00,4000.000,N,00300.000,W,1,08,0.9,10.0,M,,M,,'),
      sentence('GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1'),
      sentence('GPGGA,000000.00,4000.001,N,00300.001,W,1,08,0.9,10.5,M,,M,,'),
    ].join('\r\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'survey.nmea');
    expect(detection.reason).toContain('no RMC or ZDA sentence gives a date in the first lines');
    expect(points).toEqual([]);
    expect(invalid).toEqual([
      {
        line: 1,
        reason:
          'fix at 23:59:59.00 has no date: no RMC or ZDA sentence before it gives one, and the map no default year-month-day',
      },
      {
        line: 3,
        reason:
          'fix at 00:00:00.00 has no date: no RMC or ZDA sentence before it gives one, and the map no default year-month-day',
      },
    ]);
    const dated = await readAll(encode(text), { ...detection.settings, defaultDate: '2021-03-12' });
    expect(dated.invalid).toEqual([]);
    expect(dated.points.map((point) => [point.timestamp, point.altitude])).toEqual([
      [micros('2021-03-12T23:59:59Z'), 10],
      [micros('2021-03-13T00:00:00Z'), 10.5],
    ]);
  });

  it('GLL gives a position and a time; with RMC of the same second it is one fix; status V is invalid', async () => {
    const text = [
      sentence('GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,90.0,150624,,,A'),
      sentence('GPGLL,4807.038,N,01131.000,E,120000.00,A,A'),
      sentence('GPGLL,4807.040,N,01131.010,E,120001.00,A,A'),
      sentence('GPGLL,,,,,120002.00,V,N'),
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'handheld.log');
    expect(detection.settings.format).toBe('nmea');
    expect(points.map((point) => [point.line, point.timestamp, point.latitude, point.longitude])).toEqual([
      [1, micros('2024-06-15T12:00:00Z'), 48 + 7.038 / 60, 11 + 31 / 60],
      [3, micros('2024-06-15T12:00:01Z'), 48 + 7.04 / 60, 11 + 31.01 / 60],
    ]);
    expect(invalid).toEqual([{ line: 4, reason: 'fix at 12:00:02.00: GLL status V: the receiver had no valid fix' }]);
  });

  it('GLL, VTG and ZDA alone: ZDA dates the fixes, the VTG after each GLL gives its course', async () => {
    // Receivers set to the NMEA 2.3 "GLL, VTG, ZDA" output (no RMC, no GGA): VTG carries no time, so
    // its course belongs to the fix of its epoch; a VTG whose mode is N (not valid) gives none.
    const text = [
      sentence('GPZDA,123010.00,15,06,2023,00,00'),
      sentence('GPGLL,4916.45,N,12311.12,W,123010.00,A,A'),
      sentence('GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A'),
      sentence('GPZDA,123011.00,15,06,2023,00,00'),
      sentence('GPGLL,4916.46,N,12311.12,W,123011.00,A,A'),
      sentence('GPVTG,,T,,M,0.0,N,0.0,K,N'),
    ].join('\r\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'gll-vtg-zda.nmea');
    expect(detection.settings.format).toBe('nmea');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.line, point.timestamp, point.heading])).toEqual([
      [2, micros('2023-06-15T12:30:10Z'), 54.7],
      [5, micros('2023-06-15T12:30:11Z'), null],
    ]);
  });
});

describe('NMEA talkers that write the time differently', () => {
  it('an RMC at "120000" and a GGA at "120000.000" are one fix: the RMC date and course, the GGA altitude', async () => {
    const text = [
      sentence('GNRMC,120000,A,4807.038,N,01131.000,E,0.0,90.0,150624,,,A'),
      sentence('GPGGA,120000.000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,'),
    ].join('\n');
    const { points, invalid } = await detectAndRead(encode(text), 'mixed.nmea');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.line, point.timestamp, point.altitude, point.heading])).toEqual([
      [1, micros('2024-06-15T12:00:00Z'), 545.4, 90],
    ]);
  });
});

describe('KML from other writers', () => {
  it('reads "lon, lat, alt" tuples with spaces after the commas as one vertex each', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Stop</name><TimeStamp><when>2008-04-05T12:00:00Z</when></TimeStamp>
<Point><coordinates> 10.003 , 50.003 , 103 </coordinates></Point></Placemark>
<Placemark><name>Leg</name><TimeSpan><begin>2008-04-05T13:00:00Z</begin><end>2008-04-05T13:10:00Z</end></TimeSpan>
<LineString><coordinates>
  10.1, 50.1, 110
  10.2, 50.2, 120
</coordinates></LineString></Placemark>
</Document></kml>`;
    const { points, invalid } = await detectAndRead(encode(text), 'exported.kml');
    expect(invalid).toEqual([]);
    expect(
      points.map((point) => [point.actor, point.timestamp, point.latitude, point.longitude, point.altitude]),
    ).toEqual([
      ['Stop', micros('2008-04-05T12:00:00Z'), 50.003, 10.003, 103],
      ['Leg', micros('2008-04-05T13:00:00Z'), 50.1, 10.1, 110],
      ['Leg', micros('2008-04-05T13:10:00Z'), 50.2, 10.2, 120],
    ]);
  });
});

describe('GeoJSON points from trackers and GIS tools', () => {
  it("reads a time from any property named like one (or OwnTracks' tst), a Point's altitude from ele or altitude, and says why a feature without a point or line is left out", async () => {
    const feature = (properties: object, geometry: object | null) =>
      JSON.stringify({ type: 'Feature', properties, geometry });
    const text = `{"type":"FeatureCollection","name":"track_points","features":[
${feature({ track_seg_point_id: 0, ele: 806.6, time: '2019/08/03 14:22:05+00' }, { type: 'Point', coordinates: [11.3167, 47.596] })},
${feature({ tid: 'ph', tst: 1564842130, alt: 801 }, { type: 'Point', coordinates: [11.3168, 47.5961] })},
${feature({ device: 'van 2', recorded_at: '2019-08-03T14:22:15Z', altitude: 790 }, { type: 'Point', coordinates: [11.3169, 47.5962, 795] })},
${feature({ device: 'van 2', gps_time: 1564842140000 }, { type: 'Point', coordinates: [11.317, 47.5963] })},
${feature({ device: 'van 2', DateTimeUTC: '2019-08-03T14:22:25Z' }, null)},
${feature(
  { name: 'Depot', updated: '2019-08-03' },
  {
    type: 'Polygon',
    coordinates: [
      [
        [11, 47],
        [11.1, 47],
        [11, 47.1],
        [11, 47],
      ],
    ],
  },
)}
]}`;
    const { detection, points, invalid } = await detectAndRead(encode(text), 'fleet.geojson');
    expect(detection.reason).toContain('6 time properties');
    expect(points.map((point) => [point.line, point.actor, point.timestamp, point.altitude])).toEqual([
      [1, '', micros('2019-08-03T14:22:05Z'), 806.6],
      [2, '', micros('2019-08-03T14:22:10Z'), 801],
      [3, 'van 2', micros('2019-08-03T14:22:15Z'), 795],
      [4, 'van 2', micros('2019-08-03T14:22:20Z'), null],
    ]);
    expect(invalid).toEqual([
      { line: 5, reason: 'feature 5 has no geometry' },
      { line: 6, reason: 'feature 6 has a Polygon, not a point or line' },
    ]);
  });
});

describe('flight controller CSV exports', () => {
  it('PX4 sensor_gps: the UTC time from time_utc_usec (its "timestamp" counts from boot), altitude_msl_m in metres', async () => {
    const text = [
      'timestamp,device_id,latitude_deg,longitude_deg,altitude_msl_m,altitude_ellipsoid_m,fix_type,time_utc_usec,heading',
      '20311852,11469064,47.3977508,8.5456073,488.123,535.663,3,1662544183600000,nan',
      '20511852,11469064,47.3977510,8.5456075,488.223,535.763,3,1662544183800000,nan',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'log_12_sensor_gps_0.csv');
    expect(detection.reason).toContain('time from "time_utc_usec" (epoch microseconds)');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.timestamp, point.latitude, point.longitude, point.altitude])).toEqual([
      [1662544183600000, 47.3977508, 8.5456073, 488.123],
      [1662544183800000, 47.397751, 8.5456075, 488.223],
    ]);
  });
});

describe('epoch times by their digits', () => {
  it('reads 13-digit epoch milliseconds and 19-digit nanoseconds (phone sensor loggers) as the time', async () => {
    const millis = ['time,lat,lon,alt', '1700000000000,52.1,4.3,10', '1700000001500,52.2,4.4,11'].join('\n');
    const phone = await detectAndRead(encode(millis), 'phone.csv');
    expect(phone.detection.reason).toContain('time from "time" (epoch milliseconds)');
    expect(phone.invalid).toEqual([]);
    expect(phone.points.map((point) => point.timestamp)).toEqual([1_700_000_000_000_000, 1_700_000_001_500_000]);
    const nanos = [
      'time,seconds_elapsed,latitude,longitude,altitude',
      '1700000000123456789,0.0,52.1,4.3,10',
      '1700000001123456789,1.0,52.2,4.4,11',
    ].join('\n');
    const sensor = await detectAndRead(encode(nanos), 'Location.csv');
    expect(sensor.detection.reason).toContain('(epoch nanoseconds)');
    expect(sensor.invalid).toEqual([]);
    expect(sensor.points.map((point) => point.timestamp)).toEqual([1_700_000_000_123_456, 1_700_000_001_123_456]);
  });
});

describe('GeoJSON lines timed per vertex under other names', () => {
  it('reads a "timestamps" list, and coordinateProperties.time, as the times of the vertices', async () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { vehicle: 'bus 12', timestamps: ['2023-03-03T08:00:00Z', '2023-03-03T08:00:30Z'] },
          geometry: {
            type: 'LineString',
            coordinates: [
              [4.9, 52.37],
              [4.91, 52.371],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'walk', coordinateProperties: { time: [1677830400, 1677830460] } },
          geometry: {
            type: 'LineString',
            coordinates: [
              [4.9, 52.37],
              [4.91, 52.371],
            ],
          },
        },
      ],
    });
    const { points, invalid } = await detectAndRead(encode(text), 'transit.geojson');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.actor, point.timestamp])).toEqual([
      ['bus 12', micros('2023-03-03T08:00:00Z')],
      ['bus 12', micros('2023-03-03T08:00:30Z')],
      ['walk', micros('2023-03-03T08:00:00Z')],
      ['walk', micros('2023-03-03T08:01:00Z')],
    ]);
  });
});

describe("GPSBabel's KML", () => {
  it('a track\'s points written as Placemarks "<track>-<n>" in the track\'s folder are that track; other names stay', async () => {
    // gpsbabel -o kml writes each track as a folder named after it holding a "Points" folder of timed
    // Placemarks named "<track>-0", "<track>-1", … and an untimed "Path" line.
    const point = (name: string, time: string, lon: number) =>
      `<Placemark><name>${name}</name><TimeStamp><when>${time}</when></TimeStamp><Point><coordinates>${lon},51.5,0</coordinates></Point></Placemark>`;
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>GPS device</name>
<Folder><name>Tracks</name><Folder><name>ACTIVE LOG</name><Folder><name>Points</name>
${point('ACTIVE LOG-0', '2008-08-20T07:04:48Z', -0.0351)}
${point('ACTIVE LOG-1', '2008-08-20T07:04:49Z', -0.0352)}
</Folder></Folder></Folder>
<Folder><name>Fleet</name>
${point('Truck-1', '2008-08-20T07:05:00Z', -0.04)}
${point('Truck-2', '2008-08-20T07:05:00Z', -0.05)}
</Folder>
</Document></kml>`;
    const { points, invalid } = await detectAndRead(encode(text), 'gpsbabel.kml');
    expect(invalid).toEqual([]);
    expect(points.map((point) => point.actor)).toEqual(['ACTIVE LOG', 'ACTIVE LOG', 'Truck-1', 'Truck-2']);
  });
});
