/*
 * Memory stays flat with file size: each streaming family's sample written at two sizes (50 and
 * 200 MB by default), each parsed from disk in a child process of its own (family-memory-child.ts)
 * with no settings, and the peak growth of RSS, of the JS heap and of what is live (heap and
 * ArrayBuffers after a full GC, once a second) compared between the two sizes.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { MemoryPeaks } from './family-memory-child.ts';
import type { FamilySample } from './family-sample-values.ts';
import { writeSample } from './family-samples.ts';

export interface MemoryRow {
  readonly sample: FamilySample;
  /** Peaks at each size, in order, or why the family was not measured. */
  readonly runs: readonly { readonly mb: number; readonly peaks: MemoryPeaks }[] | string;
}

const run = promisify(execFile);
// The child sits beside this file: .js once built (npm run bench:…), which is how it is meant to run.
const CHILD = fileURLToPath(
  new URL(`./family-memory-child${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
);
const MIB = 2 ** 20;

export async function memoryRow(
  sample: FamilySample,
  sizesMb: readonly number[],
  dir: string,
  log: (line: string) => void,
): Promise<MemoryRow> {
  const runs: { mb: number; peaks: MemoryPeaks }[] = [];
  for (const mb of sizesMb) {
    const file = join(dir, `memory-${sample.fileName}`);
    try {
      await writeSample(sample, file, mb * 1e6);
      const { stdout } = await run(process.execPath, ['--expose-gc', CHILD, file, sample.fileName, sample.kind], {
        maxBuffer: 1 << 20,
      });
      const peaks = JSON.parse(stdout) as MemoryPeaks;
      if (peaks.status !== 'parsed') return { sample, runs: peaks.status };
      runs.push({ mb, peaks });
      log(
        `  ${sample.family} at ${mb} MB: peak RSS +${(peaks.rssGrowthBytes / MIB).toFixed(0)} MiB, peak heap +${(peaks.heapGrowthBytes / MIB).toFixed(0)} MiB, live +${(peaks.liveHeapGrowthBytes / MIB).toFixed(0)} MiB, ${peaks.valid} records in ${(peaks.millis / 1000).toFixed(1)} s`,
      );
    } finally {
      await rm(file, { force: true });
    }
  }
  return { sample, runs };
}

/**
 * "flat" when the largest file's live peak is within 1.5x (or 32 MiB) of the smallest's and its RSS
 * peak within 1.5x (or 64 MiB): the live samples, once a second, miss a peak inside one long
 * synchronous step (a whole document parsed at once), which RSS still shows.
 */
export function flatness(runs: MemoryRow['runs']): string {
  if (typeof runs === 'string' || runs.length < 2) return '';
  const [small, large] = [runs[0]!.peaks, runs[runs.length - 1]!.peaks];
  const within = (a: number, b: number, slackMib: number) => b <= Math.max(a * 1.5, a + slackMib * MIB);
  if (!within(small.liveHeapGrowthBytes, large.liveHeapGrowthBytes, 32))
    return `grows (live ${(large.liveHeapGrowthBytes / Math.max(small.liveHeapGrowthBytes, 1)).toFixed(1)}x)`;
  if (!within(small.rssGrowthBytes, large.rssGrowthBytes, 64))
    return `grows (RSS ${(large.rssGrowthBytes / Math.max(small.rssGrowthBytes, 1)).toFixed(1)}x)`;
  return 'flat';
}

export const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
