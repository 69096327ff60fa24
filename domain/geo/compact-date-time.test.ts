// Loggers that write NMEA's bare digits into a CSV: the Columbus V-990's own CSV (an excerpt of GPSBabel's
// reference/track/24173415.CSV: "LATITUDE N/S", YYMMDD, hhmmss) and a logger copying RMC's DDMMYY.
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode } from './geo-file-test-reader.ts';

const iso = (micros: number) => new Date(micros / 1000).toISOString();

describe('dates and times of bare digits', () => {
  it('Columbus V-990: "LATITUDE N/S" columns, YYMMDD dates and hhmmss times make a track', async () => {
    const text = [
      'INDEX,TAG,DATE,TIME,LATITUDE N/S,LONGITUDE E/W,HEIGHT,SPEED,HEADING',
      '1,T,250724,173418,49.0733336N,125.7648551W,38,0.2,0',
      '51,T,250724,173508,49.0733075N,125.7648183W,20,4.8,152',
      '60,C,250724,173516,49.0733015N,125.7647351W,22,1.0,96',
    ].join('\r\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), '24173415.CSV');
    expect(detection.reason).toContain('six-digit dates read as year, month, day (YYMMDD');
    expect(detection.settings.dateOrder).toBe('ymd');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [iso(point.timestamp), point.latitude, point.longitude, point.heading])).toEqual([
      ['2025-07-24T17:34:18.000Z', 49.0733336, -125.7648551, 0],
      ['2025-07-24T17:35:08.000Z', 49.0733075, -125.7648183, 152],
      ['2025-07-24T17:35:16.000Z', 49.0733015, -125.7647351, 96],
    ]);
  });

  it("a logger copying RMC's DDMMYY: the day that changes across midnight says day first; fractions kept", async () => {
    const text = [
      'date,time,lat,lon,alt',
      '300624,235959.50,48.1173,11.5167,545.4',
      '010724,000000.50,48.1174,11.5168,545.6',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'logger.csv');
    expect(detection.settings.dateOrder).toBe('dmy');
    expect(invalid).toEqual([]);
    expect(points.map((point) => iso(point.timestamp))).toEqual([
      '2024-06-30T23:59:59.500Z',
      '2024-07-01T00:00:00.500Z',
    ]);
  });

  it('a column of six-digit numbers not named as a time is not read as one', async () => {
    const text = [
      'id,lat,lon,time',
      '173418,48.1,11.5,2024-07-01T10:00:00Z',
      '173419,48.2,11.6,2024-07-01T10:00:01Z',
    ].join('\n');
    const { points } = await detectAndRead(encode(text), 'points.csv');
    expect(points.map((point) => iso(point.timestamp))).toEqual([
      '2024-07-01T10:00:00.000Z',
      '2024-07-01T10:00:01.000Z',
    ]);
  });
});
