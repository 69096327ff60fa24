/*
 * Real databases for server tests: an in-memory PGlite, and, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database on it per test file (dropped afterwards).
 */
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

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openPglite(undefined);
    await migrate(db);
    return { db, url: undefined, drop: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const scratch = await createScratchDatabase(adminUrl, 'churchkey_test');
  return { db: scratch.db, url: scratch.url, drop: scratch.drop };
}
