/*
 * The e2e tests run the built app and server; fail early, with the fix, when they are missing.
 * Then one PGlite data directory is made and migrated here, and start-server.ts copies it for each
 * server: a new data directory's initdb and 18 migrations took 6-8 s of every server's start at
 * load 5 (30-40 s under a loaded CI), a copy about 0.2 s. The server still runs its own start on
 * the copy (migrations found applied, the first account, demo data), as on any later start.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { PROJECT_ROOT, SERVER_ENTRY, TEMPLATE_DIR_VARIABLE } from './start-server.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const missing = [SERVER_ENTRY, join(PROJECT_ROOT, 'dist/index.html')].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`Missing ${missing.join(' and ')}: run \`npm run build\` first (\`npm run test:e2e\` does both).`);
  }
  const templateDir = await mkdtemp(join(tmpdir(), 'churchkey-e2e-template-'));
  const db = await openPglite(templateDir);
  await migrate(db);
  await db.close();
  // NOTE: the workers are started after this and inherit the runner's environment.
  process.env[TEMPLATE_DIR_VARIABLE] = templateDir;
  return () => rm(templateDir, { recursive: true, force: true });
}
