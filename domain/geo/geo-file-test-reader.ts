/*
 * Test support for the geo parsers: a file detected with no settings (its first 64 KiB, as the
 * server and the worker do) and read whole, its points and invalid rows collected.
 */
import { detectGeoBytes } from './detect-geo-file.ts';
import type { GeoDetection } from './detect-geo-settings.ts';
import type { GeoPoint, InvalidGeoItem } from './geo-point.ts';
import type { MapSettings } from './geo-settings.ts';
import { parseGeoFile } from './parse-geo-file.ts';

const DETECT_BYTES = 64 * 1024;

export function detectBytes(bytes: Uint8Array, fileName: string): GeoDetection {
  const detection = detectGeoBytes(bytes.subarray(0, DETECT_BYTES), bytes.length <= DETECT_BYTES, fileName);
  if (typeof detection === 'string') throw new Error(detection);
  return detection;
}

export async function readAll(bytes: Uint8Array, settings: MapSettings) {
  const points: GeoPoint[] = [];
  const invalid: InvalidGeoItem[] = [];
  // Small chunks, so tags, sentences and lines that straddle chunks are exercised.
  const chunks = async function* () {
    for (let at = 0; at < bytes.length; at += 4093) yield bytes.subarray(at, at + 4093);
  };
  for await (const batch of parseGeoFile(chunks(), settings)) {
    points.push(...batch.points);
    invalid.push(...batch.invalid);
  }
  const times = points.map((point) => point.timestamp);
  const iso = (micros: number) => new Date(micros / 1000).toISOString();
  return {
    points,
    invalid,
    first: times.length === 0 ? undefined : iso(Math.min(...times)),
    last: times.length === 0 ? undefined : iso(Math.max(...times)),
  };
}

export async function detectAndRead(bytes: Uint8Array, fileName: string) {
  const detection = detectBytes(bytes, fileName);
  return { detection, ...(await readAll(bytes, detection.settings)) };
}

export const encode = (text: string) => new TextEncoder().encode(text);
