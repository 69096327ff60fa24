/*
 * node build/bench/reopen-ab-bench.js [--baseline DIR] [--reloads 4] [--events 1000000]: the reopen of the
 * generated incident (made by bench:swimlane-app on BENCH_DATABASE_URL) in this build and, with --baseline,
 * in another built checkout on the same database, reopened in turn so both see the same load. Each build
 * syncs once in its own browser context; then each round opens the swimlane page again in both (the other
 * page left on about:blank), timing it to the swimlane drawn with every event. A build that keeps the
 * swimlane's last settled frame (s18) is reported twice: the picture on screen (its own mark) and the
 * live frame, laid out and interactive. Prints; writes nothing.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { SOFTWARE_WEBGL_ARGS } from '../tests/support/chromium-args.ts';
import { describeMachine } from './bench-machine.ts';
import { launchBenchChromium } from './bench-browser.ts';
import { pageApi, startBenchServer, type BenchServer } from './bench-server.ts';
import { reopenMarks, reopenTimeline, startProfile, stopProfile, swimlaneFrameKept } from './reopen-profile.ts';
import { median, ms, secs } from './measure.ts';

const PASSWORD = 'swimlane-app-bench-password';
const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    reloads: { type: 'string' },
    events: { type: 'string' },
    profile: { type: 'boolean' },
  },
  strict: true,
});
const reloads = Number(values.reloads ?? '4');
const eventCount = Number((values.events ?? '1000000').replace(/[_,]/g, ''));
const incidentName = `Swimlane bench, ${eventCount.toLocaleString('en-US')} events`;
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: the database bench:swimlane-app generated its incident in');

interface Build {
  name: string;
  server: BenchServer;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  path: string;
  shown: number;
  reopens: number[];
  /** The app's own mark of the frame with every event, ms since navigation. */
  shows: number[];
  /** The app's mark of the last settled frame's picture on screen (s18), ms since navigation; NaN when none. */
  pictures: number[];
}

const load = () => loadavg()[0]!.toFixed(1);

/** Until the swimlane's label counts `shown` events and no layout is pending: every event drawn. */
async function waitForSwimlane(page: Page, shown: number): Promise<void> {
  const label = `Swimlane: ${shown.toLocaleString('en')} events`;
  await page.locator(`[data-swimlane-canvas][aria-label^="${label}"]`).waitFor({ timeout: 0 });
  await page.getByText(/^Laying out/).waitFor({ state: 'hidden', timeout: 0 });
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

async function openBuild(
  name: string,
  server: BenchServer,
  browser: Awaited<ReturnType<typeof launchBenchChromium>>,
): Promise<Build> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(0);
  const login = await page.request.post('/auth/login', { data: { username: 'admin', password: PASSWORD } });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  const { incidents } = await pageApi<{
    incidents: { items: Array<{ id: number; name: string; counts: { events: number } }> };
  }>(page, 'GET', '/api/incidents');
  const incident = incidents.items.find((item) => item.name === incidentName);
  if (!incident) throw new Error(`no incident named ${incidentName}: run bench:swimlane-app first`);
  const { incident: full } = await pageApi<{
    incident: { streams: Array<{ isMarkerStream: boolean; eventCount: number }> };
  }>(page, 'GET', `/api/incident/${incident.id}`);
  const markers = full.streams
    .filter((stream) => stream.isMarkerStream)
    .reduce((sum, stream) => sum + stream.eventCount, 0);
  const path = `/incident/${incident.id}/type/swimlane`;
  const started = performance.now();
  await page.goto(path);
  await page.getByRole('button', { name: 'Bench Analyst', exact: true }).click();
  await page
    .getByText(/^Last synced \d/)
    .first()
    .waitFor({ timeout: 0 });
  await waitForSwimlane(page, incident.counts.events - markers);
  process.stdout.write(`  ${name}: synced and drawn in ${secs(performance.now() - started)} s (load ${load()})\n`);
  // A build with the fast copy of the event numbers (s12) writes it when idle after the first frame;
  // a build without never marks it, and is let go after 30 s.
  const copied = await page
    .waitForFunction(
      () => {
        // The copy written after the sync's last read of the events (none is written while it syncs).
        const reads = performance.getEntriesByName('churchkey: events read from the mirror');
        const lastRead = reads[reads.length - 1]?.startTime ?? 0;
        return performance
          .getEntries()
          .some(
            (entry) => entry.name.startsWith('churchkey: fast copy of the event numbers') && entry.startTime > lastRead,
          );
      },
      undefined,
      { timeout: 30_000 },
    )
    .then(
      () => true,
      () => false,
    );
  process.stdout.write(`  ${name}: fast copy of the event numbers ${copied ? 'written' : 'not written'}\n`);
  // A build that keeps the swimlane's last settled frame (s18) does so a second after the frame, when idle.
  const kept = await swimlaneFrameKept(page);
  process.stdout.write(`  ${name}: the swimlane's last frame ${kept ? 'kept' : 'not kept'}\n`);
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    name,
    server,
    context,
    page,
    cdp,
    path,
    shown: incident.counts.events - markers,
    reopens: [],
    shows: [],
    pictures: [],
  };
}

async function heapMiB(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;
}

async function reopen(build: Build): Promise<void> {
  const { page, cdp } = build;
  const loadBefore = load();
  if (values.profile) await startProfile(cdp);
  const started = performance.now();
  await page.goto(build.path);
  await waitForSwimlane(page, build.shown);
  const millis = performance.now() - started;
  const hot = values.profile ? await stopProfile(cdp, 30) : [];
  build.reopens.push(millis);
  const shows = await page.evaluate<number>(
    "Math.max(...performance.getEntriesByName('churchkey: swimlane shows a new layout').map((mark) => mark.startTime))",
  );
  build.shows.push(shows);
  // The picture is never the live frame: its own mark, reported apart.
  const { picture } = await reopenMarks(page);
  build.pictures.push(picture);
  const firstHeap = await heapMiB(cdp);
  const timeline = await reopenTimeline(page);
  await page
    .getByText(/^Last synced \d/)
    .first()
    .waitFor({ timeout: 0 });
  // A function, not a string: the app's CSP refuses eval.
  await page.waitForFunction(
    () => performance.getEntriesByName('churchkey: event messages read from the mirror').length > 0,
    undefined,
    { timeout: 0 },
  );
  const settledHeap = await heapMiB(cdp);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await heapMiB(cdp);
  process.stdout.write(
    `  ${build.name}: reopen ${ms(millis)} ms (picture on screen: ${Number.isNaN(picture) ? 'none' : `${ms(picture)} ms`}; live, laid out and interactive: ${ms(shows)} ms after navigation), JS heap ${firstHeap.toFixed(0)} MiB then, ${settledHeap.toFixed(0)} MiB with the messages read, ${heap.toFixed(0)} MiB after a collection, load ${loadBefore}-${load()}\n    ${timeline.join('; ')}\n` +
      (hot.length > 0 ? `    self time: ${hot.map((f) => `${f.name} ${ms(f.millis)} ms`).join('; ')}\n` : ''),
  );
  await page.goto('about:blank');
}

process.stdout.write(
  `Machine: ${describeMachine()}\nreopen A/B (headless Chromium, software WebGL, PostgreSQL), ${reloads} rounds:\n`,
);
const browser = await launchBenchChromium([...SOFTWARE_WEBGL_ARGS, '--enable-precise-memory-info']);
const servers: BenchServer[] = [];
try {
  const builds: Build[] = [];
  for (const [name, root] of [
    ['this build', undefined],
    ['baseline', values.baseline],
  ] as const) {
    if (name === 'baseline' && !root) continue;
    const server = await startBenchServer({
      dataDir: '/tmp/churchkey-reopen-ab-unused',
      adminPassword: PASSWORD,
      databaseUrl,
      root,
    });
    servers.push(server);
    builds.push(await openBuild(name, server, browser));
  }
  for (let round = 0; round < reloads; round += 1) {
    // Alternate who goes first, so neither always follows the other's garbage.
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) await reopen(build);
  }
  for (const build of builds)
    process.stdout.write(
      `  ${build.name}: reopen median ${ms(median(build.reopens))} ms (${build.reopens.map(ms).join(', ')}); live frame mark median ${ms(median(build.shows))} ms (${build.shows.map(ms).join(', ')}); picture on screen ${build.pictures.map((at) => (Number.isNaN(at) ? 'none' : ms(at))).join(', ')}\n`,
    );
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
