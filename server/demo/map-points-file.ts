/*
 * Synthetic map points as a geo CSV, the file an analyst uploads to make a map: the spec's geo time
 * series columns (timestamp, actor, latitude, longitude, altitude, heading, pitch, roll). Maps are
 * not stored yet (issue 9), so the generator writes the file for a later upload instead.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { seededRandom } from './synthetic-events.ts';

const TRACKS = [
  'survey-drone-1',
  'survey-drone-2',
  'survey-drone-3',
  'inspection-drone',
  'news-helicopter',
  'medevac-helicopter',
];
// Around an airfield (Amsterdam Schiphol's general aviation area); any place would do.
const BASE = { latitude: 52.3105, longitude: 4.7683 };
const METRES_PER_DEGREE = 111_320;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** YYYY-MM-DD HH:mm:ss.ffffff, UTC: the spec's date format with six fraction digits. */
export function csvTimestamp(micros: number): string {
  const date = new Date(Math.floor(micros / 1000));
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(micros % 1_000_000, 6)}`
  );
}

/** Writes `points` points on six tracks (orbits with drift and climbs) between start and end; resolves with the byte count. */
export async function writeMapPointsFile(
  path: string,
  options: {
    points: number;
    startMicros: number;
    endMicros: number;
    seed: number;
    onProgress?: (written: number) => void;
  },
): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  const random = seededRandom(options.seed ^ 0x5eed);
  const tracks = TRACKS.map((name, index) => ({
    name,
    radiusMetres: 300 + random() * 2500,
    periodSeconds: 120 + random() * 600,
    driftMetresPerSecond: { north: (random() - 0.5) * 4, east: (random() - 0.5) * 4 },
    cruiseMetres: index < 4 ? 40 + random() * 80 : 300 + random() * 600,
    phase: random() * 2 * Math.PI,
  }));
  const span = options.endMicros - options.startMicros;
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  await write('timestamp,actor,latitude,longitude,altitude,heading,pitch,roll\n');
  const CHUNK = 10_000;
  let lines: string[] = [];
  for (let i = 0; i < options.points; i += 1) {
    const track = tracks[i % tracks.length]!;
    const micros = options.startMicros + Math.floor((i / Math.max(1, options.points)) * span);
    const seconds = (micros - options.startMicros) / 1e6;
    const angle = track.phase + (2 * Math.PI * seconds) / track.periodSeconds;
    const north = track.radiusMetres * Math.sin(angle) + track.driftMetresPerSecond.north * seconds;
    const east = track.radiusMetres * Math.cos(angle) + track.driftMetresPerSecond.east * seconds;
    const latitude = BASE.latitude + north / METRES_PER_DEGREE;
    const longitude = BASE.longitude + east / (METRES_PER_DEGREE * Math.cos((BASE.latitude * Math.PI) / 180));
    // Climb over the first minutes, then cruise with a slow wave and some noise.
    const altitude = Math.max(
      0,
      track.cruiseMetres * Math.min(1, seconds / 300) + 10 * Math.sin(seconds / 47) + (random() - 0.5) * 2,
    );
    // Flying the orbit: heading is the tangent, roll the bank of the turn, pitch follows the climb.
    const heading = ((((-angle * 180) / Math.PI) % 360) + 360) % 360;
    const omega = (2 * Math.PI) / track.periodSeconds;
    const roll = (Math.atan((track.radiusMetres * omega * omega) / 9.81) * 180) / Math.PI;
    const pitch = seconds < 300 ? 8 : (random() - 0.5) * 3;
    lines.push(
      `${csvTimestamp(micros)},${track.name},${latitude.toFixed(6)},${longitude.toFixed(6)},${altitude.toFixed(1)},${heading.toFixed(1)},${pitch.toFixed(1)},${roll.toFixed(1)}`,
    );
    if (lines.length === CHUNK) {
      await write(`${lines.join('\n')}\n`);
      lines = [];
      options.onProgress?.(i + 1);
    }
  }
  if (lines.length) await write(`${lines.join('\n')}\n`);
  options.onProgress?.(options.points);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return bytes;
}
