/*
 * A server process that dies (SIGKILL, crash) in the middle of a long statement must not leave
 * PostgreSQL running that statement to its end, holding its locks (a killed search rebuild kept the
 * events locked for as long as it had left): database.ts has PostgreSQL check for a lost client every
 * second. Here a real process of the built server's query layer is killed during a 120 s statement.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/project-root.ts';
import { ensureServerBuilt } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// vitest.config.ts leaves this file out when TEST_DATABASE_URL is not set.
const SLEEP = 'SELECT pg_sleep(120) AS dead_client_probe';

describe('a server process killed during a long PostgreSQL statement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    ensureServerBuilt();
    database = await createTestDatabase('postgres');
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  const running = async () =>
    (
      await database.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query = $1",
        [SLEEP],
      )
    )[0]!.n;

  it('has PostgreSQL end the statement soon after, not when it would have finished', async () => {
    const module = pathToFileURL(join(projectRoot(), 'build', 'server', 'db', 'database.js')).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { openPostgres } = await import(${JSON.stringify(module)}); await openPostgres(process.env.URL).query(${JSON.stringify(SLEEP)});`,
      ],
      {
        env: { ...process.env, URL: database.url },
        stdio: 'ignore',
      },
    );
    const started = Date.now();
    while ((await running()) === 0) {
      expect(child.exitCode, 'the child process ended before its statement ran').toBeNull();
      await sleep(50);
    }
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
    while ((await running()) > 0 && Date.now() - started < 100_000) await sleep(100);
    // pg_sleep(120) would still be running; the lost client was noticed instead.
    expect(await running()).toBe(0);
  }, 150_000);
});
