/*
 * Issue 10, part 5: two server processes on one PostgreSQL behind a loopback proxy that alternates
 * between them (support/round-robin-proxy.ts). A session made on one works on the other, writes made
 * through one are read through the other, an import through one is found by search through the
 * other; then, under a write load of keyed writes, one process is killed (SIGKILL) part-way and
 * the other carries on: every write is stored exactly once. Figures: bench/reliability/5-two-servers.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { ensureServerBuilt, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { recordFigures } from './figures.ts';
import { scaled } from './scale.ts';
import { runKeyedWriteLoad } from './support/keyed-write-load.ts';
import { startRoundRobinProxy, UPSTREAM_HEADER, type RoundRobinProxy } from './support/round-robin-proxy.ts';
import { tallyLoad, twoServersFigures } from './support/two-servers-figures.ts';

const PASSWORD = 'two-servers-proxy-password';
const LOAD = scaled(
  { clients: 50, durationMs: 60_000, killAtMs: 20_000, settleMs: 75_000 },
  { clients: 20, durationMs: 8_000, killAtMs: 3_000, settleMs: 0 },
);
/** The proxy leaves a failed upstream out of the turn this long before trying it again. */
const DOWN_MS = 2_000;

interface Answer {
  status: number;
  upstream: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field in each assertion
  headers: Headers;
}

const postgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe.each(postgres)('two server processes behind a round-robin proxy on PostgreSQL', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let cookie = '';
  let incidentID = 0;

  beforeAll(async () => {
    ensureServerBuilt();
    database = await createTestDatabase('postgres');
    servers = await Promise.all(
      [0, 1].map(() => startServerProcess({ DATABASE_URL: database.url!, CHURCHKEY_ADMIN_PASSWORD: PASSWORD })),
    );
    proxy = await startRoundRobinProxy(
      servers.map((server) => server.url),
      { downMs: DOWN_MS },
    );
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  async function call(
    method: string,
    path: string,
    options: { json?: unknown; form?: FormData; cookie?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.cookie ?? cookie) headers.cookie = options.cookie ?? cookie;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${proxy.url}${path}`, {
      method,
      headers,
      redirect: 'manual',
      body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
    });
    const text = await response.text();
    const upstream = Number(response.headers.get(UPSTREAM_HEADER));
    return {
      status: response.status,
      upstream,
      headers: response.headers,
      body: text.startsWith('{') ? JSON.parse(text) : text,
    };
  }
  const signIn = async () => {
    const answer = await call('POST', '/auth/login', { json: { username: 'admin', password: PASSWORD }, cookie: '' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { answer, cookie: answer.headers.get('set-cookie')!.split(';')[0]! };
  };

  it('a session made through one server is used through the other, and signing out ends it on both', async () => {
    const made = await signIn();
    cookie = made.cookie;
    const user = await call('GET', '/auth/user');
    expect(user.status).toBe(200);
    expect(user.body.user.username).toBe('admin');
    expect(user.upstream).not.toBe(made.answer.upstream);
    const primary = await call('POST', '/api/analyst/primary', {
      json: { name: 'Primary', email: 'primary@example.org' },
    });
    expect(primary.status, JSON.stringify(primary.body)).toBe(201);
    expect(primary.upstream).toBe(made.answer.upstream);

    const other = await signIn();
    const out = await call('POST', '/auth/logout', { cookie: other.cookie });
    expect(out.status).toBe(303);
    const after = await call('GET', '/auth/user', { cookie: other.cookie });
    expect(after.upstream).not.toBe(out.upstream);
    expect(after.status).toBe(401);
  });

  it('writes made through one server are read through the other', async () => {
    /** Writes, then reads through the next upstream in turn, which must be the other one. */
    const writeThenRead = async (write: () => Promise<Answer>, readPath: string) => {
      const written = await write();
      expect(written.status, JSON.stringify(written.body)).toBeLessThan(300);
      const read = await call('GET', readPath);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.upstream).not.toBe(written.upstream);
      return { written, read };
    };
    const organization = await writeThenRead(
      () => call('POST', '/api/organization', { json: { name: 'Two servers' } }),
      '/api/organizations',
    );
    const organizationID = organization.written.body.organization.id as number;
    expect(organization.read.body.organizations.items).toContainEqual(
      expect.objectContaining({ id: organizationID, name: 'Two servers' }),
    );

    const created = await call('POST', '/api/incident', { json: { organizationID, name: 'Failover drill' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    incidentID = created.body.incident.id;
    const incidentPath = `/api/incident/${incidentID}`;
    const incident = await call('GET', incidentPath);
    expect(incident.upstream).not.toBe(created.upstream);
    expect(incident.body.incident.name).toBe('Failover drill');

    const note = await writeThenRead(
      () => call('POST', `${incidentPath}/note`, { json: { kind: 'write-up', text: 'written through one server' } }),
      incidentPath,
    );
    expect(note.read.body.incident.notes.map((one: { text: string }) => one.text)).toEqual([
      'written through one server',
    ]);
    const tag = await writeThenRead(() => call('PUT', `${incidentPath}/tag/failover`), incidentPath);
    expect(tag.read.body.incident.tags).toContainEqual(
      expect.objectContaining({ itemType: 'incident', name: 'failover' }),
    );
    const renamed = await writeThenRead(
      () => call('PUT', incidentPath, { json: { name: 'Failover drill (renamed)' } }),
      incidentPath,
    );
    expect(renamed.read.body.incident.name).toBe('Failover drill (renamed)');
  });

  it('a file imported through one server is found by search through the other', async () => {
    const bytes = readFileSync(join(FIXTURES_DIR, 'events', 'zeek_notice_wrccdc2018.log'));
    // The rows whose message (Zeek's msg column) says "self signed", counted from the file itself.
    const lines = bytes.toString('utf8').split('\n');
    const columns = lines
      .find((line) => line.startsWith('#fields'))!
      .split('\t')
      .slice(1);
    const msg = columns.indexOf('msg');
    const expected = lines.filter(
      (line) => line && !line.startsWith('#') && /self signed/.test(line.split('\t')[msg] ?? ''),
    ).length;
    expect(expected).toBeGreaterThan(0);

    const form = new FormData();
    form.append('streamName', 'Zeek notices');
    form.append('file', new File([Uint8Array.from(bytes)], 'zeek_notice_wrccdc2018.log'));
    const imported = await call('POST', `/api/incident/${incidentID}/import`, { form });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.import).toMatchObject({ importedCount: 207, invalidCount: 0 });

    const found = await call(
      'GET',
      `/api/events/search?q=${encodeURIComponent('"self signed"')}&incidentID=${incidentID}&limit=500`,
    );
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.upstream).not.toBe(imported.upstream);
    expect(found.body.total).toBe(expected);
    expect(found.body.results).toHaveLength(expected);
    for (const result of found.body.results)
      expect(result.event).toMatchObject({ incidentID, streamName: 'Zeek notices' });
  });

  it('under a write load, one server killed part-way: the other carries on, 0 writes lost, 0 doubled', async () => {
    const victim = 1;
    let killedAtMs = 0;
    let exitedAtMs = 0;
    const before = proxy.stats();
    const outcomes = await runKeyedWriteLoad({ url: proxy.url, cookie, incidentID, ...LOAD }, async (startedAtMs) => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAtMs + LOAD.killAtMs - Date.now())));
      killedAtMs = Date.now();
      await servers[victim]!.stop('SIGKILL');
      exitedAtMs = Date.now();
    });

    // What the database holds: how many times each write's marker was stored.
    const stored = new Map<string, number>();
    const notes = await database.db.query<{ body: string; count: number }>(
      'SELECT body, count(*)::int AS count FROM notes WHERE incident_id = $1 GROUP BY body',
      [incidentID],
    );
    const actions = await database.db.query<{ marker: string; count: number }>(
      "SELECT value->>'marker' AS marker, count(*)::int AS count FROM audit_actions WHERE action_name = 'load-write' GROUP BY 1",
    );
    for (const row of [...notes.map((note) => ({ marker: note.body, count: note.count })), ...actions])
      stored.set(row.marker, row.count);
    const tally = tallyLoad(outcomes, stored, killedAtMs, exitedAtMs);
    const after = proxy.stats();
    const [{ version }] = (await database.db.query<{ version: string }>(
      "SELECT current_setting('server_version') AS version",
    )) as [{ version: string }];
    const figures = twoServersFigures({
      load: LOAD,
      postgresVersion: version,
      tally,
      before,
      after,
      log: proxy.log(),
      killedAtMs,
      victim,
      downMs: DOWN_MS,
    });
    recordFigures('5-two-servers', figures);
    console.log(figures);

    expect(tally.refused, tally.refusals.join('\n')).toBe(0);
    expect(tally.lost).toEqual([]);
    expect(tally.doubled).toEqual([]);
    expect(tally.storedOnce).toBe(tally.sent);
    // The load reached both before the kill, and went on through the survivor after it.
    expect(tally.acceptedBeforeKill.every((count) => count > 0)).toBe(true);
    expect(tally.acceptedAfterKill[victim]).toBe(0);
    expect(tally.acceptedAfterKill[1 - victim]).toBeGreaterThan(0);
    // Read back through the proxy (only the survivor answers now): every stored note is listed.
    const incident = await call('GET', `/api/incident/${incidentID}`);
    expect(incident.upstream).toBe(1 - victim);
    const loadNotes = incident.body.incident.notes.filter((note: { text: string }) =>
      note.text.startsWith('marker load-'),
    );
    expect(loadNotes).toHaveLength(outcomes.filter((outcome) => outcome.write.kind === 'note').length);
  });
});
