/*
 * npm run bench:page-import [-- --rows 1000000]: a large TSV (about 100 bytes a row, 1,000,000 rows
 * ≈ 100 MB) brought in through the create-stream page in headless Chromium, end to end: the worker's
 * preview, the streamed upload with its progress, the server's import. What a user feels is whether
 * the tab freezes, so the figures are the main thread's longest task and longest gap between animation
 * frames while all that runs, beside the same file parsed on the main thread with PapaParse (what a
 * page without a worker would do), as a ratio. Its section of bench/RESULTS.md is replaced (or added).
 * The server is the built one (build/server/server.js) on PGlite, or on PostgreSQL when
 * BENCH_DATABASE_URL is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchChromium } from './bench-browser.ts';
import { benchAnalystIncident, startBenchServer } from './bench-server.ts';
import { readStallWatch, resetStallWatch, STALL_WATCH, type Stalls } from './stall-watch.ts';
import { duration, ms, secs, table, thousands, versus } from './measure.ts';
import { resultsSection, runSectionBench } from './results-file.ts';
import { writeLineFile } from './write-line-file.ts';

const SECTION = resultsSection('page-import-bench', 'npm run bench:page-import');
const PASSWORD = 'page-import-bench-password';
const ACTORS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'oscar'];
const VERBS = ['GET', 'POST', 'PUT', 'DELETE'];

/** Rows like a web proxy log: ISO time with microseconds, actor, message, status; ≈100 bytes each. */
function writeTsv(path: string, rows: number): Promise<number> {
  const start = Date.UTC(2026, 2, 14, 9, 0, 0) * 1000;
  return writeLineFile(
    path,
    rows,
    (row) => {
      const micros = start + row * 3_600_017;
      const iso = new Date(Math.floor(micros / 1000))
        .toISOString()
        .replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`);
      const actor = ACTORS[row % ACTORS.length]!;
      return `${iso}\t${actor}\t${VERBS[row % 4]} /api/v1/items/${(row * 7919) % 1_000_003} from 10.0.${row % 250}.${(row * 13) % 250} ok\t${row % 17 === 0 ? 500 : 200}\tMozilla/5.0 (X11)`;
    },
    { head: 'time\tactor\tmessage\tstatus\tagent' },
  );
}

/** The baseline, on the page: the chosen File read whole and parsed by PapaParse on the main thread. */
const MAIN_THREAD_PARSE = `(async () => {
  const chosen = document.querySelector('input[type=file]')?.files?.[0];
  if (!chosen) throw new Error('the file input holds no file');
  const text = await chosen.text();
  const started = performance.now();
  const parsed = Papa.parse(text, { delimiter: '\\t', header: true, skipEmptyLines: true });
  const millis = performance.now() - started;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return { millis, rows: parsed.data.length };
})()`;

/** Chromium reports only tasks of 50 ms or more (the Long Tasks API), so 0 means none that long. */
const longTask = (millis: number) => (millis === 0 ? 'none of 50 ms or more' : `${ms(millis)} ms`);

interface Result {
  rows: number;
  bytes: number;
  previewMillis: number;
  importMillis: number;
  imported: number;
  progressSamples: number;
  indeterminateSamples: number;
  ours: Stalls;
  baselineParseMillis: number;
  baselineRows: number;
  baseline: Stalls;
  browser: string;
}

async function run(rows: number, log: (line: string) => void): Promise<Result> {
  const work = await mkdtemp(join(tmpdir(), 'churchkey-page-import-'));
  const file = join(work, 'proxy-log.tsv');
  const server = { stop: async () => {} };
  const browser = await launchBenchChromium();
  try {
    const bytes = await writeTsv(file, rows);
    log(`  ${thousands(rows)} rows, ${(bytes / 1e6).toFixed(1)} MB written`);
    const running = await startBenchServer({
      dataDir: join(work, 'data'),
      adminPassword: PASSWORD,
      databaseUrl: process.env.BENCH_DATABASE_URL,
    });
    server.stop = running.stop;
    // bypassCSP only so the baseline's PapaParse can be put on the page; the app itself runs as served.
    const context = await browser.newContext({ baseURL: running.baseURL, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(0);
    await page.addInitScript({ content: STALL_WATCH });
    const login = await page.request.post('/auth/login', { data: { username: 'admin', password: PASSWORD } });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const incidentID = await benchAnalystIncident(page);
    await page.goto(`/incident/${incidentID}/create-stream`);
    await page.getByRole('button', { name: 'Bench Analyst', exact: true }).click();
    await page.getByRole('heading', { name: 'Create a stream from evidence' }).waitFor();

    await resetStallWatch(page);
    const previewStarted = performance.now();
    await page.getByLabel('Evidence file').setInputFiles(file);
    await page.locator('[data-summary="valid"]').filter({ hasText: /\d/ }).waitFor();
    await page.getByRole('progressbar').first().waitFor({ state: 'hidden' });
    const previewMillis = performance.now() - previewStarted;
    log(`  preview in the worker: ${secs(previewMillis)} s`);

    const importStarted = performance.now();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    let progressSamples = 0;
    let indeterminateSamples = 0;
    const result = page.locator('[data-result="imported"]');
    while (!(await result.isVisible())) {
      // Samples every 0.5 s: the bar with a value (bytes sent), or indeterminate (the server at work).
      const bar = page.getByRole('progressbar').first();
      if (await bar.isVisible().catch(() => false)) {
        if ((await bar.getAttribute('aria-valuenow').catch(() => null)) !== null) progressSamples += 1;
        else indeterminateSamples += 1;
      }
      await page.waitForTimeout(500);
    }
    const importMillis = performance.now() - importStarted;
    const imported = Number((await result.textContent())?.replace(/\D/g, ''));
    const ours = await readStallWatch(page);
    log(
      `  upload and server import: ${secs(importMillis)} s, ${thousands(imported)} events; longest task ${longTask(ours.longestTask)}, longest frame gap ${ms(ours.longestFrameGap)} ms`,
    );

    // The baseline: the same File parsed on the main thread by PapaParse, as a page without a worker would.
    const require = createRequire(import.meta.url);
    await page.addScriptTag({ path: require.resolve('papaparse/papaparse.min.js') });
    await resetStallWatch(page);
    const baselineRun = await page.evaluate<{ millis: number; rows: number }>(MAIN_THREAD_PARSE);
    const baseline = await readStallWatch(page);
    log(
      `  PapaParse on the main thread: ${secs(baselineRun.millis)} s for ${thousands(baselineRun.rows)} rows; longest task ${longTask(baseline.longestTask)}, longest frame gap ${ms(baseline.longestFrameGap)} ms`,
    );
    return {
      rows,
      bytes,
      previewMillis,
      importMillis,
      imported,
      progressSamples,
      indeterminateSamples,
      ours,
      baselineParseMillis: baselineRun.millis,
      baselineRows: baselineRun.rows,
      baseline,
      browser: browser.version(),
    };
  } finally {
    await browser.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

const { values } = parseArgs({ options: { rows: { type: 'string' } }, strict: true });
const rows = Number(values.rows ?? 1_000_000);
if (!Number.isSafeInteger(rows) || rows <= 0) throw new Error('--rows takes a whole number');
const store = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
await runSectionBench(
  SECTION,
  async (log) => {
    log(`page import (headless Chromium, ${store}):`);
    const r = await run(rows, log);
    const mb = r.bytes / 1e6;
    return [
      SECTION.start,
      '## A large TSV through the create-stream page',
      '',
      `A generated ${thousands(r.rows)}-row, ${mb.toFixed(1)} MB web-proxy TSV chosen in the create-stream page of the built app in headless Chromium (${r.browser}), ` +
        `previewed by the Comlink worker, uploaded by the page's streamed XHR with its progress bar, imported by the server on ${store}. ` +
        'A frozen tab is what a user would notice, so the main thread is watched throughout (PerformanceObserver long tasks, and the longest gap between animation frames). ' +
        'The reference is the same file parsed by PapaParse on the main thread, as a page without a worker would; ratio: its longest stall over ours.',
      '',
      table(
        ['', 'create-stream page (worker + streamed upload)', 'PapaParse on the main thread', 'ratio'],
        [
          [
            'work',
            `preview ${duration(r.previewMillis)}, upload and import ${duration(r.importMillis)} (${thousands(r.imported)} events)`,
            `parse ${duration(r.baselineParseMillis)} (${thousands(r.baselineRows)} rows)`,
            '',
          ],
          [
            'longest main-thread task',
            longTask(r.ours.longestTask),
            longTask(r.baseline.longestTask),
            // None reported means every task was under 50 ms: the ratio is then a floor.
            `${r.ours.longestTask === 0 ? 'at least ' : ''}${versus(r.ours.longestTask || 50, r.baseline.longestTask)}`,
          ],
          [
            'longest gap between frames',
            `${ms(r.ours.longestFrameGap)} ms`,
            `${ms(r.baseline.longestFrameGap)} ms`,
            versus(r.ours.longestFrameGap, r.baseline.longestFrameGap),
          ],
          [
            'peak JS heap of the page',
            `${(r.ours.peakHeap / 2 ** 20).toFixed(0)} MiB`,
            `${(r.baseline.peakHeap / 2 ** 20).toFixed(0)} MiB`,
            '',
          ],
          [
            'throughput',
            `${thousands(r.rows / ((r.previewMillis + r.importMillis) / 1000))} rows/s end to end`,
            `${thousands(r.baselineRows / (r.baselineParseMillis / 1000))} rows/s (parse only)`,
            '',
          ],
        ],
      ),
      '',
      `Sampled every 0.5 s during the upload and import, the progress bar showed the bytes sent ${r.progressSamples} times and was indeterminate (the server importing) ${r.indeterminateSamples} times.`,
    ].join('\n');
  },
  { keepLog: true, write: true },
);
