/*
 * npm run bench:swimlane-app [-- --events 1000000] [--no-write]: the generated incident (npm run generate)
 * opened in the built app in headless Chromium with software WebGL, as an analyst would: the
 * swimlane picture from a fresh browser profile (the sync of every event into the device's
 * mirror, then the first frame of them all), pan and zoom frames on the real page, and the incident
 * opened again (its events already on the device: none fetched). The synthetic benchmark
 * (bench:swimlane) compares the renderer with its baselines; this one shows the whole path in the app.
 * The database: BENCH_DATABASE_URL (PostgreSQL; the incident is generated there once and reused),
 * else PGlite in a temporary directory. Its section of bench/RESULTS.md is replaced (or added).
 * Long because: one run from start to end (generate, open, measure, print), each step on the page the last left.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Page } from '@playwright/test';
import { projectRoot } from '../server/project-root.ts';
import { SOFTWARE_WEBGL_ARGS } from '../tests/support/chromium-args.ts';
import { launchBenchChromium } from './bench-browser.ts';
import { pageApi, startBenchServer } from './bench-server.ts';
import { reopenMarks, reopenTimeline, startProfile, stopProfile, swimlaneFrameKept } from './reopen-profile.ts';
import { duration, median, ms, percentile, secs, table, thousands } from './measure.ts';
import { writeResultsSection } from './results-file.ts';
import { mainThread, wheelFrames, type Frames } from './swimlane-wheel-frames.ts';

const SECTION_START = '<!-- swimlane-app-bench -->';
const SECTION_END = '<!-- /swimlane-app-bench -->';
const PASSWORD = 'swimlane-app-bench-password';
const ANALYST = 'Bench Analyst';
const FRAMES = 60;

const { values } = parseArgs({
  options: { events: { type: 'string' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const eventCount = Number((values.events ?? '1000000').replace(/[_,]/g, ''));
if (!Number.isSafeInteger(eventCount) || eventCount <= 0) throw new Error('--events takes a whole number');
const incidentName = `Swimlane bench, ${eventCount.toLocaleString('en-US')} events`;

const lines: string[] = [];
const log = (line: string) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};

async function generate(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(
    process.execPath,
    [
      join(projectRoot(), 'build', 'server', 'cli', 'generate.js'),
      '--events',
      String(eventCount),
      '--points',
      '0',
      '--incident-name',
      incidentName,
    ],
    { cwd: projectRoot(), env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`npm run generate exited with ${code}`);
}

async function findIncident(page: Page): Promise<{ id: number; events: number } | undefined> {
  const { incidents } = await pageApi<{
    incidents: { items: Array<{ id: number; name: string; counts: { events: number } }> };
  }>(page, 'GET', '/api/incidents');
  const found = incidents.items.find((incident) => incident.name === incidentName);
  return found && { id: found.id, events: found.counts.events };
}

const TWO_FRAMES = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';

/** Until the swimlane's label counts `shown` events and no layout is pending: every event drawn. */
async function waitForSwimlane(page: Page, shown: number): Promise<void> {
  const label = `Swimlane: ${shown.toLocaleString('en')} events`;
  await page.locator(`[data-swimlane-canvas][aria-label^="${label}"]`).waitFor({ timeout: 0 });
  await page.getByText(/^Laying out/).waitFor({ state: 'hidden', timeout: 0 });
  await page.evaluate(TWO_FRAMES);
}

/** The app's own User Timing entries (churchkey: …) for the largest run of each step, in ms. */
async function steps(page: Page): Promise<Record<string, number>> {
  await page.waitForFunction(
    "performance.getEntriesByName('churchkey: swimlane layout').some((entry) => entry.detail && entry.detail.events > 0)",
  );
  return page.evaluate<Record<string, number>>(`(() => {
    const largest = {};
    const size = (entry) => (entry.detail && (entry.detail.events ?? 0)) || 0;
    for (const entry of performance.getEntriesByType('measure')) {
      if (!entry.name.startsWith('churchkey: ')) continue;
      const name = entry.name.slice('churchkey: '.length);
      const best = largest[name];
      if (!best || size(entry) >= best.size) largest[name] = { size: size(entry), duration: entry.duration };
    }
    return Object.fromEntries(Object.entries(largest).map(([name, value]) => [name, value.duration]));
  })()`);
}

const stepWords = (parts: Record<string, number>) =>
  ['events read from the mirror', 'events filtered', 'swimlane typed arrays', 'swimlane layout']
    .map((name) => `${name} ${ms(parts[name] ?? 0)} ms`)
    .join(', ');

interface Result {
  browser: string;
  store: string;
  events: number;
  syncMillis: number;
  firstFrameMillis: number;
  pan: Frames;
  zoom: Frames;
  reopenMillis: number;
  /** The marks since navigation: the last frame's picture on screen, the live frame. */
  reopenPicture: string;
  reopenLive: number;
  reopenEventPages: number;
  firstSteps: Record<string, number>;
  reopenSteps: Record<string, number>;
  heapMiB: number;
  ndjsonMillis: number;
  ndjsonBytes: number;
  firstEventsMillis: number;
  reopenHeapMiB: number;
}

async function run(): Promise<Result> {
  const work = await mkdtemp(join(tmpdir(), 'churchkey-swimlane-app-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = join(work, 'data');
  const store = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const browser = await launchBenchChromium([...SOFTWARE_WEBGL_ARGS, '--enable-precise-memory-info']);
  let server = await startBenchServer({ dataDir, adminPassword: PASSWORD, databaseUrl });
  try {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(0);
    const login = await page.request.post('/auth/login', { data: { username: 'admin', password: PASSWORD } });
    if (!login.ok())
      throw new Error(`sign-in failed: ${login.status()} (a reused database must have been made by this benchmark)`);
    const { analysts } = await pageApi<{ analysts: unknown[] }>(page, 'GET', '/api/analysts');
    if (analysts.length === 0)
      await pageApi(page, 'POST', '/api/analyst/primary', { name: ANALYST, email: 'bench@example.com' });
    if (!(await findIncident(page))) {
      // The server is stopped while the generator writes (PGlite is one process's), then started again.
      await server.stop();
      const started = performance.now();
      log(`  generating ${thousands(eventCount)} events on ${store}…`);
      await generate(dataDir, databaseUrl);
      log(`  generated in ${secs(performance.now() - started)} s`);
      server = await startBenchServer({ dataDir, adminPassword: PASSWORD, databaseUrl });
    }
    await context.close();
    return await measure(server.baseURL);
  } finally {
    await browser.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }

  async function measure(baseURL: string): Promise<Result> {
    const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(0);
    const login = await page.request.post('/auth/login', { data: { username: 'admin', password: PASSWORD } });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const incident = await findIncident(page);
    if (!incident) throw new Error(`no incident named ${incidentName}`);
    const markers = (
      await pageApi<{
        incident: { events: unknown[]; streams: Array<{ isMarkerStream: boolean; eventCount: number }> };
      }>(page, 'GET', `/api/incident/${incident.id}`)
    ).incident.streams
      .filter((stream) => stream.isMarkerStream)
      .reduce((sum, stream) => sum + stream.eventCount, 0);
    const shown = incident.events - markers;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let eventPages = 0;
    page.on('request', (request) => {
      if (/\/api\/incident\/\d+\/events/.test(request.url())) eventPages += 1;
    });

    // The baseline, in the same run: the same events downloaded once as NDJSON (the body read to its end).
    const downloadStarted = performance.now();
    const ndjson = await page.request.get(`/api/incident/${incident.id}/events.ndjson`, {
      headers: { 'x-churchkey-analyst': '0' },
      timeout: 0,
    });
    const ndjsonBytes = (await ndjson.body()).length;
    const ndjsonMillis = performance.now() - downloadStarted;
    if (!ndjson.ok()) throw new Error(`events.ndjson: ${ndjson.status()}`);
    log(`  plain NDJSON download of the same events: ${secs(ndjsonMillis)} s (${(ndjsonBytes / 1e6).toFixed(1)} MB)`);

    // A fresh profile: every event comes from the server into the mirror.
    const opened = performance.now();
    await page.goto(`/incident/${incident.id}/type/swimlane`);
    await page.getByRole('button', { name: ANALYST, exact: true }).click();
    // Progressive: the swimlane draws the first events while the rest arrive.
    await page
      .locator('[data-swimlane-canvas][aria-label^="Swimlane: "]:not([aria-label^="Swimlane: 0 events"])')
      .first()
      .waitFor({ timeout: 0 });
    const firstEventsMillis = performance.now() - opened;
    log(`  first events drawn while the rest arrive: ${secs(firstEventsMillis)} s after opening`);
    await page
      .getByText(/^Last synced \d/)
      .first()
      .waitFor({ timeout: 0 });
    const syncMillis = performance.now() - opened;
    log(`  sync of ${thousands(incident.events)} events into the mirror: ${secs(syncMillis)} s (${eventPages} pages)`);
    await waitForSwimlane(page, shown);
    const firstFrameMillis = performance.now() - opened - syncMillis;
    const firstSteps = await steps(page);
    log(
      `  from the sync's end to the swimlane drawn with every event: ${secs(firstFrameMillis)} s (${stepWords(firstSteps)})`,
    );
    const firstOpen = syncMillis + firstFrameMillis;
    log(
      `  first open (to every event drawn): ${secs(firstOpen)} s = ${(firstOpen / ndjsonMillis).toFixed(2)}x the NDJSON download`,
    );

    // Zoom to about a tenth of the incident, then pan and zoom frame by frame.
    await page.locator('[data-swimlane-canvas]').focus();
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('+');
    const pan = await wheelFrames(page, cdp, 'pan', FRAMES);
    log(
      `  pan: frame gap median ${ms(median(pan.intervals))} / p95 ${ms(percentile(pan.intervals, 0.95))} ms; main thread per frame: script ${ms(pan.scriptPerFrame)} ms, all tasks ${ms(pan.taskPerFrame)} ms`,
    );
    const zoom = await wheelFrames(page, cdp, 'zoom', FRAMES);
    log(
      `  zoom: frame gap median ${ms(median(zoom.intervals))} / p95 ${ms(percentile(zoom.intervals, 0.95))} ms; main thread per frame: script ${ms(zoom.scriptPerFrame)} ms, all tasks ${ms(zoom.taskPerFrame)} ms`,
    );
    const heapMiB = (await mainThread(cdp)).heap / 2 ** 20;

    // Opened again: the events are on the device at the server's revision; the whole incident shown (as a
    // reopen opens it) and its settled frame kept first, which the reopen shows until its live frame.
    await page.keyboard.press('0');
    const kept = await swimlaneFrameKept(page);
    eventPages = 0;
    await startProfile(cdp);
    const reopened = performance.now();
    await page.reload();
    await waitForSwimlane(page, shown);
    const reopenMillis = performance.now() - reopened;
    const hot = await stopProfile(cdp);
    const reopenSteps = await steps(page);
    const marks = await reopenMarks(page);
    const reopenPicture = kept && !Number.isNaN(marks.picture) ? `${ms(marks.picture)} ms` : 'none';
    log(`  reopen: picture on screen ${reopenPicture}; live, laid out and interactive: ${ms(marks.live)} ms`);
    log('  reopen, main thread (ms since navigation): ' + (await reopenTimeline(page)).join('; '));
    log('  reopen, main-thread self time by function: ' + hot.map((f) => `${f.name} ${ms(f.millis)} ms`).join('; '));
    await page
      .getByText(/^Last synced \d/)
      .first()
      .waitFor({ timeout: 0 });
    await cdp.send('HeapProfiler.collectGarbage');
    const reopenHeapMiB = (await mainThread(cdp)).heap / 2 ** 20;
    log(
      `  opened again: swimlane drawn with every event in ${secs(reopenMillis)} s (${stepWords(reopenSteps)}); event pages fetched: ${eventPages}; JS heap after a collection ${reopenHeapMiB.toFixed(0)} MiB`,
    );
    await context.close();
    return {
      browser: browser.version(),
      store,
      events: incident.events,
      syncMillis,
      firstFrameMillis,
      pan,
      zoom,
      reopenMillis,
      reopenPicture,
      reopenLive: marks.live,
      reopenEventPages: eventPages,
      heapMiB,
      firstSteps,
      reopenSteps,
      ndjsonMillis,
      ndjsonBytes,
      firstEventsMillis,
      reopenHeapMiB,
    };
  }
}

const cpu = cpus();
const machine = `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
log(`Machine: ${machine}`);
log(
  `swimlane in the app (headless Chromium, software WebGL, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}):`,
);
const loadStart = loadavg()[0]!;
const r = await run();
const frames = (f: Frames) => [
  `${ms(median(f.intervals))} ms`,
  `${ms(percentile(f.intervals, 0.95))} ms`,
  `${ms(f.scriptPerFrame)} ms`,
  `${ms(f.taskPerFrame)} ms`,
];
const block = [
  SECTION_START,
  '## The swimlane in the app, on the generated incident',
  '',
  `The incident \`npm run generate\` writes (${thousands(r.events)} events) opened in the built app (server on ${r.store}) in headless Chromium ${r.browser} with software WebGL, 1400 × 900, from a fresh browser profile, as an analyst opens it: /incident/{id}/type/swimlane. ` +
    'Sync: from opening the address to "Last synced" (every event paged from the server into the device\'s IndexedDB mirror). First frame: from then until the swimlane\'s label counts every event and its frame is drawn (the events read from the mirror, filtered, turned into typed arrays, laid out in the worker, drawn). ' +
    `Then zoomed to about a tenth of the incident, ${FRAMES} wheel events, one per animation frame, pan and then zoom (in, then out): the gaps between animation frames, and Chromium's own count of main-thread time (script, and all tasks) divided by the frames. ` +
    'With software WebGL every frame is rasterised on the CPU (about 18-20 ms for this canvas here), so the gaps say little about a laptop GPU; the main-thread time is what the page itself costs per frame. ' +
    'The baseline is the same events downloaded once as NDJSON (GET /api/incident/{id}/events.ndjson, the body read to its end) in the same run, before the page opens; the page asks for its event pages as columns (application/vnd.churchkey.event-columns) and keeps them as columnar chunks. ' +
    "Last, the page reloaded: the events are on the device at the server's events revision, so none is fetched, and the time is from reload to the swimlane drawn with every event.",
  '',
  table(
    ['', 'time'],
    [
      [
        'plain NDJSON download of the same events (baseline, same run)',
        `${duration(r.ndjsonMillis)} (${(r.ndjsonBytes / 1e6).toFixed(1)} MB)`,
      ],
      ['first events drawn while the rest arrive (fresh profile)', duration(r.firstEventsMillis)],
      ['sync from the server into the mirror (fresh profile)', duration(r.syncMillis)],
      ['then to the first frame of every event', duration(r.firstFrameMillis)],
      [
        'first open: sync and first frame of every event',
        `${duration(r.syncMillis + r.firstFrameMillis)}: ${((r.syncMillis + r.firstFrameMillis) / r.ndjsonMillis).toFixed(2)}x the NDJSON download`,
      ],
      [
        'opened again (reload): to the first frame of every event',
        `${duration(r.reopenMillis)} (${r.reopenEventPages} event pages fetched)`,
      ],
      [
        "reopened: the last frame's picture on screen / the live frame (marks since navigation)",
        `${r.reopenPicture} / ${ms(r.reopenLive)} ms`,
      ],
    ],
  ),
  '',
  `Where the time goes (the app's own performance measures, \`churchkey: …\` in a DevTools trace): after the sync, ${stepWords(r.firstSteps)}; reopened, ${stepWords(r.reopenSteps)}.`,
  '',
  'The reopen is profiled as it runs (CDP Profiler on the page, sampled every 0.5 ms): the output below lists the app\'s measures as milliseconds since the navigation, with the time the layout worker itself spent, and the main thread\'s self time by function ("(program)" is native work: IndexedDB reads and structured clone, parsing). ' +
    "The mirror answers a lazy list (src/data/mirror/lazy-event-list.ts): number columns copied a chunk at a time and where each event lives, no row object until a screen reads a position; the filter, the pictures (the swimlane's typed arrays, its minimap, the events-over-time series), the empty-picture count and the table's sorts read the columns, and the read of an incident's address starts as the app starts. " +
    'A cache of the laid-out swimlane in IndexedDB, keyed by a fingerprint of its input, was built and measured: reading the 35 MB layout of 1,000,000 events back took 983 ms in the worker, as long as laying it out, so it was taken out again.',
  '',
  table(
    ['frames', 'gap median', 'gap p95', 'script per frame', 'all main-thread tasks per frame'],
    [
      ['pan', ...frames(r.pan)],
      ['zoom', ...frames(r.zoom)],
    ],
  ),
  '',
  `JS heap of the page after the first open: ${r.heapMiB.toFixed(0)} MiB; after reopening and a garbage collection: ${r.reopenHeapMiB.toFixed(0)} MiB. Machine: ${machine}; load average ${loadStart.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end (other work on the same 2 cores slows every figure: compare the ratio, not the seconds); written by \`npm run bench:swimlane-app\` on ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '```',
  ...lines,
  '```',
  SECTION_END,
].join('\n');
if (values['no-write']) {
  process.stdout.write(`${block}\n`);
} else {
  process.stdout.write(`Wrote ${await writeResultsSection(SECTION_START, SECTION_END, block)}\n`);
}
