/*
 * The flight log of the demo's survey drone as a geo CSV (one row a second), so the demo incident
 * "Roof survey drone hard landing, hall B" has a map to replay in step with its events: take-off
 * at 09:45:12, a 14-leg survey grid over the hall B roof, gusts from 09:58, the compass fault and the
 * eastward drift at 10:02:41, the pilot flying it back west by hand, the aborted return and the hard
 * landing on the roof pad at 10:05:34. The numbers are made up to match the demo's story; the shape
 * of the file is the one an analyst uploads (spec section 3's geo time series columns).
 */
import type { MapSettings } from '../../domain/geo/geo-settings.ts';
import { csvTimestamp } from './map-points-file.ts';
import { demoMicros } from './demo-incident.ts';
import { seededRandom } from './synthetic-events.ts';

// The roof pad of the (fictional) hall B; the survey grid starts 20 m north of it.
const PAD = { latitude: 52.31612, longitude: 4.76404 };
const METRES_PER_DEGREE = 111_320;
const LEGS = 14;
const LEG_METRES = 400;
const LEG_SPACING_METRES = 12;

export const DEMO_MAP_SETTINGS: MapSettings = {
  name: 'Survey drone flight (PX4 ulog)',
  colour: '#1f6fd1',
  icon: 'circle',
  defaultTimeZone: 'UTC',
  defaultDate: null,
  delimiter: 'comma',
  headerRowCount: 1,
  preambleRowCount: 0,
  identifiedColumns: {
    0: 'timestamp',
    1: 'actor',
    2: 'latitude',
    3: 'longitude',
    4: 'altitude',
    5: 'heading',
    6: 'pitch',
    7: 'roll',
  },
  numericUnit: 'seconds',
  altitudeUnit: 'metres',
};

interface Sample {
  east: number;
  north: number;
  altitude: number;
  pitch: number;
  roll: number;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const lerp = (a: number, b: number, t: number) => a + (b - a) * clamp01(t);

/** Where the survey grid has the drone `s` seconds after the mission started (boustrophedon legs). */
function gridPosition(s: number): { east: number; north: number; turning: boolean } {
  const legSeconds = 720 / LEGS;
  const leg = Math.min(LEGS - 1, Math.floor(s / legSeconds));
  const along = clamp01((s - leg * legSeconds) / (legSeconds - 4));
  const east = leg % 2 === 0 ? along * LEG_METRES : (1 - along) * LEG_METRES;
  // Each turn steps north to the next leg over its last 4 seconds.
  const north =
    20 +
    leg * LEG_SPACING_METRES +
    (along >= 1 ? clamp01((s - leg * legSeconds - (legSeconds - 4)) / 4) * LEG_SPACING_METRES : 0);
  return { east, north, turning: along >= 1 };
}

/** The drone's position and attitude `t` seconds after 09:44:50, by the phases of the demo's story. */
function sample(t: number, random: () => number): Sample {
  const gust = t > 795 ? (random() - 0.5) * 6 : (random() - 0.5) * 1.5; // 09:58:05 on: gusts
  const takeoff = 22; // 09:45:12
  const mission = 72; // 09:46:02
  const compass = 1071; // 10:02:41
  const manual = 1116; // 10:03:26
  const failsafe = 1212; // 10:05:02
  const descent = 1230; // 10:05:20
  const landed = 1244; // 10:05:34
  if (t < takeoff) return { east: 0, north: 0, altitude: 0, pitch: 0, roll: 0 };
  if (t < mission) {
    // Climb to 40 m, then fly to the grid's first corner.
    const climb = clamp01((t - takeoff) / 18);
    const transit = clamp01((t - takeoff - 18) / 32);
    return {
      east: 0,
      north: 20 * transit,
      altitude: 40 * climb,
      pitch: transit > 0 && transit < 1 ? -6 : 0,
      roll: gust,
    };
  }
  const missionSeconds = Math.min(720, t - mission);
  if (t < compass) {
    // The grid, then (its 720 s done at 09:58:02) the last legs flown again lower, drifting in the gusts.
    const grid = gridPosition(missionSeconds >= 720 ? (t - mission - 720) % 720 : missionSeconds);
    const lower = t > 838 ? 30 : 40; // 09:58:50: "bring it lower for the last legs"
    const drift = t > 795 ? 3 * Math.sin(t / 9) : 0;
    return {
      east: grid.east + drift,
      north: grid.north,
      altitude: lower + gust * 0.3,
      pitch: grid.turning ? -2 : -9,
      roll: (grid.turning ? 18 : 0) + gust,
    };
  }
  const atCompass = gridPosition((compass - mission - 720) % 720);
  const from = { east: atCompass.east, north: atCompass.north };
  if (t < manual) {
    // Position hold lost: pushed east towards the cooling towers at about 4 m/s.
    const s = t - compass;
    return {
      east: from.east + 4 * s,
      north: from.north + 0.6 * s,
      altitude: 30 - s * 0.05,
      pitch: 4 + gust,
      roll: -12 + gust * 2,
    };
  }
  const drifted = { east: from.east + 4 * (manual - compass), north: from.north + 0.6 * (manual - compass) };
  if (t < failsafe) {
    // Flown back west by hand in altitude mode, climbing to 38 m over the units.
    const s = (t - manual) / (failsafe - manual);
    return {
      east: lerp(drifted.east, drifted.east * 0.35, s),
      north: lerp(drifted.north, 40, s),
      altitude: lerp(28, 38, s),
      pitch: -10 + gust,
      roll: 8 + gust * 2,
    };
  }
  const westOfUnits = { east: drifted.east * 0.35, north: 40 };
  if (t < descent) {
    // RTL triggered and aborted: heading for the roof pad instead.
    const s = (t - failsafe) / (descent - failsafe);
    return {
      east: lerp(westOfUnits.east, 6, s),
      north: lerp(westOfUnits.north, 4, s),
      altitude: 38,
      pitch: -14 + gust,
      roll: gust * 2,
    };
  }
  if (t < landed) {
    // Descending at 2.8 m/s in a 13.6 m/s gust: too fast.
    const s = (t - descent) / (landed - descent);
    return { east: lerp(6, 1.5, s), north: lerp(4, 1, s), altitude: lerp(38, 0, s), pitch: gust, roll: gust * 3 };
  }
  // On the pad, tipped onto the cracked arm.
  return { east: 1.5, north: 1, altitude: 0, pitch: t < landed + 2 ? 22 : 9, roll: t < landed + 2 ? -31 : -14 };
}

/** The demo drone's flight log for `date` as geo CSV text: 09:44:50 to 10:06:10 UTC, one row a second. */
export function droneFlightCsv(date: string): string {
  const start = demoMicros(date, '09:44:50');
  const seconds = 1280; // to 10:06:10, "Vehicle disarmed"
  const random = seededRandom(0xd407e);
  const lines = ['timestamp,actor,latitude,longitude,altitude,heading,pitch,roll'];
  let previous = sample(0, random);
  let heading = 0;
  const cosLatitude = Math.cos((PAD.latitude * Math.PI) / 180);
  for (let t = 0; t <= seconds; t += 1) {
    const at = sample(t, random);
    const dEast = at.east - previous.east;
    const dNorth = at.north - previous.north;
    // Heading follows the track while moving; the yaw reset at 10:03:29 jumps it by 38 degrees.
    if (Math.hypot(dEast, dNorth) > 0.3) heading = ((Math.atan2(dEast, dNorth) * 180) / Math.PI + 360) % 360;
    const shown = t >= 1119 && t < 1125 ? (heading + 38) % 360 : heading;
    const latitude = PAD.latitude + at.north / METRES_PER_DEGREE;
    const longitude = PAD.longitude + at.east / (METRES_PER_DEGREE * cosLatitude);
    lines.push(
      `${csvTimestamp(start + t * 1_000_000)},px4-autopilot,${latitude.toFixed(6)},${longitude.toFixed(6)},${at.altitude.toFixed(1)},${shown.toFixed(1)},${at.pitch.toFixed(1)},${at.roll.toFixed(1)}`,
    );
    previous = at;
  }
  return `${lines.join('\n')}\n`;
}
