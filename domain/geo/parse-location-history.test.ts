// Google's location history as people export it: Takeout's Records.json (both time fields),
// Semantic Location History, the phone's Timeline.json and the iPhone's list. Small files written
// from the shapes Google documents and exports show, not copies of anyone's history.
import { describe, expect, it } from 'vitest';
import { detectAndRead, detectBytes, encode } from './geo-file-test-reader.ts';

const micros = (iso: string) => Date.parse(iso) * 1000;

describe('Google location history', () => {
  it('Records.json: 1e-7 degrees, timestampMs or timestamp, a location with an "activity" list, one without a place', async () => {
    const text = JSON.stringify({
      locations: [
        {
          timestampMs: '1446190163284',
          latitudeE7: 474129543,
          longitudeE7: 85254669,
          activity: [{ timestampMs: '1446190162283', activity: [{ type: 'STILL', confidence: 100 }] }],
        },
        { timestamp: '2015-10-30T07:30:23.456Z', latitudeE7: 474130012, longitudeE7: 85255013, altitude: 452 },
        { timestampMs: '1446190283456', accuracy: 1800 },
      ],
    });
    const { detection, points, invalid } = await detectAndRead(encode(text), 'Records.json');
    expect(detection.settings.format).toBe('location-history');
    expect(detection.reason).toContain('Records.json from Google Takeout');
    expect(points.map((point) => [point.timestamp, point.latitude, point.longitude, point.altitude])).toEqual([
      [micros('2015-10-30T07:29:23.284Z'), 47.4129543, 8.5254669, null],
      [micros('2015-10-30T07:30:23.456Z'), 47.4130012, 8.5255013, 452],
    ]);
    expect(invalid).toEqual([{ line: 3, reason: 'location 3 has no readable latitude and longitude' }]);
  });

  it('Semantic Location History: an activity its start, path and end; a visit its arrival and departure', async () => {
    const text = JSON.stringify({
      timelineObjects: [
        {
          activitySegment: {
            startLocation: { latitudeE7: 525163010, longitudeE7: 133777000 },
            endLocation: { latitudeE7: 525200660, longitudeE7: 134049540 },
            duration: { startTimestamp: '2022-03-01T07:58:12.345Z', endTimestamp: '2022-03-01T08:21:40Z' },
            simplifiedRawPath: { points: [{ latE7: 525180000, lngE7: 133900000, timestamp: '2022-03-01T08:05:00Z' }] },
          },
        },
        {
          placeVisit: {
            location: { latitudeE7: 525200660, longitudeE7: 134049540, name: 'Alexanderplatz' },
            duration: { startTimestampMs: '1646122900000', endTimestampMs: '1646126500000' },
          },
        },
      ],
    });
    const { points } = await detectAndRead(encode(text), '2022_MARCH.json');
    expect(points.map((point) => [new Date(point.timestamp / 1000).toISOString(), point.latitude])).toEqual([
      ['2022-03-01T07:58:12.345Z', 52.516301],
      ['2022-03-01T08:05:00.000Z', 52.518],
      ['2022-03-01T08:21:40.000Z', 52.520066],
      ['2022-03-01T08:21:40.000Z', 52.520066],
      ['2022-03-01T09:21:40.000Z', 52.520066],
    ]);
  });

  it('Timeline.json: "lat°, lng°" places, times with their offsets, raw positions with altitude; Wi-Fi scans skipped', async () => {
    const text = JSON.stringify({
      semanticSegments: [
        {
          startTime: '2024-06-10T08:00:00.000+02:00',
          endTime: '2024-06-10T10:00:00.000+02:00',
          timelinePath: [{ point: '48.8583701°, 2.2944813°', time: '2024-06-10T08:03:00.000+02:00' }],
        },
        {
          startTime: '2024-06-10T11:10:00.000+02:00',
          endTime: '2024-06-10T11:30:00.000+02:00',
          activity: { start: { latLng: '48.8606111°, 2.337644°' }, end: { latLng: 'somewhere' } },
        },
      ],
      rawSignals: [
        { position: { LatLng: '48.8583701°, 2.2944813°', altitudeMeters: 35.2, timestamp: '2024-06-10T08:02:59Z' } },
        { wifiScan: { deliveryTime: '2024-06-10T08:02:59.000+02:00', devicesRecords: [] } },
      ],
    });
    const { detection, points, invalid } = await detectAndRead(encode(text), 'Timeline.json');
    expect(detection.reason).toContain('Timeline.json from the phone');
    expect(points.map((point) => [point.timestamp, point.latitude, point.longitude, point.altitude])).toEqual([
      [micros('2024-06-10T06:03:00Z'), 48.8583701, 2.2944813, null],
      [micros('2024-06-10T09:10:00Z'), 48.8606111, 2.337644, null],
      [micros('2024-06-10T08:02:59Z'), 48.8583701, 2.2944813, 35.2],
    ]);
    expect(invalid).toEqual([{ line: 2, reason: "segment 2's activity end has no readable latitude and longitude" }]);
  });

  it('the iPhone\'s export: a list of segments, "geo:" places, path points by minutes after the start', async () => {
    const text = JSON.stringify([
      {
        startTime: '2024-03-02T09:00:00.000-05:00',
        endTime: '2024-03-02T10:30:00.000-05:00',
        visit: { topCandidate: { placeLocation: 'geo:40.748440,-73.985664' } },
      },
      {
        startTime: '2024-03-02T10:00:00.000-05:00',
        endTime: '2024-03-02T12:00:00.000-05:00',
        timelinePath: [{ point: 'geo:40.752000,-73.985600', durationMinutesOffsetFromStartTime: '45' }],
      },
    ]);
    const { detection, points } = await detectAndRead(encode(text), 'location-history.json');
    expect(detection.settings.format).toBe('location-history');
    expect(points.map((point) => [point.timestamp, point.latitude, point.longitude])).toEqual([
      [micros('2024-03-02T14:00:00Z'), 40.74844, -73.985664],
      [micros('2024-03-02T15:30:00Z'), 40.74844, -73.985664],
      [micros('2024-03-02T15:45:00Z'), 40.752, -73.9856],
    ]);
  });

  it('other JSON lists are not taken for it', () => {
    expect(() => detectBytes(encode('[{"time": 1, "lat": 2}]'), 'list.json')).toThrow();
  });
});
