/*
 * ADS-B Exchange / readsb trace files, written from readsb's documentation of the trace format:
 * detected with no settings, times after the file's timestamp, feet made metres, "ground" without
 * an altitude, the registration as the actor, a point without a position refused with its number.
 */
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode } from './geo-file-test-reader.ts';

const trace = {
  icao: 'a1b2c3',
  r: 'N123AB',
  t: 'C172',
  dbFlags: 0,
  desc: 'CESSNA 172',
  timestamp: 1704190272.5,
  trace: [
    [
      0,
      47.61,
      -122.33,
      'ground',
      12.1,
      270.5,
      0,
      null,
      { type: 'adsb_icao', flight: 'N123AB  ' },
      'adsb_icao',
      null,
      null,
      null,
      null,
    ],
    [10.25, 47.612, -122.335, 3000, 150, 271, 0, 500, null, 'adsb_icao', 3150, 512, 110, -2.5],
    [20, null, null, 3100, 152, 271, 0, 500, null, 'mlat', null, null, null, null],
  ],
};

describe('ADS-B traces', () => {
  it('trace_full_<icao>.json reads with no settings', async () => {
    const { detection, points, invalid } = await detectAndRead(encode(JSON.stringify(trace)), 'trace_full_a1b2c3.json');
    expect(detection.settings).toMatchObject({ format: 'adsb-trace', icon: 'airplane', name: 'trace_full_a1b2c3' });
    expect(detection.reason).toMatch(/^ADS-B trace \(ADS-B Exchange, readsb or tar1090\) of N123AB \(ICAO a1b2c3\)/);
    expect(points).toEqual([
      {
        line: 1,
        timestamp: 1704190272_500000,
        actor: 'N123AB',
        latitude: 47.61,
        longitude: -122.33,
        altitude: null,
        heading: 270.5,
        pitch: null,
        roll: null,
      },
      {
        line: 2,
        timestamp: 1704190282_750000,
        actor: 'N123AB',
        latitude: 47.612,
        longitude: -122.335,
        altitude: expect.closeTo(3150 * 0.3048, 9),
        heading: 271,
        pitch: null,
        roll: -2.5,
      },
    ]);
    expect(invalid).toEqual([{ line: 3, reason: 'trace point 3 has no readable latitude and longitude' }]);
  });

  it('without a registration, the callsign and then the ICAO address name the aircraft', async () => {
    const { points } = await detectAndRead(encode(JSON.stringify({ ...trace, r: undefined })), 'trace.json');
    expect(points.map((point) => point.actor)).toEqual(['N123AB', 'a1b2c3']);
  });
});

describe("dump1090's and readsb's aircraft.json", () => {
  const snapshot = (now: number, longitude: number, flight: string) =>
    JSON.stringify({
      now,
      messages: 1234,
      aircraft: [
        {
          hex: '4ca7b5',
          flight,
          alt_baro: 35000,
          alt_geom: 35500,
          gs: 450,
          track: 90.5,
          lat: 51.5,
          lon: longitude,
          seen_pos: 0.5,
          seen: 0.1,
        },
        { hex: 'a1b2c3', alt_baro: 12000, seen: 3 },
        { hex: '3c6444', alt_baro: 'ground', track: 180, lat: 50.03, lon: 8.56, seen_pos: 2, seen: 1 },
      ],
    });

  it('reads snapshots logged one after another: each placed aircraft a point at now less seen_pos, named by its ICAO address', async () => {
    const text = [snapshot(1717243200.1, -0.5, ''), snapshot(1717243205.1, -0.49, 'RYR12AB ')].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'aircraft.jsonl');
    expect(detection.settings.format).toBe('adsb-trace');
    expect(detection.reason).toMatch(
      /^ADS-B receiver snapshot \(dump1090 or readsb aircraft\.json, 2 of them one after another\)/,
    );
    expect(
      points.map((point) => [
        new Date(point.timestamp / 1000).toISOString(),
        point.actor,
        point.longitude,
        point.altitude,
        point.heading,
      ]),
    ).toEqual([
      ['2024-06-01T11:59:59.600Z', '4ca7b5', -0.5, 35500 * 0.3048, 90.5],
      ['2024-06-01T11:59:58.100Z', '3c6444', 8.56, null, 180],
      ['2024-06-01T12:00:04.600Z', '4ca7b5', -0.49, 35500 * 0.3048, 90.5],
      ['2024-06-01T12:00:03.100Z', '3c6444', 8.56, null, 180],
    ]);
    expect(invalid.map((item) => item.reason)).toEqual([
      '2 aircraft sightings without a position (heard by Mode S only) passed over, the first aircraft 2 of snapshot 1 (a1b2c3)',
    ]);
  });

  it('reads dump1090\'s older snapshot, whose altitude is "altitude"', async () => {
    const text = JSON.stringify({
      now: 1500000000,
      aircraft: [
        { hex: '40621d', flight: 'BAW123  ', lat: 51.4, lon: -0.4, seen_pos: 1.2, altitude: 5000, track: 270 },
      ],
    });
    const { points } = await detectAndRead(encode(text), 'aircraft.json');
    expect(points.map((point) => [point.altitude, new Date(point.timestamp / 1000).toISOString()])).toEqual([
      [1524, '2017-07-14T02:39:58.800Z'],
    ]);
  });
});

describe("the OpenSky Network's flight track (GET /tracks/all)", () => {
  it('each path waypoint at its own Unix time, barometric metres, the callsign without padding as the actor', async () => {
    const track = {
      icao24: '3c4b26',
      callsign: 'DLH4AB  ',
      startTime: 1709654400,
      endTime: 1709658000,
      path: [
        [1709654400, 50.0334, 8.5706, null, 250.0, true],
        [1709654460, 50.0412, 8.5311, 457.2, 251.3, false],
        [1709654580, null, null, 1524.0, 262.0, false],
      ],
    };
    const { detection, points, invalid } = await detectAndRead(encode(JSON.stringify(track)), 'tracks.json');
    expect(detection.settings).toMatchObject({ format: 'adsb-trace', icon: 'airplane' });
    expect(detection.reason).toMatch(/^OpenSky Network flight track of DLH4AB \(ICAO 3c4b26\)/);
    expect(points.map((point) => [point.timestamp, point.actor, point.altitude, point.heading])).toEqual([
      [1709654400_000000, 'DLH4AB', null, 250],
      [1709654460_000000, 'DLH4AB', 457.2, 251.3],
    ]);
    expect(invalid).toEqual([{ line: 3, reason: 'path waypoint 3 has no readable latitude and longitude' }]);
  });
});
