/*
 * The attitude of a track at a point (heading, pitch, roll in degrees), for turning the map symbol.
 * The file's own values win; where it has none they are derived from the neighbouring points:
 * heading as the bearing of travel, pitch as the climb angle, roll as the bank of a coordinated turn.
 */
import type { MapPointColumns } from './map-answers.ts';

export interface Attitude {
  heading: number;
  pitch: number;
  roll: number;
}

const EARTH_RADIUS_METRES = 6_371_000;
const GRAVITY = 9.81;
/** Past this a derived bank is noise (a GPS jump), not a turn an aircraft flies. */
const MAX_DERIVED_ROLL = 60;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** A measure of the leg from one position to another (degrees in, one number out). */
type LegMeasure = (fromLatitude: number, fromLongitude: number, toLatitude: number, toLongitude: number) => number;

/** Initial great-circle bearing from one position to another, 0..360 clockwise from north. */
export const bearingDegrees: LegMeasure = (fromLatitude, fromLongitude, toLatitude, toLongitude) => {
  const [phi1, phi2] = [toRadians(fromLatitude), toRadians(toLatitude)];
  const deltaLambda = toRadians(toLongitude - fromLongitude);
  const y = Math.sin(deltaLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(deltaLambda);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
};

/** Ground distance in metres (haversine). */
export const groundMetres: LegMeasure = (fromLatitude, fromLongitude, toLatitude, toLongitude) => {
  const [phi1, phi2] = [toRadians(fromLatitude), toRadians(toLatitude)];
  const a =
    Math.sin((phi2 - phi1) / 2) ** 2 +
    Math.cos(phi1) * Math.cos(phi2) * Math.sin(toRadians(toLongitude - fromLongitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
};

/** The nearest point before and after `index` that lies elsewhere (a hover repeats its position). */
function movingNeighbours(points: MapPointColumns, index: number): { before: number; after: number } {
  const at = (other: number) =>
    points.latitudes[other] === points.latitudes[index] && points.longitudes[other] === points.longitudes[index];
  let before = index - 1;
  while (before >= 0 && at(before)) before -= 1;
  let after = index + 1;
  while (after < points.count && at(after)) after += 1;
  return { before, after };
}

function derivedHeading(points: MapPointColumns, index: number): number | undefined {
  const { before, after } = movingNeighbours(points, index);
  const [from, to] = after < points.count ? [index, after] : before >= 0 ? [before, index] : [-1, -1];
  if (from < 0) return undefined;
  return bearingDegrees(
    points.latitudes[from]!,
    points.longitudes[from]!,
    points.latitudes[to]!,
    points.longitudes[to]!,
  );
}

function derivedPitch(points: MapPointColumns, index: number): number {
  const from = Math.max(0, index - 1);
  const to = Math.min(points.count - 1, index + 1);
  const [fromAltitude, toAltitude] = [points.altitudes[from], points.altitudes[to]];
  if (from === to || fromAltitude == null || toAltitude == null) return 0;
  const ground = groundMetres(
    points.latitudes[from]!,
    points.longitudes[from]!,
    points.latitudes[to]!,
    points.longitudes[to]!,
  );
  if (ground === 0 && toAltitude === fromAltitude) return 0;
  return toDegrees(Math.atan2(toAltitude - fromAltitude, ground));
}

/** Bank of a coordinated turn: tan(roll) = speed × turn rate / g, from the headings either side. */
function derivedRoll(points: MapPointColumns, index: number): number {
  const from = Math.max(0, index - 1);
  const to = Math.min(points.count - 1, index + 1);
  if (to - from < 2) return 0;
  const seconds = (points.timestamps[to]! - points.timestamps[from]!) / 1e6;
  if (seconds <= 0) return 0;
  const leg = (measure: LegMeasure, a: number, b: number) =>
    measure(points.latitudes[a]!, points.longitudes[a]!, points.latitudes[b]!, points.longitudes[b]!);
  const headingIn = leg(bearingDegrees, from, index);
  const headingOut = leg(bearingDegrees, index, to);
  const legIn = leg(groundMetres, from, index);
  const legOut = leg(groundMetres, index, to);
  if (legIn === 0 || legOut === 0) return 0;
  const turnDegrees = ((headingOut - headingIn + 540) % 360) - 180;
  const speed = (legIn + legOut) / seconds;
  const roll = toDegrees(Math.atan((speed * toRadians(turnDegrees / seconds)) / GRAVITY));
  return Math.max(-MAX_DERIVED_ROLL, Math.min(MAX_DERIVED_ROLL, roll));
}

/** Heading, pitch and roll at a point: the file's values where present, derived otherwise. */
export function trackAttitude(points: MapPointColumns, index: number): Attitude {
  const heading = points.headings[index] ?? derivedHeading(points, index) ?? 0;
  const pitch = points.pitches[index] ?? derivedPitch(points, index);
  const roll = points.rolls[index] ?? derivedRoll(points, index);
  return { heading, pitch, roll };
}
