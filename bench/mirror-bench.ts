/*
 * The offline mirror in headless Chromium: loading events through the sync's write path
 * (src/data/mirror putEventPage, Dexie, one transaction per 10,000-row page) beside plain
 * IndexedDB puts of the same rows into a store with the same indexes, and Dexie's bare bulkPut;
 * then one hour of events read through the [incidentID+startTimestamp] index, beside a plain
 * IndexedDB getAll on the same index. The page code is bench/pages/mirror-bench-page.ts,
 * bundled here with Vite. Call runMirrorBench() from bench/run.ts; it returns a Markdown section.
 */
import { bundleScriptPage, launchBenchChromium, serveScriptPage } from './bench-browser.ts';
import { resultsSection } from './results-file.ts';
import { median, ms, secs, table, thousands, versus } from './measure.ts';

export const MIRROR_SECTION = resultsSection('mirror-bench', 'npm run bench:mirror');
const ORIGIN = 'http://mirror-bench.localhost';
const READ_RUNS = 5;

interface Whole {
  mirrorMillis: number[];
  rawMillis: number[];
  rows: number;
  writeMillis: number;
}
const WHOLE_RUNS = 3;

interface Load {
  seconds: number;
  rows: number;
}

/** What mirror-bench-page.ts puts on the page's window (this file has no DOM types; evaluated functions are sent as source, so spelled out in each). */
interface BenchPage {
  mirrorBench: {
    loadMirror(rows: number): Promise<Load>;
    loadChunks(rows: number): Promise<Load>;
    readChunksWhole(runs: number): Promise<number[]>;
    loadDexieBulkPut(rows: number): Promise<Load>;
    loadRaw(rows: number): Promise<Load>;
    readHour(rows: number, runs: number): Promise<{ mirrorMillis: number[]; rawMillis: number[]; rows: number }>;
    readWhole(rows: number, runs: number): Promise<Whole>;
  };
}

export async function runMirrorBench(options: {
  rows: number;
  log: (line: string) => void;
  dexieBulkPutRows?: number;
}): Promise<string> {
  const { rows, log } = options;
  const bulkPutRows = Math.min(options.dexieBulkPutRows ?? rows, rows);
  log(`\nmirror (headless Chromium, ${thousands(rows)} events):`);
  const script = await bundleScriptPage('mirror-bench-page', 'MirrorBenchPage');
  const browser = await launchBenchChromium();
  try {
    const page = await browser.newPage();
    await serveScriptPage(page, ORIGIN, script, '<!doctype html><script src="/page.js"></script>');
    await page.goto(`${ORIGIN}/`);
    const version = browser.version();
    page.setDefaultTimeout(0);

    // First, and its database deleted after: the page's storage then holds only the two large loads.
    const bulkPut: Load = await page.evaluate(
      (n) => (globalThis as unknown as BenchPage).mirrorBench.loadDexieBulkPut(n),
      bulkPutRows,
    );
    log(
      `  Dexie bulkPut alone ${thousands(bulkPut.rows)} rows in ${secs(bulkPut.seconds * 1000)} s: ${thousands(bulkPut.rows / bulkPut.seconds)} rows/s`,
    );
    const mirror = await page.evaluate((n) => (globalThis as unknown as BenchPage).mirrorBench.loadMirror(n), rows);
    log(
      `  mirror (putEventPage) ${thousands(mirror.rows)} rows in ${secs(mirror.seconds * 1000)} s: ${thousands(mirror.rows / mirror.seconds)} rows/s`,
    );
    const chunks = await page.evaluate((n) => (globalThis as unknown as BenchPage).mirrorBench.loadChunks(n), rows);
    log(
      `  mirror as columnar chunks (putEventChunk) ${thousands(chunks.rows)} rows in ${secs(chunks.seconds * 1000)} s: ${thousands(chunks.rows / chunks.seconds)} rows/s`,
    );
    const chunksWhole = await page.evaluate(
      (runs) => (globalThis as unknown as BenchPage).mirrorBench.readChunksWhole(runs),
      WHOLE_RUNS,
    );
    log(`  every event from the columnar chunks: ${ms(median(chunksWhole))} ms (median of ${WHOLE_RUNS})`);
    const raw = await page.evaluate((n) => (globalThis as unknown as BenchPage).mirrorBench.loadRaw(n), rows);
    log(
      `  plain IndexedDB put ${thousands(raw.rows)} rows in ${secs(raw.seconds * 1000)} s: ${thousands(raw.rows / raw.seconds)} rows/s`,
    );
    const read = await page.evaluate(
      ([n, runs]) => (globalThis as unknown as BenchPage).mirrorBench.readHour(n, runs),
      [rows, READ_RUNS] as const,
    );
    log(
      `  one hour (${thousands(read.rows)} events): mirror ${ms(median(read.mirrorMillis))} ms, plain IndexedDB ${ms(median(read.rawMillis))} ms (median of ${READ_RUNS})`,
    );
    // Last: the page then holds a million rows several times over.
    const whole = await page.evaluate(
      ([n, runs]) => (globalThis as unknown as BenchPage).mirrorBench.readWhole(n, runs),
      [rows, WHOLE_RUNS] as const,
    );
    log(
      `  every event (${thousands(whole.rows)}): mirror snapshot ${ms(median(whole.mirrorMillis))} ms, plain IndexedDB getAll ${ms(median(whole.rawMillis))} ms (median of ${WHOLE_RUNS}); snapshot written in ${ms(whole.writeMillis)} ms`,
    );
    return section({ rows, version, mirror, chunks, chunksWhole, raw, bulkPut, read, whole });
  } finally {
    await browser.close();
  }
}

function section(r: {
  rows: number;
  version: string;
  mirror: Load;
  chunks: Load;
  chunksWhole: number[];
  raw: Load;
  bulkPut: Load;
  read: { mirrorMillis: number[]; rawMillis: number[]; rows: number };
  whole: Whole;
}): string {
  const rate = (load: Load) => load.rows / load.seconds;
  /** Time per row against the reference's: "1.1x faster" or "1.3x slower". */
  const perRow = (load: Load) => versus(load.seconds / load.rows, r.raw.seconds / r.raw.rows);
  /** A write path's row; the reference's says '-' where the others say how they compare to it. */
  const writeRow = (label: string, load: Load, reference = false) => [
    label,
    thousands(load.rows),
    `${secs(load.seconds * 1000)} s`,
    thousands(rate(load)),
    reference ? '-' : perRow(load),
  ];
  /** A read's row: its median against the reference's median, or '-' for the reference itself. */
  const readRow = (label: string, rows: number, millis: number[], referenceMillis?: number[]) => [
    label,
    thousands(rows),
    `${ms(median(millis))} ms`,
    referenceMillis === undefined ? '-' : versus(median(millis), median(referenceMillis)),
  ];
  return [
    MIRROR_SECTION.start,
    '## The offline mirror in the browser',
    '',
    `Headless Chromium ${r.version}. Synthetic events (about 150 bytes each, one incident, ids in time order) loaded into a fresh database, ` +
      "10,000 rows per transaction. A large incident's sync now writes each page as one columnar chunk (`putEventChunk` in src/data/mirror/event-chunks.ts: the page's columns as the columnar wire brings them, made here from the same rows, in one record with the progress row). The row mirror is the sync's own write path for small incidents (`putEventPage` in src/data/mirror: Dexie `bulkPut`, the scan that deletes " +
      'rows the server no longer has, and the progress row); the reference is plain IndexedDB `put` of the same rows into a store with the same primary key and ' +
      "three compound indexes. Dexie's bare `bulkPut` runs first, its database deleted after (`npm run bench` gives it fewer rows, to keep the run short). One run each, on 2 cores shared with " +
      'other work: single runs vary by about a third.',
    '',
    table(
      ['path', 'rows', 'time', 'rows/s', 'vs plain IndexedDB'],
      [
        writeRow('mirror as columnar chunks (putEventChunk, what the sync of a large incident writes)', r.chunks),
        writeRow('mirror rows (putEventPage, small incidents)', r.mirror),
        writeRow('plain IndexedDB put (reference)', r.raw, true),
        writeRow('Dexie bulkPut alone', r.bulkPut),
      ],
    ),
    '',
    `Reading one hour (${thousands(r.read.rows)} events) from the middle of the ${thousands(r.rows)}: \`readIncidentEvents\` (what \`useIncidentEvents\` runs) ` +
      `against plain IndexedDB \`getAll\` on the same compound index; median of ${READ_RUNS} runs.`,
    '',
    table(
      ['read', 'events', 'median', 'vs plain IndexedDB'],
      [
        readRow('mirror (Dexie, [incidentID+startTimestamp])', r.read.rows, r.read.mirrorMillis, r.read.rawMillis),
        readRow('plain IndexedDB getAll (reference)', r.read.rows, r.read.rawMillis),
      ],
    ),
    '',
    `Reading every event, as the incident page does: \`readIncidentEvents\` with no window reads the snapshot a complete sync writes (the events as one row of columns, ` +
      `src/data/mirror/event-snapshot.ts; writing it took ${ms(r.whole.writeMillis)} ms) and turns it back into rows; the reference is plain IndexedDB \`getAll\` of every row ` +
      `on the compound index. Median of ${WHOLE_RUNS} runs, each until the rows are objects in memory.`,
    '',
    table(
      ['read', 'events', 'median', 'vs plain IndexedDB'],
      [
        readRow('mirror (columnar chunks)', r.chunks.rows, r.chunksWhole, r.whole.rawMillis),
        readRow(
          'mirror (snapshot of columns, before the chunks)',
          r.whole.rows,
          r.whole.mirrorMillis,
          r.whole.rawMillis,
        ),
        readRow('plain IndexedDB getAll (reference)', r.whole.rows, r.whole.rawMillis),
      ],
    ),
    MIRROR_SECTION.end,
  ].join('\n');
}
