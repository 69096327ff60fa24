// Whatever text a track parser is given, it answers points and invalid rows or refuses the file with
// an ImportError (a 400 for the analyst), never another exception (a 500). Inputs are fragments of
// each format shuffled with random text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../import/import-error.ts';
import { encode } from './geo-file-test-reader.ts';
import { GEO_FORMATS, type MapSettings } from './geo-settings.ts';
import { parseGeoFile } from './parse-geo-file.ts';

const FRAGMENTS = [
  '<gpx version="1.1">',
  '<trk>',
  '<name>x</name>',
  '<trkpt lat="1.5" lon="2">',
  '<trkpt lat="abc" lon="">',
  '</trkpt>',
  '<time>2020-01-01T00:00:00Z</time>',
  '<time>soon</time>',
  '<ele>12</ele>',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '&#x110000;',
  '&amp;',
  '<kml>',
  '<Placemark>',
  '<gx:Track>',
  '<when>2020-01-01T00:00:00Z</when>',
  '<gx:coord>1 2 3</gx:coord>',
  '</gx:Track>',
  '<coordinates>1,2 3,4</coordinates>',
  '{"type":"FeatureCollection","features":[',
  '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2,3,1e300]]}}',
  '"coordTimes":[null,1,"x"]',
  ']}',
  'HFDTE010120',
  'HFDTEDATE:999999,01',
  'B1200003839773S17608501EA0035200458',
  'B99',
  'I023638FXA3941HDT',
  '$GPRMC,120000.00,A,4552.6,S,17030.0,E,0.1,,120419,,,A*00',
  '$GNGGA,120001.00,4552.6,S,17030.0,E,1,12,0.6,14.2,M,1.8,M,,',
  '$GPZDA,120002.00,12,04,2019,00,00',
  '#',
  '\n',
  '\r\n',
  ',',
  ' ',
];

const text = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })), { maxLength: 60 })
  .map((parts) => parts.join(''));

const settingsFor = (format: MapSettings['format']): MapSettings => ({
  format,
  name: 'x',
  colour: '#0071BF',
  icon: 'circle',
  defaultTimeZone: 'UTC',
  defaultDate: null,
  delimiter: 'comma',
  headerRowCount: 0,
  preambleRowCount: 0,
  identifiedColumns: { '0': 'timestamp', '1': 'latitude', '2': 'longitude' },
  numericUnit: 'seconds',
  altitudeUnit: 'metres',
});

describe('track parsers on mangled text', () => {
  for (const format of GEO_FORMATS.filter((each) => each !== 'csv')) {
    it(`${format}: points and invalid rows, or an ImportError`, async () => {
      await fc.assert(
        fc.asyncProperty(text, async (input) => {
          try {
            for await (const batch of parseGeoFile(encode(input), settingsFor(format))) {
              for (const point of batch.points)
                expect(
                  Number.isSafeInteger(point.timestamp) && point.timestamp >= 0 && Math.abs(point.latitude) <= 90,
                ).toBe(true);
            }
          } catch (error) {
            expect(error).toBeInstanceOf(ImportError);
          }
        }),
        { numRuns: 150 },
      );
    });
  }
});
