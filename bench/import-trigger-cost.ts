/*
 * What the triggers on `events` cost a server import: importFile of the bench's generated TSV with
 * track_functions on, then each PL/pgSQL function's calls, total and own time from
 * pg_stat_user_functions (the statement triggers on each batch's COPY: reference check, counts; the
 * change-number row trigger, skipped by the import's rows, which carry theirs).
 * `npm run -s build:server && node build/bench/import-trigger-cost.js --store pglite|postgres [--rows N]`
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres, type Db } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { createScratchDatabase } from '../server/db/scratch-database.ts';
import { importFile } from '../server/import/import-file.ts';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { benchIncidents, postgresUrl } from './bench-store.ts';
import { IMPORT_SETTINGS, writeImportTsv } from './import-bench.ts';

const { values } = parseArgs({
  options: { store: { type: 'string', default: 'postgres' }, rows: { type: 'string', default: '200000' } },
});
const rows = Number(values.rows);
const scratch = await mkdtemp(join(tmpdir(), 'churchkey-trigger-cost-'));

/** A migrated store whose every connection counts the time of PL/pgSQL functions. */
async function openCounting(): Promise<{ db: Db; close(): Promise<void> }> {
  if (values.store === 'pglite') {
    const db = await openPglite(join(scratch, 'pglite'));
    await migrate(db);
    await db.exec("SET track_functions = 'pl'");
    return { db, close: () => db.close() };
  }
  const adminUrl = postgresUrl();
  if (!adminUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const made = await createScratchDatabase(adminUrl, 'churchkey_trigger_cost');
  const [{ name }] = (await made.db.query<{ name: string }>('SELECT current_database() AS name')) as [{ name: string }];
  await made.db.exec(`ALTER DATABASE ${name} SET track_functions = 'pl'`);
  // A new pool, so that every connection the import opens starts with the setting.
  const db = openPostgres(made.url);
  await migrate(db);
  return {
    db,
    async close() {
      await db.close();
      await made.drop();
    },
  };
}

const store = await openCounting();
try {
  const path = join(scratch, 'bench.tsv');
  await writeImportTsv(path, rows);
  const [incident] = await benchIncidents(store.db, 'Triggers', ['Triggers']);
  const file = await spoolBlob(createReadStream(path), scratch);
  const started = performance.now();
  await importFile(store.db, {
    incident: async () => incident!,
    file,
    fileName: 'bench.tsv',
    settings: IMPORT_SETTINGS,
    attribution: { userID: null, analystID: null },
  });
  const importMillis = performance.now() - started;
  await file.discard();
  // NOTE: statistics reach the shared view when a backend goes idle (within a second on PostgreSQL 15).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const functions = await store.db.query<{ funcname: string; calls: number; total_time: number; self_time: number }>(
    'SELECT funcname, calls, round(total_time)::int AS total_time, round(self_time)::int AS self_time FROM pg_stat_user_functions ORDER BY total_time DESC',
  );
  process.stdout.write(
    `${values.store}, ${rows} rows, import ${Math.round(importMillis)} ms\nfunction calls total_ms self_ms\n` +
      functions.map((f) => `${f.funcname} ${f.calls} ${f.total_time} ${f.self_time}`).join('\n') +
      '\n',
  );
} finally {
  await store.close();
  await rm(scratch, { recursive: true, force: true });
}
