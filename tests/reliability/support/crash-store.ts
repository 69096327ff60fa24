/*
 * The store a crash test's server runs on, kept across its restarts: PGlite in a directory (the
 * server's DATA_DIR; opened here only while no server runs, since PGlite is one process's) or a
 * scratch PostgreSQL database (its own connection, open all along). Also the server's environment.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openPglite, type Db } from '../../../server/db/database.ts';
import type { DatabaseKind } from '../../support/test-database.ts';
import { createTestDatabase, seedPgliteDataDir, type TestDatabase } from '../../support/test-database.ts';

export interface CrashStore {
  kind: DatabaseKind;
  /** The environment of a server process on this store. */
  env: Record<string, string>;
  /** Runs `work` with a connection to the store (for PGlite: no server may be running). */
  inspect<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Spooled upload files (churchkey-upload-*.part) waiting in the server's temporary directory. */
  spooledFiles(): Promise<string[]>;
  drop(): Promise<void>;
}

/** `work` is a fresh temporary directory of the test's own. */
export async function crashStore(kind: DatabaseKind, work: string, password: string): Promise<CrashStore> {
  // TMPDIR: where a server on PostgreSQL spools uploads (os.tmpdir()); on PGlite it is DATA_DIR/tmp.
  const tmp = join(work, 'tmp');
  const dataDir = join(work, 'data');
  const base = { CHURCHKEY_ADMIN_PASSWORD: password, TMPDIR: tmp };
  const spoolDir = kind === 'pglite' ? join(dataDir, 'tmp') : tmp;
  const spooledFiles = async () =>
    (await readdir(spoolDir).catch(() => [] as string[])).filter((name) => name.startsWith('churchkey-upload-'));
  if (kind === 'pglite') {
    await seedPgliteDataDir(dataDir);
    return {
      kind,
      env: { ...base, DATA_DIR: dataDir },
      async inspect(work) {
        const db = await openPglite(dataDir);
        try {
          return await work(db);
        } finally {
          await db.close();
        }
      },
      spooledFiles,
      drop: async () => {},
    };
  }
  const database: TestDatabase = await createTestDatabase('postgres');
  return {
    kind,
    env: { ...base, DATABASE_URL: database.url! },
    inspect: (work) => work(database.db),
    spooledFiles,
    drop: () => database.drop(),
  };
}
