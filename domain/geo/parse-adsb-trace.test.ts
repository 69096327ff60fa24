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
