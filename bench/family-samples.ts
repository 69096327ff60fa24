/*
 * Large synthetic evidence files, one per import family, written the way each format's documentation
 * says its producers write them: times increasing (from 2025-12-31 20:00 UTC, so every file crosses
 * midnight and a year end), several hosts and actors, realistic line lengths. A sample is a head, a
 * record generator and a tail, so a file of any size streams to disk without being held in memory.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { GEO_FAMILY_SAMPLES } from './geo-family-samples.ts';
import { LOG_FAMILY_SAMPLES } from './log-family-samples.ts';
import { STRUCTURED_FAMILY_SAMPLES } from './structured-family-samples.ts';
import { micros, type FamilySample } from './family-sample-values.ts';

export const FAMILY_SAMPLES: readonly FamilySample[] = [
  ...STRUCTURED_FAMILY_SAMPLES,
  ...LOG_FAMILY_SAMPLES,
  ...GEO_FAMILY_SAMPLES,
];

export interface WrittenSample {
  readonly bytes: number;
  readonly records: number;
}

/** Writes head, whole blocks until `targetBytes` is reached, then the tail. */
export async function writeSample(sample: FamilySample, filePath: string, targetBytes: number): Promise<WrittenSample> {
  const out = createWriteStream(filePath);
  let chunk = sample.head;
  let size = 0;
  let blocks = 0;
  while (size + chunk.length < targetBytes) {
    const block = sample.block(blocks);
    blocks += 1;
    chunk += block;
    if (chunk.length > 1 << 20) {
      size += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk + sample.tail);
  await once(out, 'finish');
  return { bytes: (await stat(filePath)).size, records: blocks * sample.recordsPerBlock };
}

/** The instants a correct parser finds for the first and last records of a file of `records`. */
export function expectedInstants(sample: FamilySample, records: number): { first: number; last: number } | undefined {
  const resolution = sample.resolutionMicros;
  if (resolution === undefined || records === 0) return undefined;
  const floor = (m: number) => Math.floor(m / resolution) * resolution;
  return { first: floor(micros(0)), last: floor(micros(records - 1)) };
}
