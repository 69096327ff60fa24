/*
 * The reliability suite's server half (tests/reliability/*.test.ts): fuzzing, the access matrix,
 * crashes, load, two servers. One file at a time, so a load or crash test has the machine to itself.
 */
import { configDefaults, defineConfig } from 'vitest/config';

// Tests that need a PostgreSQL server run when one is configured (CI configures one).
const postgresOnly = ['tests/reliability/two-servers*.test.ts'];

export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : postgresOnly)],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // The migrated databases the suites copy (a PGlite dump, a PostgreSQL template).
    globalSetup: ['tests/support/database-templates.ts'],
    pool: 'forks',
    fileParallelism: false,
    passWithNoTests: true,
  },
});
