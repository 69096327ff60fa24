/*
 * The server's import (server/import/import-file.ts, what POST /api/incident/{id}/import and npm run
 * import run) of a generated TSV, beside a plain COPY of the same rows into an unindexed
 * text table on the same store: the floor any import into that database has. Called by bench/run.ts;
 * run alone (`npm run -s build:server && node build/bench/import-bench.js [--rows N]`) it replaces its
 * own section of bench/RESULTS.md and keeps the others.
 * NOTE: 400,000 rows by default, not the issue's 1,000,000: the million-row run took about 6 minutes
 * on this shared 2-core machine, past the 3 minutes a bench step may take. --rows 1000000 runs it.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ImportSettings } from '../domain/import/import-settings.ts';
import { parseImport } from '../domain/import/parse-import.ts';
import type { Db } from '../server/db/database.ts';
import { importFile } from '../server/import/import-file.ts';
import { SearchPreparer } from '../server/import/search-preparer.ts';
import { projectRoot } from '../server/project-root.ts';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { benchIncidents, openStore, postgresUrl, type StoreKind } from './bench-store.ts';
import { duration, ratio, secs, table, thousands, timed } from './measure.ts';
import { writeLineFile } from './write-line-file.ts';

export const IMPORT_ROWS = 400_000;
const COPY_BATCH_ROWS = 50_000;
const SECTION = '## Server import';
export const IMPORT_SETTINGS: Extract<ImportSettings, { format: 'delimited' }> = {
  format: 'delimited',
  delimiter: '\t',
  quoted: true,
  preambleRows: 0,
  headerRows: 1,
  mapping: { startTime: 0, endTime: 1, actor: 2, message: 3 },
  numericUnit: 'seconds',
  timeZone: 'UTC',
};

interface StoreImport {
  kind: StoreKind;
  version: string;
  importMillis: number;
  imported: number;
  copyMillis: number;
  copied: number;
  /** The search data left for after the flip, prepared as the server does it in the background. */
  searchMillis: number;
  loadAfter: string;
}

/** `rows` rows in the csv-parsers-bench shape: section 5 times, 57 actors, every 20th message quoted with a tab and a "" inside. */
export function writeImportTsv(path: string, rows: number): Promise<number> {
  const base = Date.UTC(2024, 0, 1);
  return writeLineFile(
    path,
    rows,
    (i) => {
      const start = new Date(base + i * 137).toISOString().replace('T', ' ').replace('Z', '');
      const end = new Date(base + i * 137 + (i % 900)).toISOString().replace('T', ' ').replace('Z', '');
      const message =
        i % 20 === 0
          ? `"retry\t${i} said ""slow down"" to the client"`
          : `request ${i} handled in ${i % 997} ms by worker-${i % 31}`;
      return `${start}123\t${end}456\tservice-${i % 57}\t${message}\t${200 + (i % 5)}\tGET\t/api/v1/items/${i}`;
    },
    { head: 'start\tend\tactor\tmessage\tstatus\tmethod\tpath' },
  );
}

/** The baseline: the file's rows as they are, COPY (CSV, tab) into a table with no index, 50,000 rows a statement, one transaction. */
export async function plainCopy(db: Db, path: string, tableName = 'bench_plain_copy'): Promise<number> {
  await db.query(
    `CREATE TABLE ${tableName} (start_time text, end_time text, actor text, message text, status text, method text, path text)`,
  );
  await db.transaction(async (tx) => {
    const copy = (lines: string[]) =>
      tx.copyFrom(
        `COPY ${tableName} FROM STDIN WITH (FORMAT csv, DELIMITER E'\\t', QUOTE '"')`,
        `${lines.join('\n')}\n`,
      );
    let batch: string[] = [];
    let header = true;
    for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
      if (header) {
        header = false;
        continue;
      }
      batch.push(line);
      if (batch.length >= COPY_BATCH_ROWS) {
        await copy(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await copy(batch);
  });
  const [row] = await db.query<{ count: number }>(`SELECT count(*)::bigint AS count FROM ${tableName}`);
  return Number(row!.count);
}

/** --skip-search: the search data the import leaves for after it is not prepared (nor timed). */
let skipSearch = false;

async function benchStore(
  kind: StoreKind,
  path: string,
  scratch: string,
  log: (line: string) => void,
): Promise<StoreImport> {
  const store = await openStore(kind);
  try {
    const [incident] = await benchIncidents(store.db, 'Bench', ['Import bench']);
    const file = await spoolBlob(createReadStream(path), scratch);
    try {
      const imported = await timed(() =>
        importFile(store.db, {
          incident: async () => incident,
          file,
          fileName: 'bench.tsv',
          settings: IMPORT_SETTINGS,
          attribution: { userID: null, analystID: null },
        }),
      );
      const loadAfter = loadavg()
        .map((value) => value.toFixed(1))
        .join(', ');
      // The COPY right after the import (the closest load), then the search data the import left for after it.
      const copied = await timed(() => plainCopy(store.db, path));
      const prepared = skipSearch ? { millis: Number.NaN } : await timed(() => new SearchPreparer(store.db).drain());
      const result = {
        kind,
        version: store.version,
        importMillis: imported.millis,
        imported: imported.value.importedCount,
        copyMillis: copied.millis,
        copied: copied.value,
        searchMillis: prepared.millis,
        loadAfter,
      };
      log(
        `  ${kind}: import ${thousands(result.imported)} rows in ${duration(result.importMillis)} (${thousands(result.imported / (result.importMillis / 1000))} rows/s); ` +
          `plain COPY ${thousands(result.copied)} rows in ${duration(result.copyMillis)} (${thousands(result.copied / (result.copyMillis / 1000))} rows/s); COPY ${ratio(result.importMillis / result.imported, result.copyMillis / result.copied)} faster; ` +
          `${Number.isNaN(result.searchMillis) ? 'search data not prepared (--skip-search)' : `then the search data in ${duration(result.searchMillis)}`} (load ${result.loadAfter} after the import)`,
      );
      return result;
    } finally {
      await file.discard();
    }
  } finally {
    await store.close();
  }
}

const machine = () => {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
};

/** Runs the import benchmark on each store; answers its Markdown section. */
export async function runImportBench(
  stores: readonly StoreKind[],
  log: (line: string) => void,
  rows = IMPORT_ROWS,
): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), 'churchkey-import-bench-'));
  try {
    const path = join(scratch, 'bench.tsv');
    const bytes = await writeImportTsv(path, rows);
    log(`\nServer import of a generated TSV: ${thousands(rows)} rows, ${(bytes / 1e6).toFixed(0)} MB`);
    let parsed = 0;
    const parse = await timed(async () => {
      for await (const batch of parseImport(createReadStream(path), IMPORT_SETTINGS, { batchSize: 5000 }))
        parsed += batch.records.length;
    });
    log(`  parse only (parseImport, no database): ${thousands(parsed / (parse.millis / 1000))} rows/s`);
    const results: StoreImport[] = [];
    for (const kind of stores) results.push(await benchStore(kind, path, scratch, log));
    const name = (r: StoreImport) => `${r.kind} (${r.version})`;
    return [
      SECTION,
      '',
      `Machine: ${machine()}. Written ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, one run per store; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')} at the end (the machine is shared).`,
      '',
      `A generated TSV of ${thousands(rows)} rows (${(bytes / 1e6).toFixed(0)} MB; the CSV-parser shape: section 5 start and end times, 57 actors, 1 message in 20 quoted with a tab inside) ` +
        'imported by `importFile` (what `POST /api/incident/{id}/import` and `npm run import` run, without the HTTP upload): the file parsed into COPY text in a worker thread, ' +
        "kept as the stream's system upload while its first rows are parsed, none written before (256 KiB chunks: on PGlite a short transaction and a binary COPY each, on PostgreSQL 32 a transaction as one binary COPY), actors matched and created, events written into `events` " +
        '(seven b-tree indexes and the search GIN, which since migration 017 takes only events with search data; the reference, count and revision triggers, their rows kept in memory): the first 10,000 rows through a batch table with their search vector, ' +
        'the rest by COPY straight into `events` with none, their search data prepared after the flip (search-preparer.ts' +
        (skipSearch
          ? "; this run's figures leave it out, `--skip-search`), "
          : '; timed apart as "search data after"), ') +
        'each batch in a short transaction under a hidden stream ' +
        "(on PGlite each write sized after the last one's pace to take about 800 ms while nobody reads, 200 ms with readers, at most 40,000 rows; 25,000 rows on PostgreSQL, two batches written side by side on two connections, each batch's ids taken ahead as one block), then one small transaction that shows them all, then `ANALYZE`. " +
        "The reference is the floor of any import into that store: the same rows COPY'd as they are (CSV, tab) into a text table with no index, " +
        `${thousands(COPY_BATCH_ROWS)} rows a statement (pg-copy-streams on PostgreSQL, \`/dev/blob\` on PGlite), one transaction. ` +
        `Parsing alone (no database) runs at ${thousands(parsed / (parse.millis / 1000))} rows/s. ` +
        (rows < 1_000_000
          ? `${thousands(rows)} rows rather than 1,000,000 keep this step near 3 minutes on a shared 2-core machine; \`node build/bench/import-bench.js --rows 1000000\` runs the full size.`
          : ''),
      '',
      table(
        [
          'store',
          'rows',
          'import',
          'import rows/s',
          'plain COPY',
          'COPY rows/s',
          'import vs COPY',
          'search data after',
          'load after the import',
        ],
        results.map((r) => [
          name(r),
          thousands(r.imported),
          duration(r.importMillis),
          thousands(r.imported / (r.importMillis / 1000)),
          duration(r.copyMillis),
          thousands(r.copied / (r.copyMillis / 1000)),
          `${ratio(r.importMillis / r.imported, r.copyMillis / r.copied)} slower`,
          Number.isNaN(r.searchMillis) ? 'not run (--skip-search)' : duration(r.searchMillis),
          r.loadAfter,
        ]),
      ),
      '',
      postgresUrl() ? '' : 'PostgreSQL was not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL.',
    ].join('\n');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Puts `section` in place of its previous version in RESULTS.md (or before "## Output"), keeping the rest and its "### " history. */
async function spliceSection(section: string): Promise<string> {
  const path = join(projectRoot(), 'bench', 'RESULTS.md');
  const text = await readFile(path, 'utf8').catch(() => '# Benchmark results\n');
  const start = text.indexOf(`${SECTION}\n`);
  let next: string;
  if (start >= 0) {
    // The run's own part ends at the next heading; "### " subsections written by hand below it stay.
    const ends = ['\n## ', '\n### ']
      .map((heading) => text.indexOf(heading, start + SECTION.length))
      .filter((at) => at >= 0);
    const end = ends.length > 0 ? Math.min(...ends) : -1;
    next = `${text.slice(0, start)}${section}\n${end >= 0 ? text.slice(end) : ''}`;
  } else {
    const output = text.indexOf('## Output');
    next = output >= 0 ? `${text.slice(0, output)}${section}\n\n${text.slice(output)}` : `${text}\n${section}\n`;
  }
  await writeFile(path, next);
  return path;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { rows: { type: 'string' }, stores: { type: 'string' }, 'skip-search': { type: 'boolean' } },
    strict: true,
  });
  skipSearch = values['skip-search'] === true;
  const rows = Number(values.rows ?? IMPORT_ROWS);
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error('--rows takes a positive whole number');
  const wanted = (values.stores ?? 'pglite,postgres').split(',');
  const stores = (['pglite', 'postgres'] as StoreKind[]).filter(
    (kind) => wanted.includes(kind) && (kind === 'pglite' || postgresUrl()),
  );
  const started = performance.now();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(`Machine: ${machine()}`);
  runImportBench(stores, log, rows)
    .then(async (section) => {
      log(`Total ${secs(performance.now() - started)} s; wrote ${await spliceSection(section)}`);
    })
    .catch((error: unknown) => {
      process.stderr.write(
        `import bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    });
}
