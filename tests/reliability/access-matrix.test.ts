/*
 * The access matrix checked (reliability issue, part 2): every row of access-matrix.ts is sent by
 * each of the five callers, on a real database, and must answer the table's status. Every refusal
 * must leave every table as it was and say nothing of what the caller may not see (A's names, ids
 * it did not send, SQL, stack traces, paths); "not yours" must read exactly like "does not exist";
 * B's analyst finds nothing of A even in the answers it is given. Every GET is sent as HEAD too.
 * Long because: one table-driven suite, every row for every caller, with the checks each answer must pass.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DATABASE_KINDS, type DatabaseKind } from '../support/test-database.ts';
import { startOidcTwinApp } from '../support/oidc-twin-app.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { ACCESS_MATRIX, CALLERS, rowKey, type AccessRow, type Caller, type Method } from './access-matrix.ts';
import { CROSS_REFERENCES, MATRIX_REQUESTS, type MatrixRequest } from './access-requests.ts';
import { buildWorld, freshSession, type World } from './access-world.ts';
import { recordFigures } from './figures.ts';
import { scaled } from './scale.ts';
import { changedTables, snapshotTables, type TableSnapshot } from './support/table-snapshot.ts';
import { expectMatrixCoversRoutes } from './support/matrix-coverage.ts';

// CI's short form checks PGlite; the full run checks PostgreSQL too.
const KINDS: DatabaseKind[] = scaled(DATABASE_KINDS, ['pglite']);

// What a refusal may legitimately change: `sessions`, whose last-seen time any signed-in request
// touches once a minute (plugins/auth.ts → findSessionUser), whatever it is answered.
const MAY_CHANGE_ON_REFUSAL = ['sessions'];

/** Text that must never be in a refusal: SQL, stack frames, file paths, error class names. */
const INTERNALS: [string, RegExp][] = [
  ['SQL', /\b(select\b[\s\S]*\bfrom|insert\s+into|delete\s+from|update\s+\w+\s+set)\b/i],
  ['a database error', /syntax error|violates|duplicate key|relation "|column "|pglite|postgres/i],
  ['a stack trace', /\n\s+at\s|\.(ts|js|mjs):\d+/],
  ['a file path', /\/(work|tmp|home|usr|var|root)\/|node_modules|[A-Z]:\\/],
  ['an error class', /\b\w*(Type|Reference|Syntax|Range|Zod|Fastify)Error\b/],
];

interface Figures {
  rows: number;
  calls: number;
  headCalls: number;
  refusals: number;
  twins: number;
  leaks: number;
  snapshots: number;
  changedByRefusal: number;
  statusMismatches: number;
  seconds: number;
}
const figures = new Map<DatabaseKind, Figures>();
/** B's analyst naming A's objects inside B's own incident: how many, how many refused like ids of nothing. */
const crossReferences = new Map<DatabaseKind, { sent: number; alike: number }>();

/** What a refusal (or an answer to B's analyst) shows that it should not. */
function findLeaks(world: World, body: string, sent: string, ownIds: number[]): string[] {
  const found: string[] = [];
  for (const secret of world.secrets) if (body.includes(secret) && !sent.includes(secret)) found.push(`"${secret}"`);
  for (const id of world.allIds) {
    if (new RegExp(`(?<![0-9])${id}(?![0-9])`).test(body) && !sent.includes(String(id)) && !ownIds.includes(id))
      found.push(`id ${id}`);
  }
  for (const [what, pattern] of INTERNALS) if (pattern.test(body)) found.push(what);
  return found;
}

function requestText(request: MatrixRequest, headers: Record<string, string>): string {
  const parts = [request.url, decodeURIComponent(request.url), JSON.stringify(headers)];
  if (request.payload instanceof FormData) {
    request.payload.forEach((value, name) => parts.push(name, typeof value === 'string' ? value : value.name));
  } else if (request.payload !== undefined) {
    parts.push(JSON.stringify(request.payload));
  }
  return parts.join('\n');
}

describe.each(KINDS)('access matrix on %s', (kind) => {
  let server: TestServer;
  let world: World;
  let oidcApp: FastifyInstance;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildWorld(server);
    oidcApp = await startOidcTwinApp(server);
  });
  afterAll(async () => {
    await oidcApp?.close();
    await server?.close();
  });

  it('has one row (or more) for every route the app registers, and none for a route it does not', () => {
    expectMatrixCoversRoutes([
      ['local', server.app],
      ['oidc', oidcApp],
    ]);
  });

  it('answers every route and caller as the table says; every refusal changes nothing, leaks nothing, and reads alike for "not yours" and "does not exist"', async () => {
    const started = Date.now();
    const tally: Figures = {
      rows: ACCESS_MATRIX.length,
      calls: 0,
      headCalls: 0,
      refusals: 0,
      twins: 0,
      leaks: 0,
      snapshots: 0,
      changedByRefusal: 0,
      statusMismatches: 0,
      seconds: 0,
    };
    const problems: string[] = [];
    /** What B's analyst sent in requests that were carried out: it may see those again. */
    let otherOrgSent = '';
    const ownIds = (caller: Caller) =>
      caller === 'none' ? [] : [world.sessions[caller].userID, world.actingAnalyst[caller]];

    // Refusals are checked against a snapshot taken before them; the full run takes one after each
    // refusal, CI's short form one after each run of consecutive refusals (a row's callers up to the
    // first it expects to be answered), naming the whole run when something changed.
    const perRefusal = scaled(true, false);
    const snap = () => snapshotTables(server.db, MAY_CHANGE_ON_REFUSAL);
    let baseline: TableSnapshot | undefined = await snap();
    let pending: string[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const now = await snap();
      tally.snapshots += 1;
      const changed = changedTables(baseline!, now);
      if (changed.length > 0) {
        tally.changedByRefusal += pending.length;
        problems.push(`${pending.join(' / ')}: refused, but changed ${changed.join('; ')}`);
      }
      baseline = now;
      pending = [];
    };
    /** Before a call: a refusal needs a baseline; an answered call ends the run of refusals. */
    const prepare = async (expectRefusal: boolean) => {
      if (!expectRefusal) await flush();
      else if (baseline === undefined) {
        baseline = await snap();
        tally.snapshots += 1;
      }
    };

    const send = async (
      app: FastifyInstance,
      method: Method | 'HEAD',
      caller: Caller,
      request: MatrixRequest,
      actingAs = world.actingAnalyst[caller],
    ) => {
      const headers: Record<string, string> = {};
      if (caller !== 'none') {
        const session = world.sessions[caller];
        headers.cookie = session.cookie;
        headers['x-churchkey-analyst'] = String(actingAs);
        // The fresh session's sign-in is no part of the call under test.
        if (request.freshSession) {
          await flush();
          baseline = undefined;
          headers.cookie = await freshSession(server, session.username);
        }
      } else {
        headers['x-churchkey-analyst'] = '0';
      }
      // The offline outbox sends its writes with an Idempotency-Key (never with files): a refused one must keep no key either.
      if (
        method !== 'GET' &&
        method !== 'HEAD' &&
        !(request.payload instanceof FormData) &&
        request.url.startsWith('/api/')
      ) {
        headers['idempotency-key'] = `matrix-${randomUUID()}`;
      }
      const response = await app.inject({
        method,
        url: request.url,
        headers,
        ...(request.payload === undefined ? {} : { payload: request.payload as object }),
      });
      return { response, text: requestText(request, headers) };
    };

    const leaksIn = (body: string, sent: string, caller: Caller) => findLeaks(world, body, sent, ownIds(caller));

    /** Checks one answer against the table and the rules; returns its body for comparison. */
    const check = async (
      label: string,
      row: AccessRow,
      caller: Caller,
      method: Method | 'HEAD',
      sent: { response: LightMyRequestResponse; text: string },
    ) => {
      const { response, text } = sent;
      const status = response.statusCode;
      const expected = row.expect[caller];
      if (status !== expected) {
        tally.statusMismatches += 1;
        problems.push(`${label}: ${status}, the table says ${expected}: ${response.body.slice(0, 300)}`);
      }
      if (status >= 400) {
        tally.refusals += 1;
        pending.push(label);
        if (perRefusal) await flush();
        const leaks = leaksIn(response.body, text, caller);
        if (leaks.length > 0) {
          tally.leaks += leaks.length;
          problems.push(`${label}: the refusal holds ${leaks.join(', ')}: ${response.body.slice(0, 300)}`);
        }
        if (row.route.startsWith('/api/') && method !== 'HEAD') {
          const error = (response.json() as { error?: { code?: unknown; message?: unknown } }).error;
          if (typeof error?.code !== 'string' || typeof error.message !== 'string')
            problems.push(
              `${label}: the refusal is not {error: {code, message, field}}: ${response.body.slice(0, 200)}`,
            );
        }
      } else if (caller === 'otherOrg') {
        // Carried out for B's analyst: nothing of A in it, beyond what B's analyst itself sent.
        const leaks = leaksIn(response.body, `${text}\n${otherOrgSent}`, caller).filter(
          (leak) => leak.startsWith('"') || world.targetIds.includes(Number(leak.slice(3))),
        );
        if (leaks.length > 0) {
          tally.leaks += leaks.length;
          problems.push(`${label}: B's analyst was shown ${leaks.join(', ')}`);
        }
        otherOrgSent += `\n${text}`;
      }
      if (status < 400) {
        // An answered call may change what is stored: the refusals before it are checked only when it
        // was expected (flushed before it was sent); an unexpected answer is a mismatch already.
        baseline = undefined;
        pending = [];
      }
    };

    for (const row of ACCESS_MATRIX) {
      const build = MATRIX_REQUESTS[rowKey(row)]!;
      const app = row.authMode === 'oidc' ? oidcApp : server.app;
      for (const caller of CALLERS) {
        const label = `${rowKey(row)} as ${caller}`;
        const refusal = row.expect[caller] >= 400;
        const request = build(world.target, world, caller);
        await prepare(refusal);
        const sent = await send(app, row.method, caller, request);
        tally.calls += 1;
        await check(label, row, caller, row.method, sent);
        if (row.method === 'GET' && scaled(true, false)) {
          await prepare(refusal);
          const head = await send(app, 'HEAD', caller, build(world.target, world, caller));
          tally.headCalls += 1;
          await check(`HEAD of ${label}`, row, caller, 'HEAD', head);
        }
        // Acting as an analyst one was not granted reads exactly like acting as one that does not exist.
        if (caller === 'writerAsOther' && sent.response.statusCode === 403) {
          await prepare(true);
          const nobody = 99_999_999;
          const twin = await send(app, row.method, caller, build(world.target, world, caller), nobody);
          tally.twins += 1;
          await check(`${label}, as an analyst that does not exist`, row, caller, row.method, twin);
          const plain = (body: string, id: number) => body.replaceAll(String(id), 'ID');
          if (
            twin.response.statusCode !== 403 ||
            plain(twin.response.body, nobody) !== plain(sent.response.body, world.actingAnalyst.writerAsOther)
          ) {
            problems.push(
              `${label}: acting as a real analyst answers ${sent.response.body.slice(0, 200)}, as no analyst ${twin.response.statusCode} ${twin.response.body.slice(0, 200)}`,
            );
          }
        }
        // The product promises that what is behind a wall reads exactly like what does not exist.
        if (caller === 'otherOrg' && sent.response.statusCode >= 400) {
          await prepare(true);
          const twin = await send(app, row.method, caller, build(world.missing, world, caller));
          tally.twins += 1;
          await check(`${label}, naming nothing`, row, caller, row.method, twin);
          const plain = (response: LightMyRequestResponse) => response.body.replace(/"version":"[0-9a-f]*"/, '');
          if (twin.response.statusCode !== sent.response.statusCode || plain(twin.response) !== plain(sent.response)) {
            problems.push(
              `${label}: "not yours" answers ${sent.response.statusCode} ${sent.response.body.slice(0, 200)} but "does not exist" answers ${twin.response.statusCode} ${twin.response.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    await flush();
    // The checks can fail: the same detector finds A's names and ids in what A's reader is shown.
    const readerView = await send(server.app, 'GET', 'reader', { url: `/api/incident/${world.target.incidentID}` });
    expect(leaksIn(readerView.response.body, '', 'reader').length).toBeGreaterThan(10);
    tally.seconds = (Date.now() - started) / 1000;
    figures.set(kind, tally);
    expect(problems).toEqual([]);
  });

  it("refuses B's analyst naming A's objects from inside B's own incident exactly as ids of nothing, storing nothing", async () => {
    const own = world.sessions.otherOrg;
    const problems: string[] = [];
    const sendAs = (method: string, request: MatrixRequest) =>
      own.request({
        method: method as 'GET',
        url: request.url,
        analyst: own.userID,
        ...(request.payload === undefined ? {} : { payload: request.payload as object }),
      });
    for (const { label, method, build } of CROSS_REFERENCES) {
      const before = await snapshotTables(server.db, MAY_CHANGE_ON_REFUSAL);
      const request = build(world.target, world);
      const answer = await sendAs(method, request);
      const twin = await sendAs(method, build(world.missing, world));
      const changed = changedTables(before, await snapshotTables(server.db, MAY_CHANGE_ON_REFUSAL));
      const plain = (body: string) =>
        body.replace(/\b99900[0-9]{3}\b|\b7[0-9]{7}\b/g, 'ID').replace(/"version":"[0-9a-f]*"/, '');
      if (answer.statusCode < 400) problems.push(`${label}: answered ${answer.statusCode}`);
      if (answer.statusCode !== twin.statusCode || plain(answer.body) !== plain(twin.body)) {
        problems.push(
          `${label}: "A's" answers ${answer.statusCode} ${answer.body.slice(0, 200)}, "nothing" answers ${twin.statusCode} ${twin.body.slice(0, 200)}`,
        );
      }
      if (changed.length > 0) problems.push(`${label}: changed ${changed.join('; ')}`);
      const leaks = findLeaks(world, answer.body, requestText(request, {}), [own.userID]);
      if (leaks.length > 0) problems.push(`${label}: the refusal holds ${leaks.join(', ')}`);
    }
    crossReferences.set(kind, {
      sent: CROSS_REFERENCES.length,
      alike: CROSS_REFERENCES.length - new Set(problems.map((problem) => problem.split(':')[0])).size,
    });
    expect(problems).toEqual([]);
  });

  it("shows B's analyst nothing of A in B's own things, even where an administrator related them", async () => {
    const B = world.b;
    const own = world.sessions.otherOrg;
    for (const url of [
      `/api/incident/${B.incidentID}`,
      `/api/organization/${B.organizationID}`,
      `/api/organization/${B.organizationID}/connections`,
      `/api/incidents?organizationID=${B.organizationID}`,
      '/api/organizations',
      `/api/events/search?q=event`,
      `/api/incident/${B.incidentID}/events`,
      `/api/incident/${B.incidentID}/events.ndjson`,
    ]) {
      const response = await own.request({ url, analyst: own.userID });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(
        world.secrets.filter((secret) => response.body.includes(secret)),
        url,
      ).toEqual([]);
      expect(
        world.targetIds.filter((id) => new RegExp(`(?<![0-9])${id}(?![0-9])`).test(response.body)),
        url,
      ).toEqual([]);
    }
    // The administrator's view of the same incident does list the relation (so the check above can fail).
    const adminView = await world.sessions.admin.request({
      url: `/api/incident/${B.incidentID}`,
      analyst: world.sessions.admin.userID,
    });
    expect(
      adminView.json().incident.relatedIncidents.map((related: { incidentID: number }) => related.incidentID),
    ).toContain(world.target.incidentID);
  });
});

afterAll(() => {
  if (figures.size === 0) return;
  const lines = [...figures].map(([kind, f]) => {
    const cross = crossReferences.get(kind);
    return `| ${kind} | ${f.rows} | ${f.calls} | ${f.headCalls} | ${f.twins} | ${f.refusals} | ${f.refusals - f.changedByRefusal} / ${f.refusals} (${f.snapshots} snapshots) | ${f.statusMismatches} | ${f.leaks} | ${cross ? `${cross.alike} / ${cross.sent}` : 'not run'} | ${f.seconds.toFixed(1)} s |`;
  });
  recordFigures(
    '2-access-matrix',
    `### Access matrix (part 2)

Every route the app registers (tests/reliability/access-matrix.ts, checked against Fastify's own route list in both sign-in modes), sent by five callers: no session, a read-only analyst of organization A, a write analyst of A acting as A's owner without a grant, a write analyst of organization B, an administrator. Every GET is sent as HEAD too (full run only), every refusal B's analyst gets is sent again naming ids that do not exist, and every refusal of the writer acting as another is sent again acting as an analyst that does not exist. Goal: every status as the table says, every refusal leaving all tables unchanged (row count and md5 of each), 0 leaks (A's names, ids the caller did not send, SQL, stack traces, paths in a refusal; anything of A in an answer to B's analyst), and "not yours" answered byte for byte like "does not exist". Besides, B's analyst names A's objects in bodies and paths of calls on B's own incident (an event in A's stream, a collection of A's events, a link on A's stream, an upload attached to A's event, A's map through B's incident…): each must be refused exactly like an id of nothing, storing nothing.

| database | rows | route × caller calls | HEAD calls | "does not exist" twins | refusals | refusals leaving the database unchanged | status mismatches | leaks found | A's ids named in B's incident, refused like ids of nothing | time |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${lines.join('\n')}`,
  );
});
