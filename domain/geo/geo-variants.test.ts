// Unseen producers of each family, written from the formats' documentation: a Garmin G1000 flight
// data log, Flightradar24 granular dumps, a Garmin GPX 1.1 with gpxtpx extensions, GeoJSON with
// togeojson's coordTimes, NMEA with damaged and fixless sentences, IGC with the 2016 HFDTEDATE form.
import { describe, expect, it } from 'vitest';
import { detectAndRead, detectBytes, encode, readAll } from './geo-file-test-reader.ts';

const micros = (iso: string) => Date.parse(iso) * 1000;

describe('delimited geo logs from other producers', () => {
  it('a European export: semicolons between columns, decimal commas in the numbers', async () => {
    const text =
      'time;latitude;longitude;altitude\n1704190272;47,61;-122,33;100,5\n1704190282;47,62;-122,34;110\n1704190292;;-122,35;120\n';
    const { detection, points, invalid } = await detectAndRead(encode(text), 'track.csv');
    expect(detection.settings).toMatchObject({
      delimiter: 'semicolon',
      identifiedColumns: { '0': 'timestamp', '1': 'latitude', '2': 'longitude', '3': 'altitude' },
    });
    expect(detection.reason).toContain('semicolon-separated, decimal commas read');
    expect(points.map((point) => [point.timestamp, point.latitude, point.longitude, point.altitude])).toEqual([
      [micros('2024-01-02T10:11:12Z'), 47.61, -122.33, 100.5],
      [micros('2024-01-02T10:11:22Z'), 47.62, -122.34, 110],
    ]);
    expect(invalid).toEqual([{ line: 4, reason: 'latitude is empty' }]);
  });

  it('a log with degrees, minutes and seconds (and one position that is neither)', async () => {
    const good =
      "time,lat,lon\n2024-01-02T10:11:12Z,47°36'36.0\"N,122°19'48.0\"W\n2024-01-02T10:11:22Z,N 47° 36.600',W 122° 19.800'\n";
    const detection = detectBytes(encode(good), 'dms.csv');
    expect(detection.settings.identifiedColumns).toEqual({ '0': 'timestamp', '1': 'latitude', '2': 'longitude' });
    const { points, invalid } = await readAll(
      encode(`${good}2024-01-02T10:11:32Z,47°36'36"E,122°19'48"W\n`),
      detection.settings,
    );
    expect(points.map((point) => [point.latitude, point.longitude])).toEqual([
      [expect.closeTo(47.61, 9), expect.closeTo(-122.33, 9)],
      [expect.closeTo(47.61, 9), expect.closeTo(-122.33, 9)],
    ]);
    expect(invalid).toEqual([
      { line: 4, reason: `latitude '47°36'36"E' is not a number of degrees (such as 47.61 or 47°36'36"N)` },
    ]);
  });

  it('a Garmin G1000 log: two "#" lines before the padded header, local date and time made UTC by UTCOfst, feet from the units row', async () => {
    const text = [
      '#airframe_info, log_version="1.00", airframe_name="Cessna 172S", unit_software_part_number="006-B0319-B2", unit_software_version="13.06", system_id="1069", mode=NORMAL,',
      '#yyy-mm-dd, hh:mm:ss,   hh:mm,  ident,      degrees,      degrees, ft Baro,  inch,  ft msl, deg C,     kt,     kt,     fpm,    deg,    deg,   deg,   deg',
      '  Lcl Date, Lcl Time, UTCOfst, AtvWpt,     Latitude,    Longitude,    AltB, BaroA,  AltMSL,   OAT,    IAS, GndSpd,    VSpd,  Pitch,   Roll,   HDG,   TRK',
      '2015-01-29, 09:12:31,  -05:00,       ,   42.3656082,  -71.0096245,   -50.5, 30.19,    20.0,   2.5,   0.00,   0.00,  -13.30,  -0.33,   0.30,  90.6,  91.0',
      '2015-01-29, 09:12:32,  -05:00,       ,   42.3656082,  -71.0096245,   -50.5, 30.19,    20.0,   2.5,   0.00,   0.00,  -13.30,  -0.33,   0.30,  90.6,  91.0',
      '2015-01-29, 09:12:33,  -05:00,   KBOS,   42.3657000,  -71.0090000,   150.0, 30.19,   220.0,   2.5,  65.00,  64.00,  500.00,   5.10,  -1.20,  92.0,  93.0',
      '2015-01-29, 09:12:34,  -05:00,       ,             ,             ,        ,      ,        ,      ,       ,       ,        ,       ,       ,      ,      ',
      '',
    ].join('\r\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'log_150129_091231_KBOS.csv');
    expect(detection.settings).toMatchObject({
      format: 'csv',
      preambleRowCount: 2,
      headerRowCount: 1,
      altitudeUnit: 'feet',
      icon: 'airplane',
    });
    expect(detection.settings.identifiedColumns).toMatchObject({
      '0': 'date',
      '1': 'hour_minute_second',
      '2': 'utc_offset',
      '4': 'latitude',
      '5': 'longitude',
      '8': 'altitude',
      '13': 'pitch',
      '14': 'roll',
      '15': 'heading',
    });
    expect(detection.reason).toContain('the units row says "ft msl"');
    expect(detection.reason).toContain('"UTCOfst"');
    expect(points).toHaveLength(3);
    expect(points[0]).toMatchObject({
      line: 4,
      timestamp: micros('2015-01-29T14:12:31Z'),
      latitude: 42.3656082,
      longitude: -71.0096245,
      heading: 90.6,
      pitch: -0.33,
      roll: 0.3,
    });
    expect(points[2]!.altitude).toBeCloseTo(220 * 0.3048, 6);
    expect(invalid).toEqual([{ line: 7, reason: 'latitude is empty' }]);
  });

  it('a Flightradar24 granular dump: squawk and radar_id mark it, altitude in feet, rows at 0,0 invalid', async () => {
    const text =
      'snapshot_id,altitude,heading,latitude,longitude,radar_id,speed,squawk,timestamp\n' +
      '33620071,0,73,42.787994,141.685074,8163,0,0000,1704180175\n' +
      '33620072,0,0,0,0,8163,0,0000,1704180180\n' +
      '33620073,550,172,42.770142,141.691422,8163,144,2000,1704180190\n';
    const { detection, points, invalid } = await detectAndRead(encode(text), 'granular.csv');
    expect(detection.settings).toMatchObject({ altitudeUnit: 'feet', icon: 'airplane', numericUnit: 'seconds' });
    expect(detection.settings.identifiedColumns).toMatchObject({
      '1': 'altitude',
      '2': 'heading',
      '3': 'latitude',
      '4': 'longitude',
      '8': 'timestamp',
    });
    expect(points.map((point) => point.timestamp)).toEqual([1704180175_000000, 1704180190_000000]);
    expect(points[1]!.altitude).toBeCloseTo(550 * 0.3048, 6);
    expect(invalid).toEqual([{ line: 3, reason: 'has no position fix (latitude and longitude both 0)' }]);
  });

  it('Flightradar24 web granular data: milliseconds after the "Z", two clocks (the first one read)', async () => {
    const text =
      'UTC,Callsign,Latitude,Longitude,Altitude,Heading,Squawk,Received\n' +
      '2024-01-02 07:41:03Z.515,JAL516,42.9,141.7,3000,80,2000,2024-01-02 07:41:05Z.102\n' +
      '2024-01-02 07:41:09Z.020,JAL516,42.91,141.72,3200,81,2000,2024-01-02 07:41:10Z.900\n';
    const { detection, points, invalid } = await detectAndRead(encode(text), 'JAL516-granular.csv');
    expect(detection.settings.identifiedColumns).toMatchObject({
      '0': 'timestamp',
      '1': 'actor',
      '2': 'latitude',
      '3': 'longitude',
      '4': 'altitude',
    });
    expect(invalid).toEqual([]);
    expect(points.map((point) => point.timestamp)).toEqual([
      micros('2024-01-02T07:41:03.515Z'),
      micros('2024-01-02T07:41:09.020Z'),
    ]);
    expect(points[0]!.altitude).toBeCloseTo(3000 * 0.3048, 6);
  });
});

describe('track formats from other producers', () => {
  it('GPX 1.1 from a Garmin device: gpxtpx course as heading, an offset time, an untimed point invalid', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" creator="Garmin Edge 530" version="1.1">
  <metadata><link href="http://www.garmin.com"><text>Garmin International</text></link><time>2023-06-01T06:00:00Z</time></metadata>
  <trk>
    <name>Morning &amp; Ride</name>
    <type>cycling</type>
    <trkseg>
      <trkpt lat="46.2044" lon="6.1432">
        <ele>375.2</ele>
        <time>2023-06-01T06:00:05Z</time>
        <extensions>
          <gpxtpx:TrackPointExtension>
            <gpxtpx:hr>96</gpxtpx:hr>
            <gpxtpx:speed>4.2</gpxtpx:speed>
            <gpxtpx:course>87.5</gpxtpx:course>
          </gpxtpx:TrackPointExtension>
        </extensions>
      </trkpt>
      <trkpt lat="46.2045" lon="6.1440"><ele>376.0</ele><time>2023-06-01T06:00:06.500+02:00</time></trkpt>
      <trkpt lat="46.2046" lon="6.1450"/>
    </trkseg>
  </trk>
</gpx>`;
    const { detection, points, invalid } = await detectAndRead(encode(text), 'ride.gpx');
    expect(detection.reason).toMatch(/^GPX 1\.1 written by "Garmin Edge 530": 3 track or route points/);
    expect(points).toEqual([
      {
        line: 8,
        timestamp: micros('2023-06-01T06:00:05Z'),
        actor: 'Morning & Ride',
        latitude: 46.2044,
        longitude: 6.1432,
        altitude: 375.2,
        heading: 87.5,
        pitch: null,
        roll: null,
      },
      {
        line: 19,
        timestamp: micros('2023-06-01T04:00:06.500Z'),
        actor: 'Morning & Ride',
        latitude: 46.2045,
        longitude: 6.144,
        altitude: 376,
        heading: null,
        pitch: null,
        roll: null,
      },
    ]);
    expect(invalid).toEqual([{ line: 20, reason: 'point 3 of track "Morning & Ride" has no time' }]);
  });

  it('GeoJSON: coordTimes per vertex, a Point with a timestamp property, a 4th coordinate in epoch milliseconds', async () => {
    const text = `{"type":"FeatureCollection","features":[
{"type":"Feature","properties":{"name":"Run","coordTimes":["2020-05-01T10:00:00Z","2020-05-01T10:00:10Z",null]},"geometry":{"type":"LineString","coordinates":[[13.4,52.5,34],[13.41,52.51,35],[13.42,52.52,36]]}},
{"type":"Feature","properties":{"name":"Ping","timestamp":1588327300,"heading":270},"geometry":{"type":"Point","coordinates":[13.43,52.53]}},
{"type":"Feature","id":"sensor-7","properties":{},"geometry":{"type":"LineString","coordinates":[[13.5,52.6,10,1588327400000],[13.51,52.61,11,1588327401000]]}}
]}`;
    const { detection, points, invalid, first, last } = await detectAndRead(encode(text), 'tracks.geojson');
    expect(detection.settings.format).toBe('geojson');
    expect(points.map((point) => [point.actor, point.timestamp])).toEqual([
      ['Run', micros('2020-05-01T10:00:00Z')],
      ['Run', micros('2020-05-01T10:00:10Z')],
      ['Ping', micros('2020-05-01T10:01:40Z')],
      ['sensor-7', micros('2020-05-01T10:03:20Z')],
      ['sensor-7', micros('2020-05-01T10:03:21Z')],
    ]);
    expect(points[2]).toMatchObject({ latitude: 52.53, longitude: 13.43, altitude: null, heading: 270 });
    expect(invalid).toEqual([{ line: 1, reason: 'feature 1, point 3 has no time' }]);
    expect([first, last]).toEqual(['2020-05-01T10:00:00.000Z', '2020-05-01T10:03:21.000Z']);
  });

  it('NMEA: the date rolls past midnight for a GGA without RMC; quality 0, status V and a bad checksum are invalid rows', async () => {
    const text = [
      '# logged by a test',
      '$GPRMC,235959.00,A,5230.0000,N,01320.0000,E,10.0,45.0,311223,,,A*5B',
      '$GPGGA,235959.00,5230.0000,N,01320.0000,E,1,08,0.9,40.0,M,,M,,*42',
      '$GPGGA,000000.00,5230.0100,N,01320.0100,E,1,08,0.9,41.0,M,,M,,*42',
      '$GPGGA,000001.00,,,,,0,00,99.9,,M,,M,,*5E',
      '$GPGGA,000002.00,5230.0200,N,01320.0200,E,1,08,0.9,42.0,M,,M,,*00',
      '$GLRMC,000003.00,V,,,,,,,010124,,,N*64',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'capture.nmea');
    expect(detection.settings.format).toBe('nmea');
    expect(points).toEqual([
      {
        line: 2,
        timestamp: micros('2023-12-31T23:59:59Z'),
        actor: '',
        latitude: 52.5,
        longitude: 13 + 20 / 60,
        altitude: 40,
        heading: 45,
        pitch: null,
        roll: null,
      },
      {
        line: 4,
        timestamp: micros('2024-01-01T00:00:00Z'),
        actor: '',
        latitude: 52.5 + 0.01 / 60,
        longitude: 13 + 20.01 / 60,
        altitude: 41,
        heading: null,
        pitch: null,
        roll: null,
      },
    ]);
    expect(invalid).toEqual([
      { line: 5, reason: 'fix at 00:00:01.00: GGA fix quality 0: the receiver had no fix' },
      {
        line: 6,
        reason: 'GPGGA sentence: checksum 00 does not match the sentence (it sums to 43): the line was damaged',
      },
      { line: 7, reason: 'fix at 00:00:03.00: RMC status V: the receiver had no valid fix' },
    ]);
  });

  it('IGC with HFDTEDATE: and a competition id; a V fix keeps pressure altitude; a broken B record is invalid', async () => {
    const text = [
      'AXXXABC Flight recorder',
      'HFDTEDATE:311223,01',
      'HFPLTPILOTINCHARGE:Jane Doe',
      'HFGIDGLIDERID:',
      'HFCIDCOMPETITIONID:J1',
      'B2359583839773S17608501EA0035200458',
      'B0000023839800S17608600WV0036000000',
      'B000003XXXX',
    ].join('\r\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'flight.igc');
    expect(detection.settings.format).toBe('igc');
    expect(points.map((point) => [point.actor, point.timestamp, point.altitude])).toEqual([
      ['J1', micros('2023-12-31T23:59:58Z'), 458],
      ['J1', micros('2024-01-01T00:00:02Z'), 360],
    ]);
    expect(points[1]!.longitude).toBeCloseTo(-(176 + 8.6 / 60), 9);
    expect(invalid).toEqual([
      {
        line: 8,
        reason:
          'fix 3 of flight "J1": \'B000003XXXX\' is not a B record (BHHMMSS DDMMmmmN DDDMMmmmE A/V pressure GNSS altitude)',
      },
    ]);
  });

  it('IGC without a date: every fix invalid until the map is given a default year-month-day', async () => {
    const bytes = encode('AXXX\r\nHFPLTPILOT:Sam\r\nB1200003839773S17608501EA0035200458\r\n');
    const detection = detectBytes(bytes, 'undated.igc');
    expect(detection.reason).toContain('no HFDTE date header');
    const undated = await readAll(bytes, detection.settings);
    expect(undated.invalid).toEqual([
      {
        line: 3,
        reason: 'fix 1 of flight "Sam" has no date: the file has no HFDTE header and the map no default year-month-day',
      },
    ]);
    const dated = await readAll(bytes, { ...detection.settings, defaultDate: '2022-07-14' });
    expect(dated.first).toBe('2022-07-14T12:00:00.000Z');
  });
});

describe('files that are not geo tracks', () => {
  it('says why detection found nothing', () => {
    expect(() => detectBytes(encode('<html><body>hi</body></html>'), 'page.html')).toThrow(
      'is XML, but neither GPX, KML nor TCX',
    );
    expect(() => detectBytes(encode('{"hello": "world"}'), 'x.json')).toThrow(
      'is JSON, but neither GeoJSON with points or lines, an ADS-B or OpenSky trace nor Google location history',
    );
  });

  it('refuses a GPX that ends inside a tag, and a GeoJSON that is not JSON, as a whole', async () => {
    const gpx = detectBytes(
      encode('<gpx version="1.1"><trk><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></trkpt><trkpt lat="1"'),
      'cut.gpx',
    );
    await expect(
      readAll(
        encode(
          '<gpx version="1.1"><trk><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></trkpt><trkpt lat="1"',
        ),
        gpx.settings,
      ),
    ).rejects.toThrow('the file ends inside a tag');
    const geojson = detectBytes(encode('{"type":"FeatureCollection","features":[}'), 'bad.geojson');
    await expect(readAll(encode('{"type":"FeatureCollection","features":[}'), geojson.settings)).rejects.toThrow(
      'is not readable GeoJSON',
    );
  });
});

describe('units written into column names', () => {
  it('reads "alt_ft" as an altitude in feet and "lat_deg" as a latitude', async () => {
    const text = 'time,lat_deg,lon_deg,alt_ft,hdg_deg\n2022-03-04T05:06:07Z,51.1,-1.2,1000,45\n';
    const { detection, points } = await detectAndRead(encode(text), 'log.csv');
    expect(detection.settings.identifiedColumns).toEqual({
      '0': 'timestamp',
      '1': 'latitude',
      '2': 'longitude',
      '3': 'altitude',
      '4': 'heading',
    });
    expect(detection.reason).toContain('altitude "alt_ft" in feet (its name says feet)');
    expect(points[0]!.altitude).toBeCloseTo(304.8, 6);
  });
});

describe('more track producers', () => {
  it('a TCX activity (Garmin Training Center): Trackpoints with Time and Position, a pause without one invalid', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
  <Activities>
    <Activity Sport="Biking">
      <Id>2024-01-02T07:41:03Z</Id>
      <Lap StartTime="2024-01-02T07:41:03Z">
        <Track>
          <Trackpoint><Time>2024-01-02T07:41:03Z</Time><Position><LatitudeDegrees>47.4502</LatitudeDegrees><LongitudeDegrees>8.5618</LongitudeDegrees></Position><AltitudeMeters>420.0</AltitudeMeters></Trackpoint>
          <Trackpoint><Time>2024-01-02T07:41:08Z</Time><HeartRateBpm><Value>121</Value></HeartRateBpm></Trackpoint>
          <Trackpoint><Time>2024-01-02T08:41:13+01:00</Time><Position><LatitudeDegrees>47.4510</LatitudeDegrees><LongitudeDegrees>8.5600</LongitudeDegrees></Position><AltitudeMeters>421.5</AltitudeMeters></Trackpoint>
        </Track>
      </Lap>
    </Activity>
  </Activities>
</TrainingCenterDatabase>`;
    const { detection, points, invalid } = await detectAndRead(encode(text), 'ride.tcx');
    expect(detection.settings).toMatchObject({ format: 'tcx' });
    expect(
      points.map((point) => [point.timestamp, point.latitude, point.longitude, point.altitude, point.actor]),
    ).toEqual([
      [micros('2024-01-02T07:41:03Z'), 47.4502, 8.5618, 420, 'Biking'],
      [micros('2024-01-02T07:41:13Z'), 47.451, 8.56, 421.5, 'Biking'],
    ]);
    expect(invalid).toEqual([
      { line: 9, reason: 'point 2 of activity "Biking": no <Position> (a pause or a sample without a fix)' },
    ]);
  });

  it('OpenSky state vectors: the GPS altitude in metres, the callsign as actor, epoch seconds', async () => {
    const text = [
      'time,icao24,lat,lon,velocity,heading,vertrate,callsign,onground,alert,spi,squawk,baroaltitude,geoaltitude,lastposupdate,lastcontact',
      '1704181260,4b1814,47.4502,8.5618,77.2,274.5,8.1,SWR18  ,False,False,False,1000,457.2,487.68,1704181259.8,1704181259.9',
      '1704181270,4b1814,47.4510,8.5500,80.1,274.1,9.4,SWR18  ,False,False,False,1000,548.64,579.12,1704181269.7,1704181269.9',
    ].join('\n');
    const { detection, points } = await detectAndRead(encode(text), 'states.csv');
    expect(detection.settings.identifiedColumns).toMatchObject({
      '0': 'timestamp',
      '2': 'latitude',
      '3': 'longitude',
      '5': 'heading',
      '13': 'altitude',
    });
    expect(points.map((point) => [point.timestamp, point.altitude, point.actor])).toEqual([
      [1704181260_000000, 487.68, 'SWR18'],
      [1704181270_000000, 579.12, 'SWR18'],
    ]);
  });
});
