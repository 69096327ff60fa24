/*
 * Garmin Training Center XML (TCX: Garmin Connect, Strava, Polar and Suunto exports) read as a stream
 * of tags (xml-tokens.ts): each Trackpoint is a point of its activity, its <Time> the instant and its
 * <Position> the place; one without a position (a pause, a heart-rate-only sample) is an invalid row.
 */
import type { ZoneId } from '@js-joda/core';
import { named, numberOrNull, trackItem, trackTime, type GeoItem } from './track-fix.ts';
import { xmlElements } from './xml-tokens.ts';

interface OpenPoint {
  readonly line: number;
  latitude: number | null;
  longitude: number | null;
  altitude: number | null;
  time: string | undefined;
}

export async function* parseTcx(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  let activity = { name: '', number: 0, points: 0 };
  let point: OpenPoint | undefined;
  for await (const tokens of xmlElements(text)) {
    const items: GeoItem[] = [];
    for (const token of tokens) {
      // xml-tokens drops namespace prefixes, so "tcx:Trackpoint" arrives as "Trackpoint".
      const { name } = token;
      if (token.kind === 'open') {
        if (name === 'Activity' || name === 'Course')
          activity = { name: token.attributes['Sport'] ?? '', number: activity.number + 1, points: 0 };
        else if (name === 'Trackpoint' && !token.selfClosing) {
          point = { line: token.line, latitude: null, longitude: null, altitude: null, time: undefined };
          activity.points += 1;
        }
        continue;
      }
      const { value } = token;
      if (point === undefined) {
        // A course's or activity's own <Name> (an activity's <Id> is its start time, no name).
        if (name === 'Name' && activity.name === '') activity.name = value;
        continue;
      }
      if (name === 'Time') point.time = value;
      else if (name === 'LatitudeDegrees') point.latitude = numberOrNull(value);
      else if (name === 'LongitudeDegrees') point.longitude = numberOrNull(value);
      else if (name === 'AltitudeMeters') point.altitude = numberOrNull(value);
      else if (name === 'Trackpoint') {
        items.push(finish(point));
        point = undefined;
      }
    }
    if (items.length > 0) yield items;
  }

  function finish(open: OpenPoint): GeoItem {
    const label = `point ${activity.points} of ${named('activity', activity.name, activity.number)}`;
    if (open.latitude === null || open.longitude === null)
      return { line: open.line, reason: `${label}: no <Position> (a pause or a sample without a fix)` };
    const timestamp = trackTime(open.time, zone);
    return trackItem({
      line: open.line,
      actor: activity.name,
      latitude: open.latitude,
      longitude: open.longitude,
      altitude: open.altitude,
      heading: null,
      timestamp,
      label,
    });
  }
}
