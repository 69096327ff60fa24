/*
 * Gzipped tracks (Strava's bulk export gives activities as .gpx.gz) are detected on their unpacked
 * start and read as they unpack: the same points as the plain file, the map named without ".gz";
 * UTF-16 files (a byte order mark first) read as their UTF-8 twins.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { detectAndRead } from './geo-file-test-reader.ts';

const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));

describe('gzipped geo files', () => {
  it.each([
    ['field/geo/gpxpy_korita_zbevnica.gpx', 'gpx'],
    ['field/geo/togeojson_gx_multitrack.kml', 'kml'],
    ['field/geo/igc_new_zealand.igc', 'igc'],
    ['geo/fr24_JAL516_2024-01-02.csv', 'csv'],
  ])('%s read gzipped gives the points of the plain file', async (path, format) => {
    const plain = fixture(path);
    const name = path.replace(/^.*\//, '');
    const expected = await detectAndRead(plain, name);
    const gzipped = await detectAndRead(new Uint8Array(gzipSync(plain)), `${name}.gz`);
    expect(gzipped.detection.settings.format).toBe(format);
    expect(gzipped.detection.reason).toBe(`Compressed with gzip, read as it unpacks. ${expected.detection.reason}`);
    expect(gzipped.detection.settings.name).toBe(expected.detection.settings.name);
    expect(gzipped.points).toEqual(expected.points);
    expect(gzipped.invalid).toEqual(expected.invalid);
  });

  it('a gzipped track cut off is refused with the reason', async () => {
    const whole = gzipSync(fixture('field/geo/gpxpy_korita_zbevnica.gpx'));
    await expect(
      detectAndRead(new Uint8Array(whole.subarray(0, Math.floor(whole.length * 0.6))), 'cut.gpx.gz'),
    ).rejects.toThrow(/damaged or cut off/);
  });
});

// Windows tools write UTF-16 with a byte order mark: GPSBabel keeps a Lowrance GPX so
// (reference/lowrance-utf16-test.gpx), and Excel's "Unicode Text" is tab-separated UTF-16 LE.
describe('UTF-16 geo files', () => {
  const utf16 = (text: string, order: 'le' | 'be') => {
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]);
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      bytes[2 + at * 2 + (order === 'le' ? 0 : 1)] = code & 0xff;
      bytes[2 + at * 2 + (order === 'le' ? 1 : 0)] = code >> 8;
    }
    return bytes;
  };

  it.each([
    ['field/geo/gpxpy_korita_zbevnica.gpx', 'le'],
    ['field/geo/togeojson_gx_multitrack.kml', 'be'],
    ['geo/fr24_JAL516_2024-01-02.csv', 'le'],
  ] as const)('%s in UTF-16 %s gives the points of the UTF-8 file, gzipped or not', async (path, order) => {
    const plain = fixture(path);
    const name = path.replace(/^.*\//, '');
    const expected = await detectAndRead(plain, name);
    const wide = utf16(new TextDecoder().decode(plain), order);
    for (const [bytes, fileName] of [
      [wide, name],
      [new Uint8Array(gzipSync(wide)), `${name}.gz`],
    ] as const) {
      const read = await detectAndRead(bytes, fileName);
      expect(read.detection.settings).toEqual(expected.detection.settings);
      expect(read.points).toEqual(expected.points);
      expect(read.invalid).toEqual(expected.invalid);
    }
  });
});
