/*
 * The databases a benchmark runs on: PGlite on disk in a temporary directory, and a fresh database
 * on the PostgreSQL server of BENCH_DATABASE_URL (or TEST_DATABASE_URL), dropped afterwards. Each
 * comes with the built app and an administrator's session for app.inject.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openPglite, type Db } from '../server/db/database.ts';
import { createScratchDatabase } from '../server/db/scratch-database.ts';
import { migrate } from '../server/db/migrate.ts';
import { insertAnalyst, type AnalystRow } from '../server/repositories/analysts-repository.ts';
import { insertIncident } from '../server/repositories/incidents-repository.ts';
import { createSession } from '../server/repositories/sessions-repository.ts';
import { insertLocalUser } from '../server/repositories/users-repository.ts';

export type StoreKind = 'pglite' | 'postgres';

export interface BenchStore {
  kind: StoreKind;
  db: Db;
  /** e.g. "PostgreSQL 18.6 (PGlite 0.5.16)" or "PostgreSQL 15.18". */
  version: string;
  close(): Promise<void>;
}

export const postgresUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

export async function openStore(kind: StoreKind): Promise<BenchStore> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'churchkey-bench-'));
    const db = await openPglite(dir);
    await migrate(db);
    const [row] = await db.query<{ version: string }>('SELECT version()');
    return {
      kind,
      db,
      version: /^(PostgreSQL [\d.]+ \(PGlite [\d.]+\))/.exec(row!.version)?.[1] ?? row!.version,
      async close() {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = postgresUrl();
  if (!adminUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL runs');
  const scratch = await createScratchDatabase(adminUrl, 'churchkey_bench');
  const db = scratch.db;
  const [row] = await db.query<{ server_version: string }>('SHOW server_version');
  return {
    kind,
    db,
    version: `PostgreSQL ${row!.server_version.split(' ')[0]}`,
    close: scratch.drop,
  };
}

export interface BenchApp {
  app: FastifyInstance;
  analyst: AnalystRow;
  /** GET a URL as the administrator. */
  get(url: string): Promise<LightMyRequestResponse>;
}

export async function startApp(db: Db): Promise<BenchApp> {
  const config = loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
  const app = await buildApp({ db, config, version: 'bench' }, { appDir: '/nonexistent' });
  await app.ready();
  const user = await insertLocalUser(db, {
    username: `bench-${randomBytes(3).toString('hex')}`,
    name: 'Bench',
    email: '',
    passwordHash: 'unused',
  });
  const analyst = await insertAnalyst(db, {
    id: user.id,
    name: 'Bench administrator',
    email: '',
    permission: 'admin',
    userId: user.id,
  });
  const token = await createSession(db, user.id, 24 * 3600 * 1_000_000, { userAgent: 'bench', ip: '127.0.0.1' });
  return {
    app,
    analyst,
    get: (url) => app.inject({ method: 'GET', url, headers: { cookie: `churchkey_session=${token}` } }),
  };
}

/** An incident as importFile's `incident` callback answers it: what the import benches write into. */
export interface BenchIncident {
  id: number;
  organization_id: number;
  name: string;
}

/** A fresh organization named `organization` holding one incident per name, written straight to the store. */
export async function benchIncidents<const Names extends readonly string[]>(
  db: Db,
  organization: string,
  names: Names,
): Promise<{ [K in keyof Names]: BenchIncident }> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO organizations (name, created_micros) VALUES ($1, 0) RETURNING id',
    [organization],
  );
  const incidents: BenchIncident[] = [];
  for (const name of names) {
    const id = await insertIncident(db, { organizationId: row!.id, name, description: '', analystId: null });
    incidents.push({ id, organization_id: row!.id, name });
  }
  // One incident per name, in order: the tuple type says so to the caller's destructuring.
  return incidents as { [K in keyof Names]: BenchIncident };
}
