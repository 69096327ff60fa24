/*
 * Altitude, ground speed and vertical speed along a map's points, for the track-telemetry series.
 * Map points keep positions and altitudes only, so the speeds are derived from neighbouring fixes
 * of the same actor (a map may interleave several tracks), over at least MIN_SPAN_MICROS so fixes
 * logged a few milliseconds apart do not read as supersonic jumps.
 */
import type { MapPointColumns } from './map-answers.ts';

export interface TrackTelemetry {
  readonly count: number;
  /** NaN where the value is unknown. */
  readonly altitudeMetres: Float64Array;
  readonly groundSpeedMetresPerSecond: Float64Array;
  readonly verticalSpeedMetresPerSecond: Float64Array;
  /** Degrees; undefined when no point of the file carries one. */
  readonly headingDegrees: Float64Array | undefined;
  readonly pitchDegrees: Float64Array | undefined;
  readonly rollDegrees: Float64Array | undefined;
}

const EARTH_RADIUS_METRES = 6_371_008.8;
const MIN_SPAN_MICROS = 900_000;
/** How far to look for a neighbour far enough away in time; bounds the work on dense logs. */
const MAX_REACH = 64;

/** Great-circle distance (haversine), metres. */
export function distanceMetres(latitudeA: number, longitudeA: number, latitudeB: number, longitudeB: number): number {
  const toRadians = Math.PI / 180;
  const dLatitude = (latitudeB - latitudeA) * toRadians;
  const dLongitude = (longitudeB - longitudeA) * toRadians;
  const a =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(latitudeA * toRadians) * Math.cos(latitudeB * toRadians) * Math.sin(dLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

function column(values: readonly (number | null)[], count: number): Float64Array | undefined {
  const out = new Float64Array(count);
  let any = false;
  for (let index = 0; index < count; index += 1) {
    const value = values[index];
    out[index] = value ?? Number.NaN;
    if (value !== null && value !== undefined) any = true;
  }
  return any ? out : undefined;
}

export function deriveTrackTelemetry(points: MapPointColumns): TrackTelemetry {
  const { count, timestamps, latitudes, longitudes, actorIndexes } = points;
  const altitudeMetres = column(points.altitudes, count) ?? new Float64Array(count).fill(Number.NaN);
  const groundSpeed = new Float64Array(count).fill(Number.NaN);
  const verticalSpeed = new Float64Array(count).fill(Number.NaN);
  // Each actor's points in time order (the columns are in time order across actors).
  const byActor = new Map<number, number[]>();
  for (let index = 0; index < count; index += 1) {
    const actor = actorIndexes[index] ?? 0;
    let list = byActor.get(actor);
    if (!list) byActor.set(actor, (list = []));
    list.push(index);
  }
  for (const list of byActor.values()) {
    for (let at = 0; at < list.length; at += 1) {
      const here = list[at]!;
      const time = timestamps[here]!;
      // Widen a centred window until it spans MIN_SPAN_MICROS (or the track ends).
      let before = at;
      let after = at;
      for (let step = 0; step < MAX_REACH; step += 1) {
        if (timestamps[list[after]!]! - timestamps[list[before]!]! >= MIN_SPAN_MICROS) break;
        const canBack = before > 0;
        const canForward = after < list.length - 1;
        if (!canBack && !canForward) break;
        if (canBack && (!canForward || time - timestamps[list[before - 1]!]! <= timestamps[list[after + 1]!]! - time))
          before -= 1;
        else after += 1;
      }
      const from = list[before]!;
      const to = list[after]!;
      const seconds = (timestamps[to]! - timestamps[from]!) / 1_000_000;
      if (seconds <= 0) continue;
      groundSpeed[here] =
        distanceMetres(latitudes[from]!, longitudes[from]!, latitudes[to]!, longitudes[to]!) / seconds;
      const rise = altitudeMetres[to]! - altitudeMetres[from]!;
      if (!Number.isNaN(rise)) verticalSpeed[here] = rise / seconds;
    }
  }
  return {
    count,
    altitudeMetres,
    groundSpeedMetresPerSecond: groundSpeed,
    verticalSpeedMetresPerSecond: verticalSpeed,
    headingDegrees: column(points.headings, count),
    pitchDegrees: column(points.pitches, count),
    rollDegrees: column(points.rolls, count),
  };
}

export type TelemetryUnitSystem = 'aviation' | 'metric';

export interface TelemetryUnits {
  readonly altitude: { readonly label: 'ft' | 'm'; readonly perMetre: number };
  readonly speed: { readonly label: 'kt' | 'm/s'; readonly perMetrePerSecond: number };
  readonly verticalSpeed: { readonly label: 'ft/min' | 'm/s'; readonly perMetrePerSecond: number };
}

export const TELEMETRY_UNITS: Readonly<Record<TelemetryUnitSystem, TelemetryUnits>> = {
  aviation: {
    altitude: { label: 'ft', perMetre: 1 / 0.3048 },
    speed: { label: 'kt', perMetrePerSecond: 3600 / 1852 },
    verticalSpeed: { label: 'ft/min', perMetrePerSecond: 60 / 0.3048 },
  },
  metric: {
    altitude: { label: 'm', perMetre: 1 },
    speed: { label: 'm/s', perMetrePerSecond: 1 },
    verticalSpeed: { label: 'm/s', perMetrePerSecond: 1 },
  },
};

/**
 * Aviation files read in ft and kt, others in metres: IGC, altitudes given in feet (FR24, G1000), or
 * a map drawn as an airplane (what detection picks for those files, and all a map's summary keeps).
 */
export function unitSystemOf(map: {
  readonly format?: string | undefined;
  readonly altitudeUnit?: string | undefined;
  readonly icon?: string | undefined;
}): TelemetryUnitSystem {
  return map.format === 'igc' || map.altitudeUnit === 'feet' || map.icon === 'airplane' ? 'aviation' : 'metric';
}
