/*
 * One CZML position sample made a point: its time (seconds after the position's epoch, or an ISO
 * time of its own) and its coordinates in the property's documented kind (cartographic degrees or
 * radians, or Earth-fixed cartesian metres made WGS84 latitude, longitude and height).
 */
import type { ZoneId } from '@js-joda/core';
import { readTrackTime, trackItem, type GeoItem } from './track-fix.ts';

export const CZML_POSITION_KINDS = [
  'cartographicDegrees',
  'cartographicRadians',
  'cartesian',
  'cartesianVelocity',
] as const;
export type CzmlPositionKind = (typeof CZML_POSITION_KINDS)[number];

/** Values per time-tagged sample: the time, three coordinates, and three velocities for cartesianVelocity. */
export const sampleStride = (kind: CzmlPositionKind) => (kind === 'cartesianVelocity' ? 7 : 4);

/** What a position property said about its samples; epoch undefined until read (or never given). */
export interface CzmlPositionContext {
  readonly kind: CzmlPositionKind;
  /** Microseconds, or the text when it is not a time. */
  readonly epoch: number | string | undefined;
  /** CZML's default frame is FIXED; INERTIAL needs Earth's orientation at each instant. */
  readonly inertial: boolean;
  readonly actor: string;
  readonly label: string;
  readonly line: number;
}

// WGS84, as Cesium's Ellipsoid.WGS84.
const A = 6_378_137;
const F = 1 / 298.257223563;
const E2 = F * (2 - F);
const B = A * (1 - F);
const EP2 = (A * A - B * B) / (B * B);

/** Earth-centred, Earth-fixed metres as WGS84 degrees and height (Bowring's formula, sub-millimetre near Earth). */
export function ecefToGeodetic(x: number, y: number, z: number): [latitude: number, longitude: number, height: number] {
  const p = Math.hypot(x, y);
  const theta = Math.atan2(z * A, p * B);
  const latitude = Math.atan2(z + EP2 * B * Math.sin(theta) ** 3, p - E2 * A * Math.cos(theta) ** 3);
  const n = A / Math.sqrt(1 - E2 * Math.sin(latitude) ** 2);
  // Near the poles p/cos is unstable; the distance along the axis gives the height there.
  const height = Math.abs(Math.cos(latitude)) > 1e-6 ? p / Math.cos(latitude) - n : Math.abs(z) - B;
  return [(latitude * 180) / Math.PI, (Math.atan2(y, x) * 180) / Math.PI, height];
}

function sampleTime(time: number | string | undefined, context: CzmlPositionContext, zone: ZoneId) {
  if (typeof time === 'string') return readTrackTime(time, zone) ?? time;
  if (time === undefined) return undefined;
  if (typeof context.epoch === 'number') return Math.round(context.epoch + time * 1_000_000);
  return undefined;
}

/** A sample [time, a, b, c, …] (or a fixed [a, b, c] with the time given apart) as a point or the reason it is none. */
export function czmlSampleItem(
  time: number | string | undefined,
  coordinates: readonly (number | string)[],
  context: CzmlPositionContext,
  zone: ZoneId,
): GeoItem {
  const { line, label } = context;
  const coordinate = (index: number) => {
    const value = coordinates[index];
    return value === undefined ? undefined : typeof value === 'number' ? value : Number.NaN;
  };
  const [a, b, c] = [coordinate(0), coordinate(1), coordinate(2)];
  if (typeof time === 'number' && context.epoch === undefined)
    return { line, reason: `${label}: its time is ${time} seconds after an epoch its position does not give` };
  if (typeof time === 'number' && typeof context.epoch === 'string')
    return { line, reason: `${label}: its position's epoch '${context.epoch}' is not a date and time` };
  if (context.inertial && context.kind.startsWith('cartesian'))
    return {
      line,
      reason: `${label} is in CZML's INERTIAL frame (ICRF), which needs Earth's orientation at each instant; only FIXED (Earth-fixed) positions are read`,
    };
  const timestamp = sampleTime(time, context, zone);
  const fix = (latitude: number, longitude: number, altitude: number | null) =>
    trackItem({ line, actor: context.actor, latitude, longitude, altitude, heading: null, timestamp, label });
  if (context.kind === 'cartographicDegrees') return fix(b ?? Number.NaN, a ?? Number.NaN, c ?? null);
  if (context.kind === 'cartographicRadians')
    return fix(((b ?? Number.NaN) * 180) / Math.PI, ((a ?? Number.NaN) * 180) / Math.PI, c ?? null);
  if (a === undefined || b === undefined || c === undefined || !(Math.hypot(a, b, c) > 0))
    return { line, reason: `${label} has no readable cartesian position` };
  const [latitude, longitude, height] = ecefToGeodetic(a, b, c);
  return fix(latitude, longitude, height);
}
