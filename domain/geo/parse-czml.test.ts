// CZML as Cesium's documentation describes it (CZML Structure, Position, Cartographic): a document
// packet, then entities whose position samples are seconds after an epoch, ISO times, or fixed.
import { describe, expect, it } from 'vitest';
import { ecefToGeodetic } from './czml-sample.ts';
import { detectAndRead, encode } from './geo-file-test-reader.ts';

const DOCUMENT =
  '{"id":"document","name":"Flights","version":"1.0","clock":{"interval":"2012-08-04T10:00:00Z/2012-08-04T11:00:00Z"}}';

/** Earth-fixed metres of a WGS84 point, the inverse the parser undoes. */
function ecef(latitude: number, longitude: number, height: number): number[] {
  const a = 6_378_137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const [lat, lon] = [(latitude * Math.PI) / 180, (longitude * Math.PI) / 180];
  const n = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
  return [
    (n + height) * Math.cos(lat) * Math.cos(lon),
    (n + height) * Math.cos(lat) * Math.sin(lon),
    (n * (1 - e2) + height) * Math.sin(lat),
  ];
}

const rounded = (points: { latitude: number; longitude: number; altitude: number | null; actor: string }[]) =>
  points.map((point) => [
    point.actor,
    Number(point.latitude.toFixed(6)),
    Number(point.longitude.toFixed(6)),
    point.altitude === null ? null : Math.round(point.altitude),
  ]);

describe('CZML', () => {
  it('reads each entity as a track: seconds after the epoch, ISO times, and packets that continue an id', async () => {
    const text = `[${DOCUMENT},
{"id":"balloon","name":"Balloon 1","availability":"2012-08-04T10:00:00Z/2012-08-04T10:02:00Z","path":{"width":8},
 "position":{"interpolationAlgorithm":"LAGRANGE","epoch":"2012-08-04T10:00:00Z","cartographicDegrees":[0,-118.2,34.05,100,60,-118.19,34.06,1500]}},
{"id":"truck","name":"Truck 7","position":{"cartographicDegrees":["2012-08-04T16:00:00Z",-116.52,35.03,0,"not a time",-116.51,35.04,0]}},
{"id":"balloon","position":{"epoch":"2012-08-04T10:00:00Z","cartographicDegrees":[120,-118.18,34.07,3000]}}]`;
    const { detection, points, invalid, first, last } = await detectAndRead(encode(text), 'flights.czml');
    expect(detection.settings.format).toBe('czml');
    expect(detection.reason).toMatch(/^CZML \(Cesium\): 3 packets with a position in the file/);
    expect(rounded(points)).toEqual([
      ['Balloon 1', 34.05, -118.2, 100],
      ['Balloon 1', 34.06, -118.19, 1500],
      ['Truck 7', 35.03, -116.52, 0],
      ['Balloon 1', 34.07, -118.18, 3000],
    ]);
    expect([first, last]).toEqual(['2012-08-04T10:00:00.000Z', '2012-08-04T16:00:00.000Z']);
    expect(invalid.map((item) => item.reason)).toEqual([
      `sample 2 of entity "Truck 7": time 'not a time' is not a date and time`,
    ]);
  });

  it('reads Earth-fixed cartesian metres and radians, and says why inertial ones and untimed positions are not points', async () => {
    const samples = [0, ...ecef(48.85, 2.35, 500), 30, ...ecef(48.86, 2.36, 700)];
    const station = ecef(40.0386, -75.5966, 10);
    const radians = (degrees: number) => (degrees * Math.PI) / 180;
    const text = JSON.stringify([
      JSON.parse(DOCUMENT),
      { id: 'drone-1', position: { epoch: '2021-05-01T08:00:00Z', cartesian: samples } },
      {
        id: 'Satellite/Geoeye1',
        name: 'Geoeye1',
        position: {
          referenceFrame: 'INERTIAL',
          epoch: '2012-03-15T10:00:00Z',
          cartesian: [0, 4650397.5, -3390535.5, -4087729.4],
        },
      },
      {
        id: 'Facility/AGI',
        name: 'AGI',
        availability: '2012-03-15T10:00:00Z/2012-03-16T10:00:00Z',
        position: { cartesian: station },
      },
      {
        id: 'ship',
        position: [
          {
            interval: '2024-03-05T12:00:00Z/2024-03-05T13:00:00Z',
            cartographicRadians: [radians(4.4), radians(51.9), 0],
          },
          {
            interval: '2024-03-05T13:00:00Z/2024-03-05T14:00:00Z',
            epoch: '2024-03-05T13:00:00Z',
            cartographicRadians: [600, radians(4.5), radians(52), 0],
          },
        ],
      },
      { id: 'pin', position: { cartographicDegrees: [4.3, 51.8, 0] } },
      { id: 'follower', position: { reference: 'ship#position' } },
    ]);
    const { points, invalid } = await detectAndRead(encode(text), 'scenario.czml');
    expect(rounded(points)).toEqual([
      ['drone-1', 48.85, 2.35, 500],
      ['drone-1', 48.86, 2.36, 700],
      ['AGI', 40.0386, -75.5966, 10],
      ['ship', 52, 4.5, 0],
      ['ship', 51.9, 4.4, 0],
    ]);
    expect(points.map((point) => new Date(point.timestamp / 1000).toISOString())).toEqual([
      '2021-05-01T08:00:00.000Z',
      '2021-05-01T08:00:30.000Z',
      '2012-03-15T10:00:00.000Z',
      '2024-03-05T13:10:00.000Z',
      '2024-03-05T12:00:00.000Z',
    ]);
    expect(invalid.map((item) => item.reason)).toEqual([
      `sample 1 of entity "Geoeye1" is in CZML's INERTIAL frame (ICRF), which needs Earth's orientation at each instant; only FIXED (Earth-fixed) positions are read`,
      'sample 1 of entity "pin" is a fixed position with no interval or availability to give it a time',
      `entity "follower": its position refers to another one ('ship#position'), which is not followed`,
    ]);
  });

  it('holds samples whose epoch and name come after them, and keeps what a cut-off file had', async () => {
    const text = `[${DOCUMENT},
{"position":{"cartographicDegrees":[0,2.55,49.0,1000,10,2.56,49.01,1100],"epoch":"2024-06-01T12:05:00Z"},"id":"AC2","name":"F-GKXA"},
{"id":"AC3","name":"G-ABCD","position":{"epoch":"2024-06-01T12:00:00Z","cartographicDegrees":[0,-1.0,52.0,100,10,-1.01,52.01,110,20,-1.02`;
    const { points, invalid, first, last } = await detectAndRead(encode(text), 'cut.czml');
    expect(rounded(points)).toEqual([
      ['F-GKXA', 49, 2.55, 1000],
      ['F-GKXA', 49.01, 2.56, 1100],
      ['G-ABCD', 52, -1, 100],
      ['G-ABCD', 52.01, -1.01, 110],
    ]);
    expect([first, last]).toEqual(['2024-06-01T12:00:00.000Z', '2024-06-01T12:05:10.000Z']);
    expect(invalid.map((item) => item.reason)).toEqual([
      'the file ends inside packet 3 (cut off): the samples read before are kept',
    ]);
  });

  it('keeps a few frames whatever the nesting, and turns Earth-fixed metres into WGS84 near the poles too', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const text = `[${DOCUMENT},{"id":"x","deep":${deep},"position":{"epoch":"2024-01-01T00:00:00Z","cartographicDegrees":[0,1,2,3]}}]`;
    const { points } = await detectAndRead(encode(text), 'deep.czml');
    expect(points).toHaveLength(1);
    const [latitude, longitude, height] = ecefToGeodetic(...(ecef(89.9999, 45, 1234) as [number, number, number]));
    expect([latitude.toFixed(6), longitude.toFixed(6), height.toFixed(2)]).toEqual([
      '89.999900',
      '45.000000',
      '1234.00',
    ]);
  });
});
