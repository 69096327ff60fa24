/*
 * npm run bench [-- --sizes 10000,100000,1000000 --insert-rows 100000 --search-data-rows 100000 --queries 20
 *                   --stores pglite,postgres --mirror-rows 1000000 --swimlane-sizes 1000,10000,100000,1000000 --no-write
 *                   --family-mb 100 (0 skips the import families; their page previews run when the app is built)]
 * (npm run bench:mirror runs the browser mirror benchmark alone and replaces only its section.)
 * Runs the benchmarks on PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on that
 * PostgreSQL server; prints as it goes and writes the whole report to bench/RESULTS.md.
 */
import { runCsvParsersBench } from './csv-parsers-bench.ts';
import { runImportFamiliesBench } from './import-families-bench.ts';
import { IMPORT_ROWS, runImportBench } from './import-bench.ts';
import { runMirrorBench } from './mirror-bench.ts';
import { runMapsBench } from './maps-bench.ts';
import { runReadCostBench } from './read-cost-bench.ts';
import { runEventTableBench } from './event-table-bench.ts';
import { runSwimlaneBench } from './swimlane-bench.ts';
import { runSeriesBench } from './series-bench.ts';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../server/project-root.ts';
import { describeMachine } from './bench-machine.ts';
import { postgresUrl, type StoreKind } from './bench-store.ts';
import { keepSeparateSections } from './keep-sections.ts';
import { benchIncidentData, SEARCH_QUERIES, type StoreResults } from './incident-data-bench.ts';
import { duration, ratio, secs, table, thousands, versus } from './measure.ts';

function numbers(value: string | undefined, fallback: number[], flag: string): number[] {
  if (value === undefined) return fallback;
  const list = value.split(',').map((part) => Number(part.trim().replace(/_/g, '')));
  if (list.length === 0 || list.some((n) => !Number.isSafeInteger(n) || n < 0))
    throw new Error(`--${flag} takes whole numbers separated by commas`);
  return list;
}

const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    'insert-rows': { type: 'string' },
    'search-data-rows': { type: 'string' },
    queries: { type: 'string' },
    stores: { type: 'string' },
    'no-write': { type: 'boolean' },
    'mirror-rows': { type: 'string' },
    'table-rows': { type: 'string' },
    'swimlane-sizes': { type: 'string' },
    'map-points': { type: 'string' },
    'family-mb': { type: 'string' },
  },
  strict: true,
});
const env = process.env;
const sizes = numbers(values.sizes ?? env.BENCH_SIZES, [10_000, 100_000, 1_000_000], 'sizes').filter((n) => n > 0);
const [insertRows] = numbers(values['insert-rows'] ?? env.BENCH_INSERT_ROWS, [100_000], 'insert-rows') as [number];
const [searchDataRows] = numbers(
  values['search-data-rows'] ?? env.BENCH_SEARCH_DATA_ROWS,
  [100_000],
  'search-data-rows',
) as [number];
const [mirrorRows] = numbers(values['mirror-rows'] ?? env.BENCH_MIRROR_ROWS, [1_000_000], 'mirror-rows') as [number];
const [tableRows] = numbers(values['table-rows'] ?? env.BENCH_TABLE_ROWS, [1_000_000], 'table-rows') as [number];
const swimlaneSizes = numbers(
  values['swimlane-sizes'] ?? env.BENCH_SWIMLANE_SIZES,
  [1_000, 10_000, 100_000, 1_000_000],
  'swimlane-sizes',
).filter((n) => n > 0);
const [mapPoints] = numbers(values['map-points'] ?? env.BENCH_MAP_POINTS, [1_000_000], 'map-points') as [number];
const [familyMb] = numbers(values['family-mb'] ?? env.BENCH_FAMILY_MB, [100], 'family-mb') as [number];
const [queries] = numbers(values.queries ?? env.BENCH_QUERIES, [20], 'queries') as [number];
const wanted = (values.stores ?? env.BENCH_STORES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const stores = (['pglite', 'postgres'] as StoreKind[]).filter(
  (kind) => wanted.includes(kind) && (kind === 'pglite' || postgresUrl()),
);

const out: string[] = [];
const log = (line: string) => {
  out.push(line);
  process.stdout.write(`${line}\n`);
};

async function main(): Promise<void> {
  const started = performance.now();
  log(`Machine: ${describeMachine()}`);
  log(
    `Sizes: ${sizes.map(thousands).join(', ')} events; insert rate at ${thousands(insertRows)} rows; ${queries} search queries. Stores: ${stores.join(', ')}${postgresUrl() ? '' : ' (set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL)'}`,
  );
  const results: StoreResults[] = [];
  for (const kind of stores) {
    log(`\n${kind}:`);
    const storeStarted = performance.now();
    results.push(await benchIncidentData(kind, { sizes, insertRows, searchDataRows, searchQueries: queries, log }));
    log(`  ${kind} done in ${secs(performance.now() - storeStarted)} s (${results[results.length - 1]!.version})`);
  }
  const csvSection = await runCsvParsersBench();
  const importSection = await runImportBench(stores, log, Number(env.BENCH_IMPORT_ROWS ?? IMPORT_ROWS));
  const mirrorSection =
    mirrorRows > 0
      ? await runMirrorBench({ rows: mirrorRows, dexieBulkPutRows: Math.min(mirrorRows, 200_000), log })
      : '';
  const tableSection = tableRows > 0 ? runEventTableBench(tableRows, log) : '';
  const swimlaneSection =
    swimlaneSizes.length > 0
      ? await runSwimlaneBench({ sizes: swimlaneSizes, naivePixiMax: 100_000, visTimelineMax: 1_000, log })
      : '';
  const seriesSection = await runSeriesBench({ sizes: [166_650, 1_000_000], log });
  const mapsSection = mapPoints > 0 ? await runMapsBench({ points: mapPoints, entityPoints: 10_000, log }) : '';
  const appBuilt = existsSync(join(projectRoot(), 'dist', 'index.html'));
  const familiesOptions = {
    familyMb,
    memorySizesMb: [50, 200],
    pageMb: appBuilt ? 100 : 0,
    wholeDocumentMaxMb: 20,
    only: [],
    log,
  };
  const familiesSection = familyMb > 0 ? await runImportFamiliesBench(familiesOptions) : '';
  const readCostSection = await runReadCostBench({ stores, log });
  const totalMillis = performance.now() - started;
  log(`\nTotal ${secs(totalMillis)} s`);
  if (!values['no-write']) {
    const path = join(projectRoot(), 'bench', 'RESULTS.md');
    const previous = await readFile(path, 'utf8').catch(() => '');
    await writeFile(
      path,
      keepSeparateSections(
        previous,
        report(
          results,
          totalMillis,
          `${csvSection}\n${importSection}\n\n${mirrorSection}\n\n${tableSection}\n\n${swimlaneSection}\n\n${seriesSection}\n\n${mapsSection}\n\n${familiesSection}\n\n${readCostSection}\n`,
        ),
      ),
    );
    process.stdout.write(`Wrote ${path}\n`);
  }
}

function report(results: StoreResults[], totalMillis: number, csvSection: string): string {
  const cpu = cpus();
  const name = (r: StoreResults) => `${r.kind} (${r.version})`;
  /** One row per store that ran the part `partOf` picks; stores that skipped it have none. */
  const rowsOf = <T>(partOf: (r: StoreResults) => T | undefined, row: (r: StoreResults, part: T) => string[]) =>
    results.flatMap((r) => {
      const part = partOf(r);
      return part === undefined ? [] : [row(r, part)];
    });
  const sections = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} in ${secs(totalMillis)} s. Every figure is one run on this machine; ` +
      'compare the ratios, not the absolute numbers, across machines.',
    '',
    table(
      ['machine', ''],
      [
        ['CPU', `${cpu[0]?.model.trim() ?? 'unknown'}, ${cpu.length} cores`],
        ['RAM', `${(totalmem() / 2 ** 30).toFixed(1)} GiB`],
        ['OS', `${type()} ${release()}`],
        ['Node', process.version],
        ...results.map((r) => [r.kind, r.version]),
      ],
    ),
    '',
    '## Event insert rate',
    '',
    `${thousands(results[0]?.insert.rows ?? 0)} synthetic events into the real \`events\` table (six indexes: five B-tree and the search GIN; three foreign keys; the statement-level count trigger; ` +
      'no search data), one transaction, each method on a fresh database. Multi-row INSERT sends 1,000 rows per statement; COPY sends 50,000-row batches ' +
      '(pg-copy-streams on PostgreSQL, `/dev/blob` on PGlite). The reference is the multi-row INSERT.',
    '',
    table(
      ['store', 'multi-row INSERT', 'COPY', 'COPY vs INSERT'],
      results.map((r) => [
        name(r),
        `${thousands(r.insert.insertPerSecond)} rows/s`,
        `${thousands(r.insert.copyPerSecond)} rows/s`,
        `${ratio(r.insert.copyPerSecond, r.insert.insertPerSecond)} faster`,
      ]),
    ),
    '',
    '## Reading an incident',
    '',
    'Through `app.inject` (the whole Fastify stack without a socket: session and analyst lookup, zod validation and serialization), ' +
      "with the body parsed by `JSON.parse`. The reference for `GET /api/incident/{id}` is the handler's own reads run straight through the driver " +
      '(the summary, streams, actors, collections, events when 10,000 or fewer, links, notes, tags, uploads, related incidents); for the pages it is the same ' +
      "keyset-paged `SELECT` of 10,000 rows through the driver (PGlite's `query`, or `pg`). Ratio: API time divided by reference time. GET incident: median of 5 (10k) or 10 runs; " +
      "pages: median of 5, 2 and 1 runs at 10k, 100k and 1M. The event counts include each incident's 4 markers, so the 10,000-event incident is answered with its events.",
    '',
    table(
      [
        'store',
        'events',
        'GET incident',
        'driver',
        'ratio',
        'pages',
        'all pages',
        'driver',
        'ratio',
        'events/s via API',
      ],
      results.flatMap((r) =>
        r.reads.map((read) => [
          name(r),
          thousands(read.events),
          duration(read.incidentApiMillis),
          duration(read.incidentReferenceMillis),
          ratio(read.incidentApiMillis, read.incidentReferenceMillis),
          String(read.pages),
          duration(read.pagesApiMillis),
          duration(read.pagesReferenceMillis),
          ratio(read.pagesApiMillis, read.pagesReferenceMillis),
          thousands(read.events / (read.pagesApiMillis / 1000)),
        ]),
      ),
    ),
    '',
    '## Search',
    '',
    `\`GET /api/events/search?q=…&incidentID=…&limit=50\` at the largest size: ranked full-text search with the total and highlighted snippets, through \`app.inject\`. ` +
      "The reference is a plain scan: every word as an `ILIKE '%word%'` on the same incident's messages, with the total (`count(*) OVER ()`) and the first 50 " +
      `in time order, through the driver. Queries: ${SEARCH_QUERIES.map((q) => `\`${q}\``).join(', ')}. One unmeasured run of each method first.`,
    '',
    table(
      [
        'store',
        'events',
        'queries',
        'search median',
        'search p95',
        'ILIKE median',
        'ILIKE p95',
        'search vs scan (median)',
        'search vs scan (p95)',
        'median hits',
      ],
      rowsOf(
        (r) => r.search,
        (r, search) => [
          name(r),
          thousands(search.events),
          String(search.queries),
          duration(search.apiMedian),
          duration(search.apiP95),
          duration(search.ilikeMedian),
          duration(search.ilikeP95),
          versus(search.apiMedian, search.ilikeMedian),
          versus(search.apiP95, search.ilikeP95),
          thousands(search.medianHits),
        ],
      ),
    ),
    '',
    '## Search data for bulk events: computed on the way in, or updated afterwards',
    '',
    "The generator's two ways, on the same store after the runs above (a fresh incident each). Staging: COPY into a temporary table, then " +
      '`INSERT … SELECT` computing the search vector, so each row is written once. Update: COPY into `events`, then one `UPDATE` computing the vector ' +
      '(what `rebuildSearch` does), so each row is written twice. The generator uses staging.',
    '',
    table(
      ['store', 'events', 'staging', 'COPY + UPDATE', 'of which UPDATE', 'staging vs update'],
      rowsOf(
        (r) => r.searchData,
        (r, data) => [
          name(r),
          thousands(data.events),
          duration(data.stagingMillis),
          duration(data.updateInsertMillis + data.updateSearchMillis),
          duration(data.updateSearchMillis),
          versus(data.stagingMillis, data.updateInsertMillis + data.updateSearchMillis),
        ],
      ),
    ),
    '',
    '## Making the incidents (for information)',
    '',
    'The generator (`npm run generate`): COPY into a staging table in 50,000-row batches, then `INSERT … SELECT` computing the search vector, one transaction, then `ANALYZE`.',
    '',
    table(
      ['store', 'events', 'time', 'events/s'],
      results.flatMap((r) =>
        r.reads.map((read) => [
          name(r),
          thousands(read.events),
          `${secs(read.generateMillis)} s`,
          thousands(read.events / (read.generateMillis / 1000)),
        ]),
      ),
    ),
    '',
    csvSection,
    '',
    '## Output',
    '',
    '```',
    ...out,
    '```',
    '',
  ];
  return sections.join('\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
