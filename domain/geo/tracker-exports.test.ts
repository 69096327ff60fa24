// Phone trackers', receiver tools' and route planners' own files, each written from the producer's documentation:
// Overland's GeoJSON batches, a u-center log with UBX binary frames between NMEA sentences, a TCX course,
// AIS beside a boat's GPS, AirData's DJI CSV, a GPX with times lacking a zone, Traccar's and FlightAware's tables.
import { describe, expect, it } from 'vitest';
import { detectAndRead, detectBytes, encode, readAll } from './geo-file-test-reader.ts';

describe('Overland (iOS) batches', () => {
  it('reads the Point features under "locations", each at its properties.timestamp', async () => {
    const feature = (lon: number, lat: number, time: string) =>
      `{"type":"Feature","geometry":{"type":"Point","coordinates":[${lon},${lat}]},"properties":{"timestamp":"${time}","altitude":80,"speed":4,"motion":["driving"],"device_id":"phone"}}`;
    const text = `{"locations":[${feature(-122.03, 37.33, '2024-03-05T12:00:01Z')},${feature(-122.031, 37.331, '2024-03-05T04:00:06-08:00')}],"current":{"type":"Feature"}}`;
    const { detection, points, first, last } = await detectAndRead(encode(text), 'overland.json');
    expect(detection.settings.format).toBe('geojson');
    // Overland names the phone in device_id (its settings' "Device ID"): the track is named by it.
    expect(points.map((point) => [point.actor, point.latitude, point.longitude, point.altitude])).toEqual([
      ['phone', 37.33, -122.03, 80],
      ['phone', 37.331, -122.031, 80],
    ]);
    expect([first, last]).toEqual(['2024-03-05T12:00:01.000Z', '2024-03-05T12:00:06.000Z']);
  });
});

/** An NMEA sentence with its checksum. */
const sentence = (body: string) => {
  let sum = 0;
  for (const char of body) sum ^= char.charCodeAt(0);
  return `$${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}\r\n`;
};

describe('a u-center log', () => {
  it('reads the sentences between UBX binary frames and counts the binary in one item', async () => {
    // A NAV-PVT-shaped frame: sync 0xB5 0x62, class, id, length, a payload holding every byte value
    // below 0x60 ("$", CR and LF among them), the checksum.
    const frame = new Uint8Array([
      0xb5,
      0x62,
      0x01,
      0x07,
      0x5c,
      0x00,
      ...Array.from({ length: 92 }, (_, at) => at),
      0,
      0,
    ]);
    const text = (body: string) => encode(sentence(body));
    const parts = [
      text('GNRMC,120001.00,A,5231.20050,N,01324.29730,E,0.012,,050324,,,A,V'),
      frame,
      text('GNGGA,120001.00,5231.20050,N,01324.29730,E,1,12,0.58,34.5,M,39.2,M,,'),
      frame,
      text('GNRMC,120002.00,A,5231.20060,N,01324.29740,E,0.012,,050324,,,A,V'),
    ];
    const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
    parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
    const { detection, points, invalid, first, last } = await detectAndRead(bytes, 'COM3_240305_120000.ubx');
    expect(detection.settings.format).toBe('nmea');
    expect(detection.reason).toContain('u-blox UBX frames');
    expect(points.map((point) => point.altitude)).toEqual([34.5, null]);
    expect([first, last]).toEqual(['2024-03-05T12:00:01.000Z', '2024-03-05T12:00:02.000Z']);
    expect(invalid).toHaveLength(1);
    expect(invalid[0]?.reason).toMatch(/^\d+ lines from here on hold binary data \(u-blox UBX frames/);
  });
});

describe('OwnTracks', () => {
  const location = (tst: number, lat: number, extra = '') =>
    `{"_type":"location","tid":"jd","lat":${lat},"lon":13.4,"alt":34,"cog":45,"tst":${tst}${extra}}`;

  it('a Recorder .rec file: location lines are points, other messages pass, a cut line is named', async () => {
    const text = [
      `2024-03-05T12:00:01Z\t*                 \t${location(1709640001, 52.52)}`,
      '2024-03-05T12:00:05Z\t*                 \t{"_type":"lwt","tst":1709640005}',
      `2024-03-05T12:00:20Z\towntracks/jane/phone\t${location(1709640020, 52.53).slice(0, 30)}`,
      `2024-03-05T12:00:31Z\t*                 \t${location(1709640031, 52.54, ',"batt":87')}`,
      '',
    ].join('\n');
    const { detection, points, invalid, first, last } = await detectAndRead(encode(text), '2024-03.rec');
    expect(detection.settings.format).toBe('owntracks');
    expect(points.map((point) => [point.actor, point.latitude, point.altitude, point.heading])).toEqual([
      ['jd', 52.52, 34, 45],
      ['jd', 52.54, 34, 45],
    ]);
    expect([first, last]).toEqual(['2024-03-05T12:00:01.000Z', '2024-03-05T12:00:31.000Z']);
    expect(invalid).toEqual([
      { line: 3, reason: 'line 3: its message is not readable JSON (the line was cut or damaged)' },
    ]);
  });

  it('JSON from the HTTP mode (a list) and the Recorder API ({"count", "data"})', async () => {
    const list = await detectAndRead(
      encode(`[${location(1709640001, 52.52)},${location(1709640031, 52.54)}]`),
      'http.json',
    );
    expect(list.detection.settings.format).toBe('owntracks');
    expect([list.first, list.last]).toEqual(['2024-03-05T12:00:01.000Z', '2024-03-05T12:00:31.000Z']);
    const api = await detectAndRead(encode(`{"count":1,"data":[${location(1709640001, 52.52)}]}`), 'api.json');
    expect(api.points).toHaveLength(1);
  });
});

describe('a TCX course (Ride with GPS, Garmin Connect courses)', () => {
  it('counts its CoursePoints apart: cues placed on the track, not track points', async () => {
    const trackpoint = (time: string, lat: number) =>
      `<Trackpoint><Time>${time}</Time><Position><LatitudeDegrees>${lat}</LatitudeDegrees><LongitudeDegrees>-122.6</LongitudeDegrees></Position><AltitudeMeters>30</AltitudeMeters></Trackpoint>`;
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Courses><Course><Name>Loop</Name>
<Track>${trackpoint('2024-03-05T12:00:01Z', 45.5)}${trackpoint('2024-03-05T12:00:31Z', 45.501)}</Track>
<CoursePoint><Name>Turn</Name><Time>2024-03-05T12:00:31Z</Time><Position><LatitudeDegrees>45.501</LatitudeDegrees><LongitudeDegrees>-122.6</LongitudeDegrees></Position><PointType>Left</PointType></CoursePoint>
</Course></Courses></TrainingCenterDatabase>`;
    const { detection, points } = await detectAndRead(encode(text), 'loop.tcx');
    expect(detection.reason).toMatch(
      /^TCX \(Garmin Training Center\): 2 Trackpoints, 2 of them with a position in the file \(and 1 CoursePoint, a course's cues, not read\);/,
    );
    expect(points).toHaveLength(2);
  });
});

describe("AIS on a boat (a multiplexer logs other vessels' !AIVDM reports beside its own GPS)", () => {
  const ais = ['!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26', '!AIVDM,1,1,,B,15MgK45P3@G?fl0E`JbR0OwT0@MS,0*4E'];

  it('reads the GPS sentences among many AIS ones and says it passed those over', async () => {
    const lines = [1, 2].flatMap((second) => [
      ...ais,
      sentence(`GPRMC,12000${second}.00,A,5231.2005${second},N,01324.2973${second},E,0.1,,050324,,,A`).trim(),
    ]);
    const { detection, points } = await detectAndRead(encode(lines.join('\r\n')), 'mux.nmea');
    expect(detection.settings.format).toBe('nmea');
    expect(detection.reason).toContain("4 AIS sentences (!AIVDM, other vessels' reports) passed over.");
    expect(points).toHaveLength(2);
  });

  it('refuses AIS alone with the reason, not as a CSV whose every row lacks a latitude', () => {
    expect(() => detectBytes(encode(ais.join('\n')), 'ais.nmea')).toThrow(
      /^holds AIS sentences \(!AIVDM, !AIVDO\): vessels' reports in AIS's 6-bit encoding, with no date, not a GPS track/,
    );
  });
});

describe("AirData's DJI flight CSV", () => {
  it('takes the altitude above sea level, not its altitude(feet) (the height above takeoff), in feet', async () => {
    const text = [
      'time(millisecond),datetime(utc),latitude,longitude,height_above_takeoff(feet),altitude_above_seaLevel(feet),speed(mph),compass_heading(degrees),altitude(feet)',
      '100,2023-09-15 14:02:11,51.50123456,-0.12345678,0,100,0,12.3,0',
      '1100,2023-09-15 14:02:12,51.50123460,-0.12345680,10,110,1.1,12.5,10',
    ].join('\n');
    const { points } = await detectAndRead(encode(text), 'DJIFlightRecord_2023-09-15.csv');
    expect(points.map((point) => Number(point.altitude?.toFixed(3)))).toEqual([30.48, 33.528]);
  });
});

describe('a GPX whose <time> has no zone (GPX wants UTC; some editors write local time bare)', () => {
  it("says the times without a zone are read in the map's zone, UTC unless set", async () => {
    const point = (time: string) => `<trkpt lat="52.52" lon="13.405"><time>${time}</time></trkpt>`;
    const text = `<?xml version="1.0"?><gpx version="1.1" creator="GPS Track Editor"><trk><trkseg>${point('2024-03-05T12:00:01')}${point('2024-03-05T12:00:06.5')}</trkseg></trk></gpx>`;
    const { detection, first, last } = await detectAndRead(encode(text), 'edited.gpx');
    expect(detection.reason).toMatch(
      / Some times have no zone \(no Z or offset\): they are read in the map's time zone, UTC unless it is set\.$/,
    );
    expect([first, last]).toEqual(['2024-03-05T12:00:01.000Z', '2024-03-05T12:00:06.500Z']);
  });
});

describe("SPOT's public feed", () => {
  const xmlMessage = (id: number, name: string, time: number, type: string, lat: string, lon: string, alt: number) =>
    `<message clientUnixTime="0"><id>${id}</id><messengerId>0-${id}</messengerId><messengerName>${name}</messengerName><unixTime>${time}</unixTime><messageType>${type}</messageType><latitude>${lat}</latitude><longitude>${lon}</longitude><modelId>SPOT3</modelId><dateTime>x</dateTime><altitude>${alt}</altitude></message>`;

  it('XML: each message a point of its device at unixTime, newest first as SPOT lists them; a report without a fix is invalid with its type', async () => {
    const text = [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<response><feedMessageResponse><count>3</count><feed><id>f</id><name>Field team</name></feed><messages>',
      xmlMessage(3, 'Truck 1', 1709640600, 'OK', '52.38012', '4.90011', 0),
      xmlMessage(2, 'Hiker &amp; dog', 1709640000, 'TRACK', '46.55', '7.98', 2061),
      xmlMessage(1, 'Hiker &amp; dog', 1709639700, 'POWER-OFF', '-99999.0', '-99999.0', 0),
      '</messages></feedMessageResponse></response>',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'message.xml');
    expect(detection.settings.format).toBe('spot');
    expect(points.map((point) => [point.actor, point.timestamp / 1e6, point.latitude, point.altitude])).toEqual([
      ['Truck 1', 1709640600, 52.38012, null],
      ['Hiker & dog', 1709640000, 46.55, 2061],
    ]);
    expect(invalid).toEqual([{ line: 5, reason: 'message 3 (POWER-OFF) has no readable latitude and longitude' }]);
  });

  it('JSON: a list of messages, or a lone message written as an object rather than a list of one', async () => {
    const message = (id: number, time: number) =>
      `{"@clientUnixTime":"0","id":${id},"messengerId":"0-1","messengerName":"Truck 1","unixTime":${time},"messageType":"TRACK","latitude":52.37,"longitude":4.89,"altitude":12}`;
    const feed = (messages: string) =>
      `{"response":{"feedMessageResponse":{"count":2,"feed":{"id":"f","name":"Field team"},"messages":{"message":${messages}}}}}`;
    const list = await detectAndRead(
      encode(feed(`[${message(2, 1709640300)},${message(1, 1709640000)}]`)),
      'feed.json',
    );
    expect(list.detection.settings.format).toBe('spot');
    expect(list.points.map((point) => point.timestamp / 1e6)).toEqual([1709640300, 1709640000]);
    const lone = await detectAndRead(encode(feed(message(1, 1709640000))), 'feed.json');
    expect(lone.points.map((point) => [point.actor, point.timestamp / 1e6, point.altitude])).toEqual([
      ['Truck 1', 1709640000, 12],
    ]);
  });
});

describe("Traccar's route report as CSV", () => {
  it('the "Device" column names the track, as a vehicle or callsign column does', async () => {
    const text = [
      'Device,Valid,Time,Latitude,Longitude,Speed,Address',
      'Truck 1,Yes,2024-03-05 12:00:01,52.370216,4.895168,12.4,"Dam 1, Amsterdam"',
      'Truck 2,Yes,2024-03-05 12:00:31,52.371216,4.896168,13.0,',
    ].join('\n');
    const { points } = await detectAndRead(encode(text), 'route.csv');
    expect(points.map((point) => point.actor)).toEqual(['Truck 1', 'Truck 2']);
  });

  it('reads altitudes and courses written with their units ("33.0 ft", "90°"); a speed as an altitude is the row\'s reason', async () => {
    const text = [
      'Device,Valid,Fix Time,Latitude,Longitude,Altitude,Speed,Course,Address',
      'Van 7,Yes,2024-06-01 08:00:00,40.7128,-74.006,33.0 ft,25.0 mph,180°,',
      'Van 7,Yes,2024-06-01 08:00:30,40.7138,-74.007,12.5 m,27.3 mph,182.5°,',
      'Van 7,Yes,2024-06-01 08:01:00,40.7148,-74.008,12 km/h,27.3 mph,184°,',
      'Van 7,No,2024-06-01 08:01:30,40.7158,-74.009,,0.0 mph,,',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'route.csv');
    expect(detection.reason).toContain(
      'altitude "Altitude" ("33.0 ft") and heading "Course" ("180°") written with the unit',
    );
    expect(points.map((point) => [point.line, point.altitude, point.heading])).toEqual([
      [2, 33 * 0.3048, 180],
      [3, 12.5, 182.5],
      [5, null, null],
    ]);
    expect(invalid).toEqual([{ line: 4, reason: 'altitude \'12 km/h\' is in "km/h", not a height in metres or feet' }]);
  });

  it('a German export: "Gerät" names the track, "3,0 m" with a decimal comma', async () => {
    const text = [
      'Gerät;Gültig;Zeit;Breitengrad;Längengrad;Höhe;Geschwindigkeit;Kurs',
      'LKW 2;Ja;05.03.2024 13:00:01;52,370216;4,895168;3,0 m;22,9 km/h;90°',
      'LKW 2;Ja;05.03.2024 13:00:31;52,371216;4,896168;4,5 m;24,1 km/h;91 Grad',
    ].join('\n');
    const { points, invalid, first } = await detectAndRead(encode(text), 'route.csv');
    expect(invalid).toEqual([]);
    expect(first).toBe('2024-03-05T13:00:01.000Z');
    expect(points.map((point) => [point.actor, point.altitude, point.heading])).toEqual([
      ['LKW 2', 3, 90],
      ['LKW 2', 4.5, 91],
    ]);
  });
});

describe("FlightAware's track log table", () => {
  it('takes "Time (UTC)" after a "Time (EST)" of weekdays, "feet" as the altitude and "31°" as the course', async () => {
    const text = [
      'Time (EST),Time (UTC),Latitude,Longitude,Course,kts,mph,feet,Rate,Reporting Facility',
      'Tue 07:00:01 AM,12:00:01,40.6413,-73.7781,31°,165,190,1200,2400,FlightAware ADS-B (KJFK)',
      'Tue 07:00:31 AM,12:00:31,40.6601,-73.7599,33°,180,207,2400,2200,FlightAware ADS-B (KJFK)',
    ].join('\n');
    const detection = detectBytes(encode(text), 'track.csv');
    expect(detection.reason).toContain('time of day from "Time (UTC)" with no date in the file');
    expect(detection.settings).toMatchObject({
      identifiedColumns: { '1': 'hour_minute_second', '4': 'heading', '7': 'altitude' },
      altitudeUnit: 'feet',
    });
    const { points } = await readAll(encode(text), { ...detection.settings, defaultDate: '2024-03-05' });
    expect(points.map((point) => [point.timestamp, point.heading, point.altitude])).toEqual([
      [Date.UTC(2024, 2, 5, 12, 0, 1) * 1000, 31, 1200 * 0.3048],
      [Date.UTC(2024, 2, 5, 12, 0, 31) * 1000, 33, 2400 * 0.3048],
    ]);
  });
});

describe('ArcGIS and tracker APIs', () => {
  it("an ArcGIS point layer as GeoJSON (f=geojson): the numeric feature id is the row's, so the points make one track", async () => {
    // ArcGIS writes each feature's OBJECTID as its id and dates as epoch milliseconds (Survey123's CreationDate).
    const feature = (id: number, lon: number, lat: number, created: number) =>
      `{"type":"Feature","id":${id},"geometry":{"type":"Point","coordinates":[${lon},${lat}]},"properties":{"OBJECTID":${id},"CreationDate":${created},"Creator":"field_user1","status":"enroute"}}`;
    const text = `{"type":"FeatureCollection","features":[${feature(1, -117.1956, 34.0564, 1700000000000)},${feature(2, -117.195, 34.057, 1700000120000)}]}`;
    const { points, invalid } = await detectAndRead(encode(text), 'query.geojson');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.actor, point.timestamp])).toEqual([
      ['', 1_700_000_000_000_000],
      ['', 1_700_000_120_000_000],
    ]);
  });

  it('a text feature id on a point still names its track', async () => {
    const feature = (lon: number, time: string) =>
      `{"type":"Feature","id":"N12345","geometry":{"type":"Point","coordinates":[${lon},52]},"properties":{"time":"${time}"}}`;
    const text = `{"type":"FeatureCollection","features":[${feature(4.9, '2024-01-01T00:00:00Z')},${feature(4.91, '2024-01-01T00:01:00Z')}]}`;
    const { points } = await detectAndRead(encode(text), 'aircraft.geojson');
    expect(points.map((point) => point.actor)).toEqual(['N12345', 'N12345']);
  });

  it('Esri JSON (f=json) and a JSON list no reader knows are refused with what to do, not read as CSV', () => {
    const esri =
      '{"objectIdFieldName":"OBJECTID","geometryType":"esriGeometryPoint","spatialReference":{"wkid":102100},"features":[{"attributes":{"OBJECTID":1},"geometry":{"x":-13046000.1,"y":4036000.2}}]}';
    expect(() => detectBytes(encode(esri), 'query.json')).toThrow(
      'is Esri JSON (ArcGIS REST with f=json), which maps do not read: ask the layer for GeoJSON (f=geojson) or export it as GeoJSON or CSV, and import that',
    );
    // Traccar's /api/positions answer: position objects, no reader of their own.
    const traccar =
      '[{"id":101,"deviceId":7,"fixTime":"2024-02-10T08:00:00.000+00:00","valid":true,"latitude":52.3702,"longitude":4.8952,"altitude":3.5,"course":90.0}]';
    expect(() => detectBytes(encode(traccar), 'positions.json')).toThrow(
      'is a JSON list, but not one a map reads (GeoJSON, Google location history, OwnTracks, CZML, an ADS-B trace): export the positions as CSV or GeoJSON and import that',
    );
  });
});
