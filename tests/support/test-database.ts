/*
 * Real databases for server tests: an in-memory PGlite, and, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database on it per test file (dropped afterwards). Both are copies of
 * the run's migrated templates when Vitest's globalSetup made them (tests/support/database-templates.ts).
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, type Db } from '../../server/db/database.ts';
import { createScratchDatabase } from '../../server/db/scratch-database.ts';
import { migrate } from '../../server/db/migrate.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every server suite runs against: PGlite always, PostgreSQL when configured. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  db: Db;
  /** A connection string for other processes (PostgreSQL only). */
  url: string | undefined;
  drop(): Promise<void>;
}

let pgliteTemplate: Blob | undefined;

/** The migrated template's bytes (read once per test process), or undefined when the run made none. */
export function migratedPgliteTemplate(): Blob | undefined {
  const path = inject('pgliteTemplate');
  if (path) pgliteTemplate ??= new Blob([readFileSync(path)]);
  return pgliteTemplate;
}

/**
 * Makes `dataDir` a migrated PGlite data directory from the run's template, so a server process
 * started on it runs no initdb; without a template the server makes it as before.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const template = migratedPgliteTemplate();
  if (!template) return;
  const db = await openPglite(dataDir, template);
  await db.close();
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openPglite(undefined, migratedPgliteTemplate());
    // Applies nothing on a template's copy; a database made without one is migrated here.
    await migrate(db);
    return { db, url: undefined, drop: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const scratch = await createScratchDatabase(adminUrl, 'churchkey_test', inject('postgresTemplate') || undefined);
  return { db: scratch.db, url: scratch.url, drop: scratch.drop };
}
