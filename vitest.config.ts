import { configDefaults, defineConfig } from 'vitest/config';

// Tests that need a PostgreSQL server (two processes on one database) run when one is configured.
const postgresOnly = [
  'tests/server/two-servers.test.ts',
  'tests/server/postgres-dead-client.test.ts',
  'tests/server/import-progress-two-servers.test.ts',
];

export default defineConfig({
  test: {
    include: [
      'tests/server/**/*.test.ts',
      'domain/**/*.test.ts',
      'server/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'workers/**/*.test.ts',
      'bench/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : postgresOnly)],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single worker on a two-core CI machine.
    // Most suites wait on a database server or a child process, so two files side by side use the
    // cores; each file has its own database (tests/support/test-database.ts).
    maxWorkers: 2,
  },
});
