/*
 * The red team's expanding files (issue 17) sent to a real server process over real sockets, on both
 * databases: a gzip bomb map, a HAR of empty entries, a gzipped log of one line repeated, a Slack zip of
 * identical days. Each is refused
 * with a reason; meanwhile another user reads another incident (one request at a time, 100 ms apart),
 * and the server's resident set is sampled. Goals: every read answered, the longest wait at most 2 s
 * (recorded: a figure of a shared machine, not asserted), the server growing by at most 400 MiB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, seedPgliteDataDir, type TestDatabase } from '../support/test-database.ts';
import { ensureServerBuilt, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { recordFigures } from './figures.ts';
import { FULL_SCALE, scaled } from './scale.ts';
import { prepareIncident, signInAdmin, type HttpSession } from './support/crash-session.ts';
import { gpxGzipBomb, harBomb, logGzipBomb, slackZipBomb } from './support/expansion-files.ts';
import { residentMiB } from './support/process-usage.ts';

const PASSWORD = 'socket-expansion-password';
const rows: string[] = [];

afterAll(() => {
  recordFigures(
    '8-socket-expansion',
    [
      '### 8. Expanding files over real sockets (issue 17): a real server process, another user reading',
      '',
      'Goals: each file refused with its reason; every read of another incident (one at a time, 100 ms apart) answered, ' +
        'the longest within 2 s; the server process growing by at most 400 MiB (peak resident set, sampled every 50 ms). ' +
        `Load average at the start of each file in the last column.${FULL_SCALE ? '' : ' Short form: smaller files.'}`,
      '',
      '| store | file | answer | time to answer | reads | longest wait | server growth | load |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
  );
});

const ZIP_BOMB_REFUSED = { status: 400, reason: /looks like a zip bomb/ };
const importInto = (incident: number) => `/api/incident/${incident}/import`;

const CASES = [
  {
    name: `GPX gzip bomb, ${scaled('2 GiB', '256 MiB')} of blank space`,
    file: () => gpxGzipBomb(scaled(2, 0.25)),
    path: (incident: number) => `/api/incident/${incident}/map`,
    fileName: 'morning-run.gpx.gz',
    ...ZIP_BOMB_REFUSED,
  },
  {
    name: `HAR of ${scaled('10,000,000', '2,500,000')} \`{}\` entries`,
    file: () => harBomb(scaled(10_000_000, 2_500_000)),
    path: importInto,
    fileName: 'bomb.har',
    settings: { format: 'har' },
    status: 413,
    reason: /has more than 2,000,000 entries/,
  },
  {
    name: `syslog gzipped, one line repeated to ${scaled('1 GiB', '256 MiB')}`,
    file: () => logGzipBomb(scaled(1024, 256)),
    path: importInto,
    fileName: 'syslog.2.gz',
    ...ZIP_BOMB_REFUSED,
  },
  {
    name: 'Slack zip of 100 identical 1 MiB day files',
    file: () => slackZipBomb(100),
    path: importInto,
    fileName: 'export.zip',
    settings: { format: 'slack-zip' },
    ...ZIP_BOMB_REFUSED,
  },
];

describe.each(DATABASE_KINDS)('expanding files on %s', (kind) => {
  let database: TestDatabase | undefined;
  let server: ServerProcess;
  let dataDir: string;
  let session: HttpSession;
  let target: number;
  let other: number;

  beforeAll(async () => {
    ensureServerBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'churchkey-expansion-'));
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
    database = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    server = await startServerProcess({
      DATA_DIR: dataDir,
      CHURCHKEY_ADMIN_PASSWORD: PASSWORD,
      ...(database ? { DATABASE_URL: database.url! } : {}),
    });
    session = await signInAdmin(server.url, PASSWORD);
    target = await prepareIncident(session, 'Imported into');
    const incident = await session.call('GET', `/api/incident/${target}`);
    const made = await session.call('POST', '/api/incident', {
      organizationID: incident.body.incident.organizationID,
      name: 'Read meanwhile',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    other = made.body.incident.id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(CASES)('refuses the $name while another user is answered', async (bomb) => {
    const bytes = bomb.file();
    const load = loadavg()[0]!.toFixed(0);
    const pid = server.child.pid!;
    const before = (await residentMiB(pid)) ?? 0;
    let peak = before;
    const sampler = setInterval(() => {
      void residentMiB(pid).then((mib) => (peak = Math.max(peak, mib ?? 0)));
    }, 50);
    let sending = true;
    const waits: number[] = [];
    const statuses: number[] = [];
    const reads = (async () => {
      while (sending) {
        const started = performance.now();
        const answer = await fetch(`${server.url}/api/incident/${other}`, { headers: { cookie: session.cookie } });
        await answer.arrayBuffer();
        waits.push(performance.now() - started);
        statuses.push(answer.status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const form = new FormData();
    if (bomb.settings) form.append('settings', JSON.stringify(bomb.settings));
    form.append('file', new File([Uint8Array.from(bytes)], bomb.fileName, { type: 'application/octet-stream' }));
    const started = performance.now();
    const response = await fetch(`${server.url}${bomb.path(target)}`, {
      method: 'POST',
      headers: { cookie: session.cookie },
      body: form,
    }).finally(() => (sending = false));
    const answerMillis = performance.now() - started;
    const answer = (await response.json()) as { error?: { message?: string } };
    await reads;
    clearInterval(sampler);
    const growth = Math.max(0, peak - before);
    const longest = Math.max(...waits);
    rows.push(
      `| ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${bomb.name} (${(bytes.byteLength / 2 ** 20).toFixed(1)} MiB) | ${response.status} "${answer.error?.message ?? ''}" | ${(answerMillis / 1000).toFixed(1)} s | ${waits.length} | ${longest.toFixed(0)} ms | +${growth.toFixed(0)} MiB | ${load} |`,
    );
    expect(response.status).toBe(bomb.status);
    expect(answer.error?.message).toMatch(bomb.reason);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(growth).toBeLessThanOrEqual(400);
  });
});
