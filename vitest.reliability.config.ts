/*
 * The reliability suite's server half (tests/reliability/*.test.ts): fuzzing, the access matrix,
 * crashes, load, two servers. The files that start a server process (load, crashes, sockets, two
 * servers) run one at a time, so each has the machine to itself. In the short form (CI) the others,
 * which measure no time and run in this process, go first, two at a time.
 */
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Tests that need a PostgreSQL server run when one is configured (CI configures one).
const postgresOnly = ['tests/reliability/two-servers*.test.ts'];
const inProcess = [
  'tests/reliability/security-headers.test.ts',
  'tests/reliability/access-matrix.test.ts',
  'tests/reliability/fuzz-api.test.ts',
  'tests/reliability/fuzz-importers.test.ts',
  'tests/reliability/support/**/*.test.ts',
];
const exclude = [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : postgresOnly)];
const common = { testTimeout: 600_000, hookTimeout: 600_000, pool: 'forks', passWithNoTests: true } as const;

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      ...common,
      name: 'two at a time',
      include: inProcess,
      exclude,
      maxWorkers: 2,
      sequence: { groupOrder: 0 },
    },
  },
  {
    test: {
      ...common,
      name: 'alone',
      include: ['tests/reliability/**/*.test.ts'],
      exclude: [...exclude, ...inProcess],
      fileParallelism: false,
      sequence: { groupOrder: 1 },
    },
  },
];

export default defineConfig({
  test: {
    ...common,
    // The migrated databases the suites copy (a PGlite dump, a PostgreSQL template); the projects do
    // not extend this config, so it runs once.
    globalSetup: ['tests/support/database-templates.ts'],
    ...(process.env.RELIABILITY_SCALE === 'short'
      ? { projects }
      : { include: ['tests/reliability/**/*.test.ts'], exclude, fileParallelism: false }),
  },
});
