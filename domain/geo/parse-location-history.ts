/*
 * Google's location history in the shapes people export it: Takeout's Records.json ({"locations":
 * [{latitudeE7, longitudeE7, timestamp | timestampMs, altitude, heading, deviceTag}]}), Takeout's
 * monthly Semantic Location History ({"timelineObjects": [activitySegment | placeVisit]}), the phone's
 * Timeline.json ({"semanticSegments": [timelinePath | visit | activity], "rawSignals": [position]}) and
 * the iPhone's export (a top-level list of the same segments, places as "geo:lat,lng"). Streamed one
 * record or segment at a time. A visit is two points (arrival and departure at the place), an
 * activity its start and end, a path each of its points at its own time.
 */
import type { ZoneId } from '@js-joda/core';
import { JSONParser } from '@streamparser/json';
import { ImportError } from '../import/import-error.ts';
import { jsonStreamItems } from './json-stream-items.ts';
import { readTrackTime, trackItem, type GeoItem } from './track-fix.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const objectOf = (value: Json | undefined): JsonObject | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
const numberOf = (value: Json | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
      ? Number(value)
      : null;

// "51.5003°, -0.1246°" (Android's Timeline.json) or "geo:51.5003,-0.1246" (the iPhone's export).
const LAT_LNG = /^\s*(?:geo:)?\s*(-?\d+(?:\.\d+)?)\s*°?\s*,\s*(-?\d+(?:\.\d+)?)\s*°?\s*$/;

interface Place {
  readonly latitude: number;
  readonly longitude: number;
}

/** A place from "lat°, lng°" / "geo:lat,lng" text, {latLng: text}, or latitudeE7/longitudeE7 (latE7/lngE7). */
function placeOf(value: Json | undefined): Place | undefined {
  if (typeof value === 'string') {
    const match = LAT_LNG.exec(value);
    return match === null ? undefined : { latitude: Number(match[1]), longitude: Number(match[2]) };
  }
  const object = objectOf(value);
  if (object === undefined) return undefined;
  const text = object.latLng ?? object.LatLng ?? object.point;
  if (text !== undefined) return placeOf(text);
  const latitude = numberOf(object.latitudeE7 ?? object.latE7 ?? object.centerLatE7);
  const longitude = numberOf(object.longitudeE7 ?? object.lngE7 ?? object.centerLngE7);
  return latitude === null || longitude === null ? undefined : { latitude: latitude / 1e7, longitude: longitude / 1e7 };
}

/** A time as ISO text (with its offset), or as epoch milliseconds (timestampMs, a string in Takeout). */
function timeOf(value: Json | undefined, zone: ZoneId): number | string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const milliseconds = numberOf(value);
  if (milliseconds !== null) return Math.round(milliseconds * 1000);
  if (typeof value !== 'string') return JSON.stringify(value).slice(0, 40);
  return readTrackTime(value, zone) ?? value;
}

interface Fix {
  readonly place: Place | undefined;
  readonly time: number | string | undefined;
  readonly altitude?: number | null;
  readonly heading?: number | null;
  readonly actor?: string;
  readonly label: string;
}

function item(line: number, fix: Fix): GeoItem {
  return trackItem({
    line,
    actor: fix.actor ?? '',
    latitude: fix.place?.latitude ?? Number.NaN,
    longitude: fix.place?.longitude ?? Number.NaN,
    altitude: fix.altitude ?? null,
    heading: fix.heading ?? null,
    timestamp: fix.time,
    label: fix.label,
  });
}

/** The fixes of one record of Records.json or one position of rawSignals. */
function recordFixes(record: JsonObject, label: string, zone: ZoneId): Fix[] {
  const position = objectOf(record.position) ?? record;
  const device = numberOf(position.deviceTag) ?? (typeof position.deviceTag === 'string' ? position.deviceTag : null);
  return [
    {
      place: placeOf(position),
      time: timeOf(position.timestamp ?? position.timestampMs, zone),
      altitude: numberOf(position.altitude ?? position.altitudeMeters),
      heading: numberOf(position.heading),
      actor: device === null ? '' : `device ${String(device)}`,
      label,
    },
  ];
}

/** The fixes of one segment: a timelinePath's points, a visit's place twice, an activity's two ends. */
function segmentFixes(segment: JsonObject, label: string, zone: ZoneId): Fix[] {
  const start = timeOf(segment.startTime, zone);
  const end = timeOf(segment.endTime, zone);
  const fixes: Fix[] = [];
  const path = segment.timelinePath;
  if (Array.isArray(path)) {
    path.forEach((entry, index) => {
      const point = objectOf(entry) ?? {};
      // The iPhone's export times a point by its minutes after the segment's start.
      const offsetMinutes = numberOf(point.durationMinutesOffsetFromStartTime);
      const time =
        point.time !== undefined
          ? timeOf(point.time, zone)
          : offsetMinutes !== null && typeof start === 'number'
            ? start + Math.round(offsetMinutes * 60_000_000)
            : undefined;
      fixes.push({ place: placeOf(point.point), time, label: `point ${index + 1} of ${label}'s path` });
    });
  }
  const visit = objectOf(segment.visit);
  if (visit !== undefined) {
    const place = placeOf(objectOf(visit.topCandidate)?.placeLocation);
    fixes.push({ place, time: start, label: `${label}'s visit (arrival)` });
    fixes.push({ place, time: end, label: `${label}'s visit (departure)` });
  }
  const activity = objectOf(segment.activity);
  if (activity !== undefined) {
    fixes.push({ place: placeOf(activity.start), time: start, label: `${label}'s activity start` });
    fixes.push({ place: placeOf(activity.end), time: end, label: `${label}'s activity end` });
  }
  return fixes;
}

/** The fixes of one Semantic Location History object: an activitySegment or a placeVisit. */
function timelineObjectFixes(object: JsonObject, label: string, zone: ZoneId): Fix[] {
  const segment = objectOf(object.activitySegment);
  const visit = objectOf(object.placeVisit);
  const duration = objectOf((segment ?? visit)?.duration);
  const start = timeOf(duration?.startTimestamp ?? duration?.startTimestampMs, zone);
  const end = timeOf(duration?.endTimestamp ?? duration?.endTimestampMs, zone);
  if (segment !== undefined) {
    const fixes: Fix[] = [{ place: placeOf(segment.startLocation), time: start, label: `${label} (start)` }];
    const points = objectOf(segment.simplifiedRawPath)?.points;
    if (Array.isArray(points))
      points.forEach((entry, index) => {
        const point = objectOf(entry) ?? {};
        fixes.push({
          place: placeOf(point),
          time: timeOf(point.timestamp ?? point.timestampMs, zone),
          label: `point ${index + 1} of ${label}'s path`,
        });
      });
    fixes.push({ place: placeOf(segment.endLocation), time: end, label: `${label} (end)` });
    return fixes;
  }
  if (visit !== undefined) {
    const place = placeOf(visit.location) ?? placeOf(visit);
    return [
      { place, time: start, label: `${label}'s visit (arrival)` },
      { place, time: end, label: `${label}'s visit (departure)` },
    ];
  }
  return [{ place: undefined, time: undefined, label: `${label} (neither an activitySegment nor a placeVisit)` }];
}

const PATHS_OF_OBJECT = ['$.locations.*', '$.timelineObjects.*', '$.semanticSegments.*', '$.rawSignals.*'];

export async function* parseLocationHistory(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  // The iPhone's export is a list of segments; Google's other files are one object of named lists.
  const chunks = text[Symbol.asyncIterator]();
  let first = await chunks.next();
  while (!first.done && first.value.trim() === '') first = await chunks.next();
  const list =
    !first.done &&
    first.value
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('[');
  const rest = async function* () {
    if (!first.done) yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };
  const parser = new JSONParser({ paths: list ? ['$.*'] : PATHS_OF_OBJECT, keepStack: false });
  const items: GeoItem[] = [];
  let entries = 0;
  parser.onValue = ({ value }) => {
    entries += 1;
    const object = objectOf(value as Json);
    if (object === undefined) {
      items.push({ line: entries, reason: `entry ${entries} is not an object` });
      return;
    }
    // A Records.json location may hold an "activity" list of its own: its coordinates decide first.
    const fixes =
      'latitudeE7' in object || 'timestampMs' in object || ('timestamp' in object && !('startTime' in object))
        ? recordFixes(object, `location ${entries}`, zone)
        : 'timelinePath' in object || 'visit' in object || 'activity' in object || 'startTime' in object
          ? segmentFixes(object, `segment ${entries}`, zone)
          : 'activitySegment' in object || 'placeVisit' in object
            ? timelineObjectFixes(object, `timeline object ${entries}`, zone)
            : 'position' in object
              ? recordFixes(object, `raw signal ${entries}`, zone)
              : [];
    // rawSignals also hold Wi-Fi scans and activity records: no place, nothing to show, not an error.
    for (const fix of fixes) items.push(item(entries, fix));
  };
  yield* jsonStreamItems(
    rest(),
    parser,
    items,
    (message) => `is not readable location history after ${entries} entries: ${message}`,
  );
  if (entries === 0) throw new ImportError('invalid-file', 'has no locations, timeline objects or segments');
  if (items.length > 0) yield items;
}
