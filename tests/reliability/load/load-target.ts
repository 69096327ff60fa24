/*
 * The server under load: the real server process (build/server/server.js) on PGlite in a temp
 * DATA_DIR or on a scratch PostgreSQL database, holding either a synthetic incident written by the
 * command an operator runs (`npm run generate`) or the demo data of a first start (small, and quick
 * to load: the CI size), signed in as the first account with the primary analyst made through the
 * API, as the app does on a first start.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, type Db } from '../../../server/db/database.ts';
import { projectRoot } from '../../../server/project-root.ts';
import { ensureServerBuilt, startServerProcess, type ServerProcess } from '../../support/server-process.ts';
import {
  createTestDatabase,
  seedPgliteDataDir,
  type DatabaseKind,
  type TestDatabase,
} from '../../support/test-database.ts';

const PASSWORD = 'load-test-admin-password';

export interface ProcessMemory {
  /** Resident set size now. */
  rssBytes: number;
  /** The highest resident set size since the process started. */
  peakRssBytes: number;
}

/** A synthetic incident of this many events, or the demo organization's largest incident. */
export type LoadSeed = { syntheticEvents: number } | 'demo';

/** CPU time the process has used so far, user and system (Linux: /proc/<pid>/stat). */
export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface LoadTarget {
  kind: DatabaseKind;
  url: string;
  /** The session cookie and analyst header every request of the app carries. */
  headers: Record<string, string>;
  incidentID: number;
  /** The incident's events, markers included. */
  eventCount: number;
  server: ServerProcess;
  memory(): ProcessMemory;
  cpuSeconds(): number;
  /** Stops the server and opens its database (PGlite allows one process at a time). */
  stopAndOpenDatabase(): Promise<Db>;
  close(): Promise<void>;
}

/** The server's memory as the kernel counts it (Linux): VmRSS and VmHWM of /proc/<pid>/status. */
export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { rssBytes: kib('VmRSS'), peakRssBytes: kib('VmHWM') };
}

/** Reads the server's /proc entry; if the process is gone, says so with what it printed last. */
function whileRunning<T>(server: ServerProcess, read: () => T): T {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    throw new Error(
      `the server process exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-4000)}`,
    );
  }
  return read();
}

async function json(response: Response, expected: number): Promise<Record<string, unknown>> {
  const body = await response.text();
  if (response.status !== expected)
    throw new Error(`${response.url}: expected ${expected}, got ${response.status} ${body}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/** Writes the synthetic incident before the server starts (PGlite is one process's database). */
function generateIncident(storeEnv: Record<string, string>, events: number): number {
  const printed = execFileSync(
    process.execPath,
    [join(projectRoot(), 'build', 'server', 'cli', 'generate.js'), '--events', String(events), '--points', '0'],
    { cwd: projectRoot(), env: { ...process.env, ...storeEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const incidentID = Number(/Generated incident (\d+)/.exec(printed)?.[1]);
  if (!Number.isInteger(incidentID)) throw new Error(`generate printed no incident:\n${printed}`);
  return incidentID;
}

export async function startLoadTarget(kind: DatabaseKind, seed: LoadSeed): Promise<LoadTarget> {
  ensureServerBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'churchkey-load-'));
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  try {
    if (kind === 'postgres') database = await createTestDatabase('postgres');
    else await seedPgliteDataDir(dataDir);
    const storeEnv: Record<string, string> = database
      ? { DATABASE_URL: database.url!, DATA_DIR: dataDir }
      : { DATA_DIR: dataDir };
    const generatedID = seed === 'demo' ? undefined : generateIncident(storeEnv, seed.syntheticEvents);
    server = await startServerProcess({
      ...storeEnv,
      CHURCHKEY_ADMIN_PASSWORD: PASSWORD,
      DEMO_DATA: String(seed === 'demo'),
    });
    const signIn = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    await json(signIn, 200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const primary = await json(
      await fetch(`${server.url}/api/analyst/primary`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Load Analyst', email: 'load@example.org' }),
      }),
      201,
    );
    const analystID = (primary['analyst'] as { id: number }).id;
    const headers = { cookie, 'x-churchkey-analyst': String(analystID) };
    const listed = await json(await fetch(`${server.url}/api/incidents`, { headers }), 200);
    const incidents = (listed['incidents'] as { items: Array<{ id: number; counts: { events: number } }> }).items;
    const incident =
      generatedID === undefined
        ? incidents.reduce((largest, candidate) =>
            candidate.counts.events > largest.counts.events ? candidate : largest,
          )
        : incidents.find((candidate) => candidate.id === generatedID);
    if (!incident) throw new Error(`no incident to load: ${JSON.stringify(incidents)}`);
    const running = server;
    const pid = running.child.pid!;

    let stopped = false;
    let opened: Db | undefined;
    return {
      kind,
      url: running.url,
      headers,
      incidentID: incident.id,
      eventCount: incident.counts.events,
      server: running,
      memory: () => whileRunning(running, () => processMemory(pid)),
      cpuSeconds: () => whileRunning(running, () => processCpuSeconds(pid)),
      async stopAndOpenDatabase() {
        stopped = true;
        await running.stop();
        if (database) return database.db;
        opened ??= await openPglite(dataDir);
        return opened;
      },
      async close() {
        if (!stopped) await running.stop();
        await opened?.close();
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
