// GeoJSON text sequences as ogr2ogr writes them (-f GeoJSONSeq: a record separator before each feature;
// with RS=NO, one feature a line), read like the FeatureCollection of the same features.
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode } from './geo-file-test-reader.ts';

const features = [
  '{"type":"Feature","properties":{"time":"2024-06-01T10:00:00Z","name":"truck 7"},"geometry":{"type":"Point","coordinates":[-122.1,37.1,12]}}',
  '{"type":"Feature","properties":{"name":"truck 7","times":["2024-06-01T10:00:05Z","2024-06-01T10:00:10Z"]},"geometry":{"type":"LineString","coordinates":[[-122.2,37.2],[-122.3,37.3]]}}',
  '{"type":"Feature","properties":{"time":"2024-06-01T10:00:15Z"},"geometry":null}',
];

describe('GeoJSON text sequences', () => {
  it.each([
    ['RFC 8142, a record separator before each text', features.map((feature) => `\u001e${feature}\n`).join('')],
    ['newline-delimited, one feature a line', `${features.join('\r\n')}\r\n`],
  ])('%s: the points of the FeatureCollection', async (_, text) => {
    const collection = await detectAndRead(
      encode(`{"type":"FeatureCollection","features":[${features.join(',')}]}`),
      'collection.geojson',
    );
    const sequence = await detectAndRead(encode(text), 'trucks.geojsons');
    expect(sequence.detection.settings.format).toBe('geojson');
    expect(sequence.points).toEqual(collection.points);
    expect(sequence.points.map((point) => [point.latitude, point.altitude])).toEqual([
      [37.1, 12],
      [37.2, null],
      [37.3, null],
    ]);
    expect(sequence.invalid).toEqual([{ line: 3, reason: 'feature 3 has no geometry' }]);
  });

  it('a pretty-printed FeatureCollection is still one document', async () => {
    const text = `{\n  "type": "FeatureCollection",\n  "features": [\n    ${features[0]}\n  ]\n}\n`;
    const { points } = await detectAndRead(encode(text), 'pretty.geojson');
    expect(points).toHaveLength(1);
  });
});
