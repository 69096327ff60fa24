// Phone trackers' and receiver tools' own files, each written from the producer's documentation:
// Overland's GeoJSON batches and a u-center log with UBX binary frames between NMEA sentences.
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode } from './geo-file-test-reader.ts';

describe('Overland (iOS) batches', () => {
  it('reads the Point features under "locations", each at its properties.timestamp', async () => {
    const feature = (lon: number, lat: number, time: string) =>
      `{"type":"Feature","geometry":{"type":"Point","coordinates":[${lon},${lat}]},"properties":{"timestamp":"${time}","altitude":80,"speed":4,"motion":["driving"],"device_id":"phone"}}`;
    const text = `{"locations":[${feature(-122.03, 37.33, '2024-03-05T12:00:01Z')},${feature(-122.031, 37.331, '2024-03-05T04:00:06-08:00')}],"current":{"type":"Feature"}}`;
    const { detection, points, first, last } = await detectAndRead(encode(text), 'overland.json');
    expect(detection.settings.format).toBe('geojson');
    expect(points.map((point) => [point.latitude, point.longitude, point.altitude])).toEqual([
      [37.33, -122.03, 80],
      [37.331, -122.031, 80],
    ]);
    expect([first, last]).toEqual(['2024-03-05T12:00:01.000Z', '2024-03-05T12:00:06.000Z']);
  });
});
