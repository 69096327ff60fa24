/*
 * For the suites of the `npm run import` CLI: a PGlite DATA_DIR holding one organization and one
 * incident, made before a describe block's tests (after compiling the server) and removed after,
 * and the compiled CLI run on it. Read `path` and `incidentID` inside tests, once the block started.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openPglite } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { projectRoot } from '../../server/project-root.ts';
import { insertIncident } from '../../server/repositories/incidents-repository.ts';
import { ensureServerBuilt } from './server-process.ts';
import { migratedPgliteTemplate } from './test-database.ts';

export interface CliDataDir {
  path: string;
  incidentID: number;
  run(args: string[]): SpawnSyncReturns<string>;
}

export function useCliDataDir(prefix: string): CliDataDir {
  const dir: CliDataDir = {
    path: '',
    incidentID: 0,
    run(args) {
      // The CLI must use this PGlite directory even when the test run has a PostgreSQL server.
      const { DATABASE_URL: _unused, ...env } = process.env;
      return spawnSync(process.execPath, [join(projectRoot(), 'build/server/cli/import.js'), ...args], {
        env: { ...env, DATA_DIR: dir.path },
        encoding: 'utf8',
      });
    },
  };
  beforeAll(async () => {
    ensureServerBuilt();
    dir.path = mkdtempSync(join(tmpdir(), prefix));
    const db = await openPglite(dir.path, migratedPgliteTemplate());
    await migrate(db);
    const [organization] = await db.query<{ id: number }>(
      "INSERT INTO organizations (name, created_micros) VALUES ('Ops', 0) RETURNING id",
    );
    dir.incidentID = await insertIncident(db, {
      organizationId: organization!.id,
      name: 'Outage',
      description: '',
      analystId: null,
    });
    await db.close();
  }, 120_000);
  afterAll(() => rmSync(dir.path, { recursive: true, force: true }));
  return dir;
}
