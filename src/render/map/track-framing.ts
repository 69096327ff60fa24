/*
 * Where the camera goes to show tracks: looking obliquely (so altitude reads against the ground)
 * across the tracks' main direction (the principal axis of their ground positions, pointed from the
 * first point to the last), so they run left to right and their curtains face the camera; looking
 * along it showed each curtain edge-on, as a line. Far enough back that every point fits in view.
 * Pure numbers, no Cesium: globe-scene.ts turns the answer into a HeadingPitchRange.
 */

export interface FramedTrack {
  count: number;
  latitudes: readonly number[];
  longitudes: readonly number[];
  altitudes: readonly (number | null)[];
}

interface TrackFraming {
  /** The point looked at: the middle of the tracks' extent. */
  longitude: number;
  latitude: number;
  heightMetres: number;
  /** Degrees clockwise from north: the tracks' main direction, first point to last. */
  directionDegrees: number;
  /** Degrees clockwise from north, the way the camera faces: 90° left of the direction. */
  headingDegrees: number;
  /** Degrees, negative: below the horizon. */
  pitchDegrees: number;
  rangeMetres: number;
}

export const FRAMING_PITCH_DEGREES = -40;
const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;
/** Cesium's default field of view (60°), over the smaller side of a wide canvas. */
const HALF_FOV_RADIANS = Math.PI / 6;
const MARGIN = 1.15;
const MIN_RADIUS_METRES = 150;
const SAMPLES_PER_TRACK = 5000;

/** The oblique view of the tracks, or undefined when none has a point. */
export function frameTracks(tracks: readonly FramedTrack[]): TrackFraming | undefined {
  const withPoints = tracks.filter((track) => track.count > 0);
  const first = withPoints[0];
  if (!first) return undefined;
  // Longitudes unwrapped around the first point, so a track over the antimeridian stays whole.
  const origin = first.longitudes[0]!;
  const unwrap = (longitude: number) => origin + ((((longitude - origin) % 360) + 540) % 360) - 180;
  const samples: { x: number; y: number; z: number }[] = [];
  let [west, east, south, north, low, high] = [Infinity, -Infinity, Infinity, -Infinity, Infinity, -Infinity];
  for (const track of withPoints) {
    const stride = Math.max(1, Math.floor(track.count / SAMPLES_PER_TRACK));
    for (let index = 0; index < track.count; index += stride) {
      const longitude = unwrap(track.longitudes[index]!);
      const latitude = track.latitudes[index]!;
      const altitude = track.altitudes[index] ?? 0;
      [west, east, south, north] = [
        Math.min(west, longitude),
        Math.max(east, longitude),
        Math.min(south, latitude),
        Math.max(north, latitude),
      ];
      [low, high] = [Math.min(low, altitude), Math.max(high, altitude)];
      samples.push({ x: longitude, y: latitude, z: altitude });
    }
  }
  const longitude = (west + east) / 2;
  const latitude = (south + north) / 2;
  const heightMetres = (low + high) / 2;
  // Local metres east (x) and north (y) of the centre.
  const cosLatitude = Math.cos((latitude * Math.PI) / 180);
  const local = samples.map((s) => ({
    x: (s.x - longitude) * METRES_PER_DEGREE * cosLatitude,
    y: (s.y - latitude) * METRES_PER_DEGREE,
    z: s.z - heightMetres,
  }));
  let [sxx, syy, sxy] = [0, 0, 0];
  for (const p of local) [sxx, syy, sxy] = [sxx + p.x * p.x, syy + p.y * p.y, sxy + p.x * p.y];
  const axis = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  let [dx, dy] = [Math.cos(axis), Math.sin(axis)];
  const start = local[0]!;
  const end = local[local.length - 1]!;
  if ((end.x - start.x) * dx + (end.y - start.y) * dy < 0) [dx, dy] = [-dx, -dy];
  const spread = sxx + syy;
  const directionDegrees = spread === 0 ? 90 : ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
  const headingDegrees = (directionDegrees + 270) % 360;
  const radius = Math.max(MIN_RADIUS_METRES, ...local.map((p) => Math.hypot(p.x, p.y, p.z)));
  return {
    longitude: normalLongitude(longitude),
    latitude,
    heightMetres,
    directionDegrees,
    headingDegrees,
    pitchDegrees: FRAMING_PITCH_DEGREES,
    rangeMetres: (radius / Math.sin(HALF_FOV_RADIANS)) * MARGIN,
  };
}

const normalLongitude = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;
