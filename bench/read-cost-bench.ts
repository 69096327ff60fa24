/*
 * What reading a small incident costs against a session-only call on the same server (issue 20,
 * "Cheap reads"): autocannon's 20 connections on loopback against the built server process, on PGlite
 * and PostgreSQL. GET /api/incident/{id} fresh (200), answered 304 to the ETag a device holds, and
 * GET /auth/user, the baseline. Ratio: the baseline's requests/s over the read's (lower is cheaper).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../server/db/scratch-database.ts';
import { postgresUrl, type StoreKind } from './bench-store.ts';
import { startBenchServer } from './bench-server.ts';
import { median, table, thousands } from './measure.ts';

const PASSWORD = 'read-cost-bench-password';
const CONNECTIONS = 20;
const ROUNDS = 3;
/** The figure was taken on a 49-event incident: 47 events and 2 markers here. */
const EVENTS = 47;
const MARKERS = 2;
const T0 = 1_700_000_000_000_000;

export interface ReadCostRow {
  store: string;
  userPerSecond: number;
  incidentPerSecond: number;
  notModifiedPerSecond: number;
  otherStatuses: number;
}

async function call(
  baseURL: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseURL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Signs in as the first account, makes the primary analyst and a 49-event incident through the API. */
async function seed(baseURL: string): Promise<{ headers: Record<string, string>; incidentID: number }> {
  const signIn = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const primary = await call(
    baseURL,
    '/api/analyst/primary',
    { cookie },
    { name: 'Bench Analyst', email: 'bench@example.org' },
  );
  const headers = { cookie, 'x-churchkey-analyst': String((primary['analyst'] as { id: number }).id) };
  const id = (answer: Record<string, unknown>, key: string) => (answer[key] as { id: number }).id;
  const organizationID = id(await call(baseURL, '/api/organization', headers, { name: 'Reads' }), 'organization');
  const incidentID = id(
    await call(baseURL, '/api/incident', headers, { organizationID, name: 'Small incident' }),
    'incident',
  );
  const streamID = id(await call(baseURL, `/api/incident/${incidentID}/stream`, headers, { name: 'chat' }), 'stream');
  const actorID = id(
    await call(baseURL, `/api/incident/${incidentID}/actor`, headers, { name: 'Ada', isBot: false }),
    'actor',
  );
  for (let index = 0; index < EVENTS; index += 1) {
    await call(baseURL, `/api/incident/${incidentID}/event`, headers, {
      streamID,
      actorID,
      message: `line ${index} of the outage chat`,
      startTimestamp: T0 + index * 1_000_000,
    });
  }
  for (let index = 0; index < MARKERS; index += 1) {
    await call(baseURL, `/api/incident/${incidentID}/marker`, headers, {
      message: `Marker ${index}`,
      startTimestamp: T0 + index * 10_000_000,
    });
  }
  return { headers, incidentID };
}

interface Rate {
  perSecond: number;
  other: number;
}

const medianRate = (rates: Rate[]): Rate => ({
  perSecond: median(rates.map((r) => r.perSecond)),
  other: rates.reduce((sum, r) => sum + r.other, 0),
});

async function rate(url: string, headers: Record<string, string>, expected: number, seconds: number): Promise<Rate> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const counts = Object.entries(result.statusCodeStats ?? {});
  const other =
    counts.filter(([code]) => Number(code) !== expected).reduce((sum, [, stat]) => sum + (stat.count ?? 0), 0) +
    result.errors +
    result.timeouts;
  return { perSecond: result.requests.average, other };
}

async function measureStore(kind: StoreKind, seconds: number, log: (line: string) => void): Promise<ReadCostRow> {
  const dataDir = await mkdtemp(join(tmpdir(), 'churchkey-read-cost-'));
  const scratch = kind === 'postgres' ? await createScratchDatabase(postgresUrl()!, 'churchkey_bench') : undefined;
  const server = await startBenchServer({ dataDir, adminPassword: PASSWORD, databaseUrl: scratch?.url });
  try {
    const { headers, incidentID } = await seed(server.baseURL);
    const incidentUrl = `${server.baseURL}/api/incident/${incidentID}`;
    const first = await fetch(incidentUrl, { headers });
    const etag = first.headers.get('etag');
    await first.text();
    if (!etag) throw new Error('GET /api/incident/{id} sent no ETag');
    // One unmeasured second of each warms the JIT and the caches, as a device's first read would.
    for (const [url, extra] of [
      [`${server.baseURL}/auth/user`, {}],
      [incidentUrl, {}],
      [incidentUrl, { 'if-none-match': etag }],
    ] as const) {
      await rate(url, { ...headers, ...extra }, 0, 1);
    }
    // Interleaved rounds, the median of each: on a shared machine the load drifts within a run.
    const runs = { user: [] as Rate[], incident: [] as Rate[], notModified: [] as Rate[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.user.push(await rate(`${server.baseURL}/auth/user`, headers, 200, seconds));
      runs.incident.push(await rate(incidentUrl, headers, 200, seconds));
      runs.notModified.push(await rate(incidentUrl, { ...headers, 'if-none-match': etag }, 304, seconds));
    }
    const user = medianRate(runs.user);
    const incident = medianRate(runs.incident);
    const notModified = medianRate(runs.notModified);
    const store = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    log(
      `  ${store}: /auth/user ${thousands(user.perSecond)}/s, incident ${thousands(incident.perSecond)}/s, 304 ${thousands(notModified.perSecond)}/s`,
    );
    return {
      store,
      userPerSecond: user.perSecond,
      incidentPerSecond: incident.perSecond,
      notModifiedPerSecond: notModified.perSecond,
      otherStatuses: user.other + incident.other + notModified.other,
    };
  } finally {
    await server.stop();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const cost = (baseline: number, read: number) => `${(baseline / read).toFixed(2)}x`;

export async function runReadCostBench(options: {
  stores: StoreKind[];
  seconds?: number;
  log: (line: string) => void;
}): Promise<string> {
  const seconds = options.seconds ?? 5;
  options.log(`\nCheap reads (${CONNECTIONS} connections, ${seconds} s each):`);
  const rows: ReadCostRow[] = [];
  const loadBefore = loadavg()[0]!;
  for (const kind of options.stores) rows.push(await measureStore(kind, seconds, options.log));
  // NOTE: the machine may be shared; its load says how far the absolute figures can be trusted.
  const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
  return [
    '<!-- read-cost-bench -->',
    '## Reading a small incident against a session-only call (issue 20, "Cheap reads")',
    '',
    `autocannon, ${CONNECTIONS} connections on loopback, the median of ${ROUNDS} interleaved ${seconds} s runs of each after one unmeasured second, against the built server process (one process, its read queue as shipped), ` +
      `signed in as an administrator. The incident has ${EVENTS + MARKERS} events (${MARKERS} of them markers), one stream, one actor. Baseline: \`GET /auth/user\` ` +
      '(the session and the own analyst). "200" is `GET /api/incident/{id}` as a device with nothing asks it; "304" is the same with the ETag a device holds in ' +
      "`If-None-Match`. Cost: baseline requests/s divided by the read's (target: at most 2x for the 200, at most 1x for the 304).",
    '',
    `Machine: ${machine}.`,
    '',
    table(
      ['store', '/auth/user', 'incident 200', 'cost', 'incident 304', 'cost', 'other answers'],
      rows.map((row) => [
        row.store,
        `${thousands(row.userPerSecond)}/s`,
        `${thousands(row.incidentPerSecond)}/s`,
        cost(row.userPerSecond, row.incidentPerSecond),
        `${thousands(row.notModifiedPerSecond)}/s`,
        cost(row.userPerSecond, row.notModifiedPerSecond),
        String(row.otherStatuses),
      ]),
    ),
    '<!-- /read-cost-bench -->',
  ].join('\n');
}
