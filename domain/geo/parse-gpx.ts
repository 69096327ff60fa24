/*
 * GPX 1.0 and 1.1 (GPSBabel, Garmin, Strava, AirData) read as a stream of tags (xml-tokens.ts):
 * each trkpt and rtept is a point of its track or route, named by it; one without <time> is an
 * invalid row. Waypoints are places, so only timed ones become points. The heading is the GPX 1.0
 * <course> or an extension's course, heading or bearing (Garmin's gpxtpx, AirData); GPX's degreesType is
 * 0 to 360, so a negative course is "unknown" (Apple Health writes CoreLocation's -1). A point whose
 * <fix> is "none" ("GPS had no fix", GPX 1.1's fixType; GPSBabel writes it from NMEA without a fix)
 * is invalid, as such an NMEA sentence is: its position is a receiver's stale guess.
 */
import type { ZoneId } from '@js-joda/core';
import { named, numberOrNull, trackItem, trackTime, type GeoItem } from './track-fix.ts';
import { xmlElements } from './xml-tokens.ts';

const POINTS = new Set(['trkpt', 'rtept', 'wpt']);
const HEADINGS = new Set(['course', 'heading', 'bearing']);
const headingOrNull = (text: string) => {
  const degrees = numberOrNull(text);
  return degrees !== null && degrees >= 0 && degrees <= 360 ? degrees : null;
};

interface OpenPoint {
  readonly kind: string;
  readonly line: number;
  readonly latitude: number;
  readonly longitude: number;
  altitude: number | null;
  heading: number | null;
  time: string | undefined;
  name: string;
  noFix: boolean;
}

export async function* parseGpx(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  let container = { kind: 'track', name: '', number: 0, points: 0 };
  const counts = { trk: 0, rte: 0, wpt: 0 };
  let point: OpenPoint | undefined;
  for await (const tokens of xmlElements(text)) {
    const items: GeoItem[] = [];
    for (const token of tokens) {
      if (token.kind === 'open') {
        if (token.name === 'trk' || token.name === 'rte') {
          counts[token.name] += 1;
          container = {
            kind: token.name === 'trk' ? 'track' : 'route',
            name: '',
            number: counts[token.name],
            points: 0,
          };
        } else if (POINTS.has(token.name)) {
          point = {
            kind: token.name,
            line: token.line,
            latitude: Number(token.attributes.lat ?? ''),
            longitude: Number(token.attributes.lon ?? ''),
            altitude: null,
            heading: null,
            time: undefined,
            name: '',
            noFix: false,
          };
          if (token.name === 'wpt') counts.wpt += 1;
          else container.points += 1;
        }
        if (token.selfClosing && point !== undefined && POINTS.has(token.name)) {
          items.push(...finish(point));
          point = undefined;
        }
        continue;
      }
      const { parent, value } = token;
      if (point !== undefined) {
        if (POINTS.has(token.name)) {
          items.push(...finish(point));
          point = undefined;
        } else if (token.name === 'time' && parent === point.kind) point.time = value;
        else if (token.name === 'ele' && parent === point.kind) point.altitude = numberOrNull(value);
        else if (token.name === 'name' && parent === point.kind) point.name = value;
        else if (token.name === 'fix' && parent === point.kind) point.noFix = value === 'none';
        else if (HEADINGS.has(token.name) && point.heading === null) point.heading = headingOrNull(value);
      } else if (token.name === 'name' && (parent === 'trk' || parent === 'rte')) container.name = value;
    }
    if (items.length > 0) yield items;
  }

  function finish(open: OpenPoint): GeoItem[] {
    const timestamp = trackTime(open.time, zone);
    // A waypoint without a time is a place, not a moment of a track.
    if (open.kind === 'wpt' && timestamp === undefined) return [];
    const label =
      open.kind === 'wpt'
        ? named('waypoint', open.name, counts.wpt)
        : `point ${container.points} of ${named(container.kind, container.name, container.number)}`;
    const actor = open.kind === 'wpt' ? open.name : container.name;
    if (open.noFix) return [{ line: open.line, reason: `${label} has no position fix (<fix>none</fix>)` }];
    return [
      trackItem({
        line: open.line,
        actor,
        latitude: open.latitude,
        longitude: open.longitude,
        altitude: open.altitude,
        heading: open.heading,
        timestamp,
        label,
      }),
    ];
  }
}
