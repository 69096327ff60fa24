// Less common shapes of the track formats, from their documentation: KML LineStrings timed by a
// TimeSpan or untimed, KML 2.3 Track with angles, KMZ, GPX 1.0 course and routes, GeoJSON MultiLineString.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { detectAndRead, detectBytes, encode } from './geo-file-test-reader.ts';

const micros = (iso: string) => Date.parse(iso) * 1000;

describe('KML shapes', () => {
  it('spreads a TimeSpan over a LineString, leaves an untimed Point out and an untimed line out with one reason', async () => {
    const text = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Ferry</name><TimeSpan><begin>2021-03-01T10:00:00Z</begin><end>2021-03-01T10:10:00Z</end></TimeSpan>
<LineString><coordinates>10.0,59.0,0 10.1,59.1,0 10.2,59.2,0</coordinates></LineString></Placemark>
<Placemark><name>Harbour</name><Point><coordinates>10.5,59.5</coordinates></Point></Placemark>
<Placemark><name>Planned</name><LineString><coordinates>11,60 11.1,60.1</coordinates></LineString></Placemark>
</Document></kml>`;
    const { points, invalid } = await detectAndRead(encode(text), 'ferry.kml');
    expect(points.map((point) => [point.actor, point.timestamp, point.latitude])).toEqual([
      ['Ferry', micros('2021-03-01T10:00:00Z'), 59],
      ['Ferry', micros('2021-03-01T10:05:00Z'), 59.1],
      ['Ferry', micros('2021-03-01T10:10:00Z'), 59.2],
    ]);
    expect(invalid).toEqual([
      { line: 5, reason: 'line "Planned" has no time (no TimeStamp or TimeSpan): its 2 points left out' },
    ]);
  });

  it('reads a KML 2.3 Track (no gx: prefix) with angles as heading, tilt and roll', async () => {
    const text = `<kml xmlns="http://www.opengis.net/kml/2.3"><Placemark><name>Drone</name><Track>
<when>2022-08-01T12:00:00+02:00</when><when>2022-08-01T12:00:01+02:00</when>
<coord>8.5 47.3 500</coord><coord>8.5001 47.3001 501</coord>
<angles>90 5 -2</angles><angles>91 4 -1</angles>
</Track></Placemark></kml>`;
    const { points, invalid } = await detectAndRead(encode(text), 'drone.kml');
    expect(invalid).toEqual([]);
    expect(points).toEqual([
      {
        line: 3,
        timestamp: micros('2022-08-01T10:00:00Z'),
        actor: 'Drone',
        latitude: 47.3,
        longitude: 8.5,
        altitude: 500,
        heading: 90,
        pitch: 5,
        roll: -2,
      },
      {
        line: 3,
        timestamp: micros('2022-08-01T10:00:01Z'),
        actor: 'Drone',
        latitude: 47.3001,
        longitude: 8.5001,
        altitude: 501,
        heading: 91,
        pitch: 4,
        roll: -1,
      },
    ]);
  });
});

describe('GPX and GeoJSON shapes', () => {
  it('GPX 1.0: <course> as heading, a timed waypoint as a point, an untimed route point invalid', async () => {
    const text = `<?xml version="1.0"?>
<gpx version="1.0" creator="GPSBabel">
<wpt lat="51.5" lon="-0.1"><time>2019-05-05T08:00:00Z</time><name>Start</name></wpt>
<rte><name>Plan</name><rtept lat="51.6" lon="-0.2"/></rte>
<trk><trkseg><trkpt lat="51.7" lon="-0.3"><ele>12</ele><time>2019-05-05T08:01:00Z</time><course>270.5</course><speed>3.2</speed></trkpt></trkseg></trk>
</gpx>`;
    const { points, invalid } = await detectAndRead(encode(text), 'walk.gpx');
    expect(points.map((point) => [point.line, point.actor, point.heading])).toEqual([
      [3, 'Start', null],
      [5, '', 270.5],
    ]);
    expect(invalid).toEqual([{ line: 4, reason: 'point 1 of route "Plan" has no time' }]);
  });

  it("Apple Health's route GPX: the extension's course is the heading, its -1 (no course) none", async () => {
    // Apple Health's export writes CoreLocation's values in each point's extensions, -1 where the
    // phone had no course or speed; GPX's degrees run 0 to 360, so a negative course is unknown.
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Route 2020-06-21 2:04pm</name><trkseg>
<trkpt lon="-0.127758" lat="51.507351"><ele>21.1</ele><time>2020-06-21T12:30:01Z</time><extensions><speed>2.845</speed><course>90.12</course><hAcc>4.2</hAcc><vAcc>3.1</vAcc></extensions></trkpt>
<trkpt lon="-0.127400" lat="51.507450"><ele>21.7</ele><time>2020-06-21T12:30:03Z</time><extensions><speed>-1</speed><course>-1</course><hAcc>4.0</hAcc><vAcc>3.0</vAcc></extensions></trkpt>
</trkseg></trk>
</gpx>`;
    const { points, invalid } = await detectAndRead(encode(text), 'route_2020-06-21_2.04pm.gpx');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.line, point.heading])).toEqual([
      [4, 90.12],
      [5, null],
    ]);
  });

  it('GeoJSON: a MultiLineString with coordTimes nested per line, and a single Feature as the whole file', async () => {
    const multi = `{"type":"Feature","properties":{"name":"Two legs","coordTimes":[["2020-01-01T00:00:00Z","2020-01-01T00:00:05Z"],["2020-01-01T01:00:00Z"]]},
"geometry":{"type":"MultiLineString","coordinates":[[[1,2],[1.1,2.1]],[[3,4]]]}}`;
    const { points, invalid } = await detectAndRead(encode(multi), 'legs.json');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.longitude, point.timestamp])).toEqual([
      [1, micros('2020-01-01T00:00:00Z')],
      [1.1, micros('2020-01-01T00:00:05Z')],
      [3, micros('2020-01-01T01:00:00Z')],
    ]);
  });
});

describe('odd text inside a track', () => {
  it('keeps a point whose name holds a character reference past Unicode, written as it was', async () => {
    const text =
      '<gpx version="1.1"><trk><name>A&#99999999;B &amp; C</name><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>';
    const { points } = await detectAndRead(encode(text), 'odd.gpx');
    expect(points.map((point) => point.actor)).toEqual(['A&#99999999;B & C']);
  });
});

describe('KMZ', () => {
  it("reads the KML inside a KMZ (Google Earth's zip) as it streams, and says a zip without one is not a track", async () => {
    const kml = readFileSync(join(FIXTURES_DIR, 'field', 'geo', 'togeojson_gx_multitrack.kml'));
    const kmz = zipSync({ 'doc.kml': new Uint8Array(kml), 'files/icon.png': new Uint8Array([1, 2, 3]) });
    const { detection, points, invalid, first, last } = await detectAndRead(kmz, 'run.kmz');
    expect(detection.reason).toMatch(/^KMZ \(zipped KML\) holding "doc\.kml"/);
    // The same 28 points as the KML itself (parse-geo-file.test.ts).
    expect([points.length, invalid.length, first, last]).toEqual([
      28,
      0,
      '2014-04-12T14:26:16.702Z',
      '2014-04-12T15:38:07.678Z',
    ]);
    expect(() => detectBytes(zipSync({ 'notes.txt': encode('hello') }), 'notes.zip')).toThrow(
      'is a zip archive, but not a KMZ',
    );
  });
});

describe('GeoJSON with a "crs" member (QGIS, ogr2ogr)', () => {
  const collection = (crs: string, coordinates: string) =>
    `{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"${crs}"}},"features":[{"type":"Feature","properties":{"time":"2024-03-05T12:00:01Z"},"geometry":{"type":"Point","coordinates":[${coordinates}]}}]}`;

  it('reads degrees (CRS84, EPSG:4326) and refuses a projected system by name, not as points out of range', async () => {
    for (const crs of ['urn:ogc:def:crs:OGC:1.3:CRS84', 'urn:ogc:def:crs:EPSG::4326', 'EPSG:4326']) {
      const { points } = await detectAndRead(encode(collection(crs, '4.8951,52.3702')), 'patrol.geojson');
      expect(points.map((point) => [point.latitude, point.longitude])).toEqual([[52.3702, 4.8951]]);
    }
    expect(() =>
      detectBytes(encode(collection('urn:ogc:def:crs:EPSG::3857', '544926.41,6867889.27')), 'a.geojson'),
    ).toThrow(
      'is GeoJSON whose coordinates are in EPSG:3857 (its "crs" member says so), not longitude and latitude in degrees',
    );
  });
});
