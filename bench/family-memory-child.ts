/*
 * Run by import-families-bench.ts as `node --expose-gc family-memory-child.js <file> <name> <kind>`:
 * parses one family file in a process of its own, sampling memory every 50 ms, and prints the peaks
 * above the starting point as JSON. A process each keeps one run's garbage out of the next's figures.
 * V8 collects lazily, so heapUsed peaks follow its heuristics; a full GC once a second gives what
 * the parser really holds, heap plus ArrayBuffers (a whole file read into bytes lives there).
 */
import { parseFamilyFile } from './family-parse.ts';

export interface MemoryPeaks {
  readonly status: string;
  readonly valid: number;
  readonly rssGrowthBytes: number;
  readonly heapGrowthBytes: number;
  /** Peak of heap and ArrayBuffers measured right after a full GC: what the parser keeps alive. */
  readonly liveHeapGrowthBytes: number;
  readonly millis: number;
}

const [filePath, fileName, kind] = process.argv.slice(2);
if (filePath === undefined || fileName === undefined || (kind !== 'events' && kind !== 'geo'))
  throw new Error('usage: family-memory-child <file> <name> events|geo');
const collect = (globalThis as { gc?: () => void }).gc;
collect?.();
const start = process.memoryUsage();
let peakRss = start.rss;
let peakHeap = start.heapUsed;
const held = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.arrayBuffers;
let peakLiveHeap = held(start);
const sample = () => {
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
};
const live = () => {
  collect?.();
  peakLiveHeap = Math.max(peakLiveHeap, held(process.memoryUsage()));
};
const timer = setInterval(sample, 50);
const liveTimer = setInterval(live, 1000);
const started = performance.now();
const outcome = await parseFamilyFile(filePath, fileName, kind);
const millis = performance.now() - started;
clearInterval(timer);
clearInterval(liveTimer);
sample();
const peaks: MemoryPeaks = {
  status: outcome.status === 'failed' ? `failed: ${outcome.error}` : outcome.status,
  valid: outcome.status === 'parsed' ? outcome.valid : 0,
  rssGrowthBytes: peakRss - start.rss,
  heapGrowthBytes: peakHeap - start.heapUsed,
  liveHeapGrowthBytes: peakLiveHeap - held(start),
  millis,
};
process.stdout.write(`${JSON.stringify(peaks)}\n`);
