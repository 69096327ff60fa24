// Track files whose time or fix is written where the core elements do not say it: KML Placemarks
// timed only by their ExtendedData (Google My Maps, Garmin MapShare, GDAL's KML driver) and GPX
// points GPSBabel marks <fix>none</fix>. Small files written from the formats' documentation.
import { describe, expect, it } from 'vitest';
import { detectAndRead, detectBytes, encode } from './geo-file-test-reader.ts';

const micros = (iso: string) => Date.parse(iso) * 1000;

describe('KML Placemarks timed by their data', () => {
  it('a Data or SimpleData named like a time places the Placemark; a TimeStamp still wins; an untimed Point stays a place', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Last seen</name>
  <ExtendedData><Data name="Time"><value>2023-08-01 09:05</value></Data><Data name="Time UTC"><value>2023-08-01T14:05:00Z</value></Data></ExtendedData>
  <Point><coordinates>-121.7603,46.8523,0</coordinates></Point></Placemark>
<Placemark><name>Feed</name><TimeStamp><when>2023-08-01T15:00:00Z</when></TimeStamp>
  <ExtendedData><Data name="time"><value>2023-08-01T01:00:00Z</value></Data></ExtendedData>
  <Point><coordinates>-121.75,46.86,0</coordinates></Point></Placemark>
<Placemark><name>gdal</name><ExtendedData><SchemaData schemaUrl="#pts"><SimpleData name="ele">12</SimpleData><SimpleData name="time">2023-08-01T16:00:00Z</SimpleData></SchemaData></ExtendedData>
  <Point><coordinates>-121.74,46.87,12</coordinates></Point></Placemark>
<Placemark><name>Trailhead</name><ExtendedData><Data name="note"><value>parking</value></Data></ExtendedData>
  <Point><coordinates>-121.73,46.88,0</coordinates></Point></Placemark>
</Document></kml>`;
    const { points, invalid } = await detectAndRead(encode(text), 'Search area.kml');
    expect(points.map((point) => [point.actor, point.timestamp])).toEqual([
      ['Last seen', micros('2023-08-01T14:05:00Z')],
      ['Feed', micros('2023-08-01T15:00:00Z')],
      ['gdal', micros('2023-08-01T16:00:00Z')],
    ]);
    expect(invalid).toEqual([]);
  });

  it('a Point\'s heading from its data (Garmin MapShare\'s "Course") or its IconStyle; other data names give none', async () => {
    // MapShare's KML feed writes "45.00 ° True"; a Placemark's own IconStyle turns its icon by <heading>.
    const text = `<?xml version="1.0" encoding="utf-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>John Doe</name>
<Placemark><name>John Doe</name><TimeStamp><when>2024-01-15T10:00:00Z</when></TimeStamp>
  <ExtendedData><Data name="Velocity"><value>3.0 km/h</value></Data><Data name="Course"><value>45.00 ° True</value></Data></ExtendedData>
  <Point><coordinates>-121.123456,46.123456,1234.56</coordinates></Point></Placemark>
<Placemark><name>Boat</name><TimeStamp><when>2024-01-15T10:05:00Z</when></TimeStamp>
  <Style><IconStyle><heading>270</heading></IconStyle></Style>
  <Point><coordinates>-121.1,46.1,0</coordinates></Point></Placemark>
<Placemark><name>Hiker</name><TimeStamp><when>2024-01-15T10:10:00Z</when></TimeStamp>
  <ExtendedData><Data name="Track"><value>2</value></Data></ExtendedData>
  <Point><coordinates>-121.2,46.2,0</coordinates></Point></Placemark>
</Folder></Document></kml>`;
    const { points, invalid } = await detectAndRead(encode(text), 'MapShare.kml');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.actor, point.heading])).toEqual([
      ['John Doe', 45],
      ['Boat', 270],
      ['Hiker', null],
    ]);
  });
});

describe('GPX points without a fix', () => {
  it('<fix>none</fix> makes the point invalid with that reason; other fixes are points', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.0" creator="GPSBabel - https://www.gpsbabel.org" xmlns="http://www.topografix.com/GPX/1/0"><trk><trkseg>
<trkpt lat="48.1173" lon="11.516667"><ele>545.4</ele><time>1994-03-23T12:35:19Z</time><fix>3d</fix></trkpt>
<trkpt lat="48.1173" lon="11.516667"><time>1994-03-23T12:35:20Z</time><fix>none</fix></trkpt>
</trkseg></trk></gpx>`;
    const { points, invalid } = await detectAndRead(encode(text), 'from-nmea.gpx');
    expect(points.map((point) => point.timestamp)).toEqual([micros('1994-03-23T12:35:19Z')]);
    expect(invalid).toEqual([{ line: 4, reason: 'point 2 of track 1 has no position fix (<fix>none</fix>)' }]);
  });
});

describe('files of places, not tracks', () => {
  it('a SeeYou waypoint file (.cup) is refused with what it is, not read as rows out of range', () => {
    const text =
      'name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc\n"Launch","LNCH",CH,4643.000N,00933.000E,1480.0m,1,,,,\n';
    expect(() => detectBytes(encode(text), 'waypoints.cup')).toThrow(
      'is a SeeYou waypoint file (.cup): places without times, not a track',
    );
  });
});
