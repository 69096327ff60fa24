/*
 * What one batch of a server import costs inside the database: importFile on a generated TSV, with the
 * insert into events of the last full batches run under EXPLAIN (ANALYZE, BUFFERS), which executes it
 * and reports the plan's nodes and each trigger's time. Prints the plans as text:
 *   npm run -s build:server && node build/bench/import-explain.js --store pglite|postgres [--rows N] [--explain K] [--after]
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db, DbTransaction } from '../server/db/database.ts';
import { importFile } from '../server/import/import-file.ts';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { incidentSummary } from '../server/repositories/incidents-repository.ts';
import { benchIncidents, openStore, type StoreKind } from './bench-store.ts';
import { IMPORT_SETTINGS, writeImportTsv } from './import-bench.ts';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '200000' },
    explain: { type: 'string', default: '2' },
    // Also the summary of another, empty incident read right after the import (3 times, timed, explained).
    after: { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const explainLast = Number(values.explain);
const store = await openStore(values.store as StoreKind);
const scratch = await mkdtemp(join(tmpdir(), 'churchkey-import-explain-'));
const plans: string[] = [];
let inserts = 0;
const batchRows = store.kind === 'pglite' ? 5_000 : 25_000;
const explainFrom = Math.floor(rows / batchRows) - explainLast;

function explaining(db: Db): Db {
  const tx = (inner: DbTransaction): DbTransaction => ({
    copyFrom: (sql, data) => inner.copyFrom(sql, data),
    exec: (script) => inner.exec(script),
    async query(text, params) {
      if (!/^\s*INSERT INTO events/.test(text) || inserts++ < explainFrom) return inner.query(text, params);
      const plan = await inner.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      plans.push(plan.map((row) => Object.values(row)[0]).join('\n'));
      return [];
    },
  });
  return {
    kind: db.kind,
    query: (t, p) => db.query(t, p),
    exec: (s) => db.exec(s),
    close: () => db.close(),
    transaction: (fn) => db.transaction((inner) => fn(tx(inner))),
  };
}

try {
  const path = join(scratch, 'bench.tsv');
  await writeImportTsv(path, rows);
  const [incident, after] = await benchIncidents(store.db, 'Explain', ['Explain', 'Read after']);
  const file = await spoolBlob(createReadStream(path), scratch);
  await importFile(explaining(store.db), {
    incident: async () => incident,
    file,
    fileName: 'bench.tsv',
    settings: IMPORT_SETTINGS,
    attribution: { userID: null, analystID: null },
  });
  await file.discard();
  if (values.after) plans.push(...(await summaryAfter(store.db, after.id)));
  process.stdout.write(`${store.version}, ${rows} rows, ${batchRows} a batch\n\n${plans.join('\n\n')}\n`);
} finally {
  await store.close();
  await rm(scratch, { recursive: true, force: true });
}

/** The incident summary of `incidentId` three times after the import: each one's time, and its plan. */
async function summaryAfter(db: Db, incidentId: number): Promise<string[]> {
  const out: string[] = [];
  for (let round = 1; round <= 3; round += 1) {
    const started = performance.now();
    await incidentSummary(db, incidentId);
    out.push(`summary read ${round}: ${Math.round(performance.now() - started)} ms`);
  }
  // The summary's own statement, run under EXPLAIN by a Queryable that prefixes it.
  await incidentSummary(
    {
      exec: (script) => db.exec(script),
      async query<T>(text: string, params?: readonly unknown[]) {
        const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
        out.push(plan.map((row) => Object.values(row)[0]).join('\n'));
        return [] as T[];
      },
    },
    incidentId,
  );
  return out;
}
