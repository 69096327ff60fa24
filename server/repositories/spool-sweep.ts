/*
 * A process killed while it received or imported a file (SIGKILL, power) leaves that file's
 * spooled copy in the temporary directory (blob-repository.ts spoolBlob); nothing else would ever
 * remove it. At start the server removes the spooled files of processes that no longer run (the
 * pid is in the name), and never a running process's: servers on one PostgreSQL may share the
 * directory. Files of the older naming (no pid) go once they are a day old.
 */
import type { Db } from '../db/database.ts';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SPOOL_PREFIX } from './blob-repository.ts';

const OLD_NAMING_MAX_AGE_MILLIS = 86_400_000;
const NAME = new RegExp(`^${SPOOL_PREFIX}(?:(\\d+)-)?[0-9a-f]+\\.part$`);

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Removes abandoned spooled files in `tmpDir`; answers how many went. */
export async function sweepAbandonedSpools(tmpDir: string, now = Date.now()): Promise<number> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) continue;
    const path = join(tmpDir, name);
    const abandoned =
      match[1] !== undefined
        ? !isRunning(Number(match[1]))
        : now - (await stat(path).catch(() => ({ mtimeMs: now }))).mtimeMs > OLD_NAMING_MAX_AGE_MILLIS;
    if (!abandoned) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * PGlite: the staging tables of an import killed mid-way (session tables, server/import/import-file.ts)
 * outlive the process in the one backend's temporary schema. Making a temporary table clears that
 * schema, as PostgreSQL does for one whose owner is gone; a PostgreSQL server drops them itself.
 */
export async function sweepAbandonedStaging(db: Db): Promise<void> {
  if (db.kind !== 'pglite') return;
  await db.query('CREATE TEMP TABLE churchkey_start_sweep (x integer)');
  await db.query('DROP TABLE churchkey_start_sweep');
}
