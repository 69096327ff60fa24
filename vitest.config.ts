import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// Tests that need a PostgreSQL server (two processes on one database) run when one is configured.
const postgresOnly = [
  'tests/server/two-servers.test.ts',
  'tests/server/postgres-dead-client.test.ts',
  'tests/server/import-progress-two-servers.test.ts',
];

// The unit tests that sit beside their code. Most are pure logic and share one module graph per
// worker (isolate: false): importing it afresh for every file cost more than the tests themselves
// (277 s against 103 s for these files at load 11-15).
const UNIT_FOLDERS = ['domain', 'server', 'src', 'workers', 'bench'];
// A unit test that changes what the next file in its worker would see gets a process of its own:
// stubbed globals, spies and fake timers, a fake IndexedDB (its databases outlive the file), or a
// module whose first state it asserts.
const CHANGES_SHARED_STATE = /vi\.(mock|doMock|stubGlobal|stubEnv|resetModules|useFakeTimers|spyOn)\b|fake-indexeddb/;
const NEEDS_FRESH_MODULES = ['domain/time/time-zone-loader.test.ts'];

function unitTestFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split('/').includes('node_modules'));
}

const unitFiles = UNIT_FOLDERS.flatMap(unitTestFiles);
const ownProcess = unitFiles.filter(
  (path) => NEEDS_FRESH_MODULES.includes(path) || CHANGES_SHARED_STATE.test(readFileSync(path, 'utf8')),
);
const shared = unitFiles.filter((path) => !ownProcess.includes(path));

export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : postgresOnly)],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single worker on a two-core CI machine.
    // Most suites wait on a database server or a child process, so two files side by side use the
    // cores; each file has its own database (tests/support/test-database.ts).
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: shared, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/server/**/*.test.ts', 'tests/lint/**/*.test.ts', ...ownProcess],
          // The migrated databases the server tests copy (a PGlite dump, a PostgreSQL template).
          globalSetup: ['tests/support/database-templates.ts'],
        },
      },
    ],
  },
});
