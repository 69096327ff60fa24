// OziExplorer tracks: GPSBabel's reference/track/20070813_short.plt (its first points, and one with
// OziExplorer's -777 "no altitude"), and one in another datum.
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode } from './geo-file-test-reader.ts';

const header = (datum: string) =>
  [
    'OziExplorer Track Point File Version 2.1',
    datum,
    'Altitude is in Feet',
    'Reserved 3',
    '0,2,255,Vezelay / Cuncy-les-Varzy          ,1,0,2,8421376,0',
    '2390',
  ].join('\r\n');

describe('OziExplorer .plt tracks', () => {
  it('reads each point at its day count, the altitude in feet, -777 as none, the track named by the header', async () => {
    const text = [
      header('WGS 84'),
      '  47.466222,   3.747318,0, 1258.8,39307.3279977, 13-août-07, 07:52:19',
      '  47.466150,   3.747233,0, 1236.5,39307.3281134, 13-août-07, 07:52:28',
      '  47.466078,   3.747023,1, -777,39307.3282986, 13-août-07, 07:52:44',
      '  91.000000,   3.747023,0, 1200.0,39307.3283681, 13-août-07, 07:52:51',
      '',
    ].join('\r\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), '20070813_short.plt');
    expect(detection.settings.format).toBe('plt');
    expect(detection.reason).toMatch(/^An OziExplorer track \(\.plt\): 4 points in the file/);
    expect(points.map((point) => [new Date(point.timestamp / 1000).toISOString(), point.actor])).toEqual([
      ['2007-08-13T07:52:19.000Z', 'Vezelay / Cuncy-les-Varzy'],
      ['2007-08-13T07:52:29.000Z', 'Vezelay / Cuncy-les-Varzy'],
      ['2007-08-13T07:52:45.000Z', 'Vezelay / Cuncy-les-Varzy'],
    ]);
    expect(points[0]!.altitude).toBeCloseTo(1258.8 * 0.3048, 9);
    expect(points[2]!.altitude).toBeNull();
    expect(invalid).toEqual([
      { line: 10, reason: 'point 4 of track "Vezelay / Cuncy-les-Varzy": latitude 91 is out of range (-90 to 90)' },
    ]);
  });

  it('says when the datum is not WGS 84', async () => {
    const text = `${header('Pulkovo 1942 (1)')}\r\n  55.75,  37.61,0, 500.0,45000.5, 15-Mar-23, 12:00:00\r\n`;
    const { detection, points } = await detectAndRead(encode(text), 'moscow.plt');
    expect(detection.reason).toContain('The datum is "Pulkovo 1942 (1)", read as WGS 84');
    expect(new Date(points[0]!.timestamp / 1000).toISOString()).toBe('2023-03-15T12:00:00.000Z');
  });
});
