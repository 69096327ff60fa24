/*
 * npm run bench:catch-up [-- --events 100000,1000000] [--no-write]: delta sync (issue 20) in the built
 * app. A fresh browser profile opens a generated incident (the full sync, every event paged into the
 * mirror), then another client adds one marker and the open page catches up: bytes fetched and time
 * to the events read again with the marker, beside the full re-sync it replaces (the same page's first
 * sync). BENCH_DATABASE_URL for PostgreSQL, else PGlite. Its section of bench/RESULTS.md is replaced.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { request as apiRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { projectRoot } from '../server/project-root.ts';
import { SOFTWARE_WEBGL_ARGS } from '../tests/support/chromium-args.ts';
import { launchBenchChromium } from './bench-browser.ts';
import { startBenchServer } from './bench-server.ts';
import { duration, ratio, secs, table, thousands } from './measure.ts';
import { resultsSection, runSectionBench } from './results-file.ts';

const SECTION = resultsSection('catch-up-bench', 'npm run bench:catch-up');
const PASSWORD = 'catch-up-bench-password';
const ANALYST = 'Bench Analyst';

const { values } = parseArgs({
  options: { events: { type: 'string' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const sizes = (values.events ?? '100000,1000000').split(',').map((part) => Number(part.replace(/[_\s]/g, '')));
if (sizes.some((size) => !Number.isSafeInteger(size) || size <= 0))
  throw new Error('--events takes whole numbers, comma-separated');

type Log = (line: string) => void;
const mb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);
const nameOf = (events: number) => `Catch-up bench, ${events.toLocaleString('en-US')} events`;

async function generate(dataDir: string, databaseUrl: string | undefined, events: number): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const script = join(projectRoot(), 'build', 'server', 'cli', 'generate.js');
  const child = spawn(
    process.execPath,
    [script, '--events', String(events), '--points', '0', '--incident-name', nameOf(events)],
    { cwd: projectRoot(), env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`npm run generate exited with ${code}`);
}

async function signedIn(baseURL: string): Promise<APIRequestContext> {
  const client = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-churchkey-analyst': '0' } });
  const login = await client.post('/auth/login', { data: { username: 'admin', password: PASSWORD } });
  if (!login.ok())
    throw new Error(`sign-in failed: ${login.status()} (a reused database must have been made by this benchmark)`);
  return client;
}

async function json<T>(client: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await client.fetch(path, { method, ...(body === undefined ? {} : { data: body }) });
  if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as T;
}

async function incidentIDs(client: APIRequestContext): Promise<Map<string, number>> {
  const { incidents } = await json<{ incidents: { items: Array<{ id: number; name: string }> } }>(
    client,
    'GET',
    '/api/incidents',
  );
  return new Map(incidents.items.map((incident) => [incident.name, incident.id]));
}

interface Result {
  events: number;
  fullMillis: number;
  fullBytes: number;
  fullRequests: number;
  catchUpMillis: number;
  catchUpBytes: number;
  catchUpRequests: string[];
}

/** The most events a screen has held so far, read from the mirror or patched by a catch-up (page code as source: no DOM types here). */
const LARGEST_READ =
  "Math.max(0, ...['churchkey: events read from the mirror', 'churchkey: events patched from a catch-up'].flatMap((name) => performance.getEntriesByName(name)).map((entry) => entry.detail?.events ?? 0))";

async function measure(
  browser: Browser,
  baseURL: string,
  incidentID: number,
  events: number,
  log: Log,
): Promise<Result> {
  // The page's CSP forbids the string predicates waitForFunction evaluates; the app's own code is unaffected.
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(0);
  const login = await page.request.post('/auth/login', { data: { username: 'admin', password: PASSWORD } });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  const fetched: Array<{ path: string; bytes: number }> = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/')) return;
    void request
      .sizes()
      .then((size) => fetched.push({ path, bytes: size.responseBodySize + size.responseHeadersSize }));
  });

  const opened = performance.now();
  await page.goto(`/incident/${incidentID}/events`);
  await page.getByRole('button', { name: ANALYST, exact: true }).click();
  await page
    .getByText(/^Last synced \d/)
    .first()
    .waitFor();
  const fullMillis = performance.now() - opened;
  await page.waitForFunction(`${LARGEST_READ} >= ${events}`);
  const full = fetched.filter((entry) => entry.path.startsWith(`/api/incident/${incidentID}`));
  const fullBytes = full.reduce((sum, entry) => sum + entry.bytes, 0);
  log(`  ${thousands(events)} events: full sync ${secs(fullMillis)} s, ${mb(fullBytes)} in ${full.length} requests`);

  // Another client adds a marker; the open page is asked to catch up at once (as on returning to the tab).
  const other = await signedIn(baseURL);
  const before = await page.evaluate<number>(LARGEST_READ);
  fetched.length = 0;
  await json(other, 'POST', `/api/incident/${incidentID}/marker`, {
    message: 'Marker from another client',
    startTimestamp: 1_700_000_000_000_000,
  });
  const started = performance.now();
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
  await page.waitForFunction(`${LARGEST_READ} >= ${before + 1}`);
  const catchUpMillis = performance.now() - started;
  await page
    .getByText(/^Last synced \d/)
    .first()
    .waitFor();
  const caught = fetched.filter((entry) => entry.path.startsWith(`/api/incident/${incidentID}`));
  const catchUpBytes = caught.reduce((sum, entry) => sum + entry.bytes, 0);
  log(
    `  ${thousands(events)} events: catch-up ${duration(catchUpMillis)}, ${mb(catchUpBytes)} in ${caught.length} request(s): ${caught.map((entry) => entry.path.replace(String(incidentID), '{id}')).join(', ')}`,
  );
  await other.dispose();
  await context.close();
  return {
    events,
    fullMillis,
    fullBytes,
    fullRequests: full.length,
    catchUpMillis,
    catchUpBytes,
    catchUpRequests: caught.map((entry) => entry.path),
  };
}

async function run(log: Log): Promise<{ results: Result[]; browserVersion: string; store: string }> {
  const work = await mkdtemp(join(tmpdir(), 'churchkey-catch-up-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = join(work, 'data');
  const store = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const browser = await launchBenchChromium(SOFTWARE_WEBGL_ARGS);
  let server = await startBenchServer({ dataDir, adminPassword: PASSWORD, databaseUrl });
  try {
    const admin = await signedIn(server.baseURL);
    const { analysts } = await json<{ analysts: unknown[] }>(admin, 'GET', '/api/analysts');
    if (analysts.length === 0)
      await json(admin, 'POST', '/api/analyst/primary', { name: ANALYST, email: 'bench@example.com' });
    const known = await incidentIDs(admin);
    await admin.dispose();
    const toMake = sizes.filter((size) => !known.has(nameOf(size)));
    if (toMake.length > 0) {
      // PGlite is one process's: the server stops while the generator writes.
      await server.stop();
      for (const size of toMake) {
        const started = performance.now();
        await generate(dataDir, databaseUrl, size);
        log(`  generated ${thousands(size)} events on ${store} in ${secs(performance.now() - started)} s`);
      }
      server = await startBenchServer({ dataDir, adminPassword: PASSWORD, databaseUrl });
    }
    const client = await signedIn(server.baseURL);
    const ids = await incidentIDs(client);
    await client.dispose();
    const results: Result[] = [];
    for (const size of sizes) results.push(await measure(browser, server.baseURL, ids.get(nameOf(size))!, size, log));
    return { results, browserVersion: browser.version(), store };
  } finally {
    await browser.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await runSectionBench(
  SECTION,
  async (log) => {
    const { results, browserVersion, store } = await run(log);
    return [
      SECTION.start,
      '## Catch-up after another client adds one marker (delta sync)',
      '',
      `The incident \`npm run generate\` writes, opened in the built app (server on ${store}) in headless Chromium ${browserVersion} from a fresh profile at /incident/{id}/events: the full sync pages every event into the device's mirror. ` +
        'Then another client adds one marker, and the open page catches up (the check it makes every few seconds, and on returning to its tab, asked for at once): ' +
        'GET /api/incident/{id}/changes?since=N answers the marker alone, the mirror puts it, the page patches the events it holds, and the snapshot of columns is patched after. ' +
        "Time: from asking to the page holding the events with the marker in them. Bytes: every /api answer about the incident (bodies and headers) until the page says it is synced; a second changes request there is the page's regular check landing in that window (nothing new, about 1 kB). " +
        "The baseline is the full re-sync every open device made after any change before delta sync: the same page's first sync, in the same run.",
      '',
      table(
        [
          'events',
          'catch-up: bytes',
          'catch-up: time',
          'full re-sync: bytes',
          'full re-sync: time',
          'bytes saved',
          'time saved',
        ],
        results.map((r) => [
          thousands(r.events),
          `${mb(r.catchUpBytes)} (${r.catchUpRequests.length} request${r.catchUpRequests.length === 1 ? '' : 's'})`,
          duration(r.catchUpMillis),
          `${mb(r.fullBytes)} (${r.fullRequests} requests)`,
          duration(r.fullMillis),
          ratio(r.fullBytes, r.catchUpBytes),
          ratio(r.fullMillis, r.catchUpMillis),
        ]),
      ),
      '',
      'The machine is shared with other work while it runs: times are upper bounds.',
    ].join('\n');
  },
  { keepLog: true, write: !values['no-write'] },
);
