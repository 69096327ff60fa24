/*
 * Incident data on one store: the event insert rate (multi-row INSERT beside COPY), reading an
 * incident and all its events in 10,000-event pages through the API beside the same reads straight
 * through the driver, and search latency beside an ILIKE scan of the same events.
 */
import { progressBar } from '../server/cli/progress-bar.ts';
import type { Db } from '../server/db/database.ts';
import { syntheticEvents } from '../server/demo/synthetic-events.ts';
import { copyText } from '../server/db/copy-text.ts';
import { generateIncident, SYNTHETIC_MARKER_COUNT } from '../server/demo/synthetic-incident.ts';
import { readIncidentPayload } from '../server/repositories/read-incident-payload.ts';
import { incidentSummary } from '../server/repositories/incidents-repository.ts';
import { openStore, startApp, type BenchApp, type StoreKind } from './bench-store.ts';
import { duration, median, percentile, ratio, secs, thousands, timed, versus } from './measure.ts';

export const SEARCH_QUERIES = [
  'deadlock',
  'connection refused',
  'OOMKilled',
  'rollback',
  'pgbouncer',
  'replication',
  'checkout confirm',
  'payments authorize',
  'cache MISS',
  'readiness probe',
  'slow query',
  'refund',
  'HighLatency',
  'bridge',
  'canary',
  'fonts woff2',
  'disk',
  'too many connections',
  'order placed',
  'restart',
];
const PAGE = 10_000;

export interface InsertResult {
  rows: number;
  insertPerSecond: number;
  copyPerSecond: number;
}
export interface ReadResult {
  events: number;
  generateMillis: number;
  incidentApiMillis: number;
  incidentReferenceMillis: number;
  pages: number;
  pagesApiMillis: number;
  pagesReferenceMillis: number;
}
export interface SearchResult {
  events: number;
  queries: number;
  apiMedian: number;
  apiP95: number;
  ilikeMedian: number;
  ilikeP95: number;
  medianHits: number;
}
/** The generator's two ways to make search data, at the same size on the same store. */
export interface SearchDataResult {
  events: number;
  stagingMillis: number;
  updateInsertMillis: number;
  updateSearchMillis: number;
}
export interface StoreResults {
  kind: StoreKind;
  version: string;
  insert: InsertResult;
  reads: ReadResult[];
  search: SearchResult | undefined;
  searchData: SearchDataResult | undefined;
}

export interface IncidentDataOptions {
  sizes: number[];
  insertRows: number;
  /** Events for the staging-versus-update comparison of the generator; 0 skips it. */
  searchDataRows: number;
  searchQueries: number;
  log: (line: string) => void;
}

export async function benchIncidentData(kind: StoreKind, options: IncidentDataOptions): Promise<StoreResults> {
  const { log } = options;
  const insertPerSecond = await insertRate(kind, options.insertRows, 'insert');
  const copyPerSecond = await insertRate(kind, options.insertRows, 'copy');
  const insert = { rows: options.insertRows, insertPerSecond, copyPerSecond };
  log(
    `  insert ${thousands(options.insertRows)} events: multi-row INSERT ${thousands(insertPerSecond)} rows/s, COPY ${thousands(copyPerSecond)} rows/s (COPY ${ratio(copyPerSecond, insertPerSecond)} faster)`,
  );

  const store = await openStore(kind);
  try {
    const bench = await startApp(store.db);
    const reads: ReadResult[] = [];
    let search: SearchResult | undefined;
    const largest = Math.max(...options.sizes);
    for (const size of options.sizes) {
      const bar = progressBar(`  generate ${thousands(size)}`, size);
      // `size` events in all, markers included, so 10,000 is the largest incident answered with its events.
      const generated = await timed(() =>
        generateIncident(store.db, {
          events: size - SYNTHETIC_MARKER_COUNT,
          incidentName: `bench ${size}`,
          onProgress: (_phase, done) => bar.update(done),
        }),
      );
      bar.finish();
      const id = generated.value.incidentId;
      const read = await readIncident(store.db, bench, id, size);
      reads.push({ ...read, generateMillis: generated.millis });
      log(
        `  ${thousands(size)} events: generated in ${secs(generated.millis)} s; GET /api/incident/{id} ${duration(read.incidentApiMillis)} vs ${duration(read.incidentReferenceMillis)} through the driver (${ratio(read.incidentApiMillis, read.incidentReferenceMillis)}); ` +
          `all ${read.pages} page${read.pages === 1 ? '' : 's'} ${duration(read.pagesApiMillis)} vs ${duration(read.pagesReferenceMillis)} (${ratio(read.pagesApiMillis, read.pagesReferenceMillis)})`,
      );
      if (size === largest && options.searchQueries > 0) {
        search = await searchLatency(store.db, bench, id, size, options.searchQueries);
        log(
          `  search at ${thousands(size)} events, ${search.queries} queries: median ${duration(search.apiMedian)}, p95 ${duration(search.apiP95)}; ` +
            `ILIKE scan median ${duration(search.ilikeMedian)}, p95 ${duration(search.ilikeP95)} (search ${versus(search.apiMedian, search.ilikeMedian)} at the median, ${versus(search.apiP95, search.ilikeP95)} at p95)`,
        );
      }
    }
    let searchData: SearchDataResult | undefined;
    if (options.searchDataRows > 0) {
      const events = options.searchDataRows;
      const staged = await generateIncident(store.db, { events, incidentName: 'bench staging', searchMode: 'staging' });
      const updated = await generateIncident(store.db, { events, incidentName: 'bench update', searchMode: 'update' });
      searchData = {
        events,
        stagingMillis: staged.insertMillis + staged.searchMillis,
        updateInsertMillis: updated.insertMillis,
        updateSearchMillis: updated.searchMillis,
      };
      const updateMillis = updated.insertMillis + updated.searchMillis;
      log(
        `  search data for ${thousands(events)} generated events: computed on the way in ${duration(searchData.stagingMillis)}; ` +
          `COPY then UPDATE ${duration(updateMillis)} (${duration(updated.insertMillis)} + ${duration(updated.searchMillis)}); staging ${versus(searchData.stagingMillis, updateMillis)}`,
      );
    }
    await bench.app.close();
    return { kind, version: store.version, insert, reads, search, searchData };
  } finally {
    await store.close();
  }
}

/** Rows per second into the real events table (its indexes, foreign keys and count trigger), one transaction, on a fresh store. */
async function insertRate(kind: StoreKind, rows: number, method: 'insert' | 'copy'): Promise<number> {
  const store = await openStore(kind);
  try {
    const skeleton = await generateIncident(store.db, { events: 0, incidentName: `insert ${method}` });
    const streams = await store.db.query<{ id: number }>(
      'SELECT id FROM streams WHERE incident_id = $1 AND NOT is_marker_stream ORDER BY id',
      [skeleton.incidentId],
    );
    const actors = await store.db.query<{ id: number }>(
      'SELECT id FROM incident_actors WHERE incident_id = $1 ORDER BY id',
      [skeleton.incidentId],
    );
    const incidentId = skeleton.incidentId;
    // The rows are made before the clock starts: this measures the database, not the generator.
    const events = [...syntheticEvents(rows, skeleton.startMicros, skeleton.endMicros - skeleton.startMicros, 11)].map(
      (e) =>
        [incidentId, streams[e.stream]!.id, actors[e.actor]!.id, e.message, e.startMicros, e.endMicros, 0] as const,
    );
    const { millis } = await timed(() =>
      store.db.transaction(async (tx) => {
        const [{ seq }] = (await tx.query<{ seq: number }>('SELECT incident_change_number($1) AS seq', [
          incidentId,
        ])) as [{ seq: number }];
        if (method === 'insert') {
          const PER_STATEMENT = 1000;
          for (let start = 0; start < events.length; start += PER_STATEMENT) {
            const slice = events.slice(start, start + PER_STATEMENT);
            const values = slice.map(
              (_, i) =>
                `($${i * 7 + 1}, $${i * 7 + 2}, $${i * 7 + 3}, $${i * 7 + 4}, $${i * 7 + 5}, $${i * 7 + 6}, $${i * 7 + 7}, ${Number(seq)})`,
            );
            await tx.query(
              `INSERT INTO events (incident_id, stream_id, actor_id, message, start_micros, end_micros, created_micros, change_seq) VALUES ${values.join(', ')}`,
              slice.flat(),
            );
          }
        } else {
          const PER_COPY = 50_000;
          for (let start = 0; start < events.length; start += PER_COPY) {
            const data = events
              .slice(start, start + PER_COPY)
              .map((e) => `${e[0]}\t${e[1]}\t${e[2]}\t${copyText(e[3])}\t${e[4]}\t${e[5]}\t${e[6]}\t${seq}\n`)
              .join('');
            await tx.copyFrom(
              'COPY events (incident_id, stream_id, actor_id, message, start_micros, end_micros, created_micros, change_seq) FROM STDIN',
              data,
            );
          }
        }
      }),
    );
    const [{ count }] = (await store.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE incident_id = $1 AND NOT is_marker',
      [incidentId],
    )) as [{ count: number }];
    if (count !== rows) throw new Error(`insert ${method}: ${count} rows landed, not ${rows}`);
    return rows / (millis / 1000);
  } finally {
    await store.close();
  }
}

async function readIncident(db: Db, bench: BenchApp, id: number, size: number) {
  const repetitions = size <= 10_000 ? 5 : 10;
  const api: number[] = [];
  const reference: number[] = [];
  const summary = (await incidentSummary(db, id))!;
  // What the handler's access check answers (not timed: the API's figure includes it).
  const ref = { id, organization_id: summary.organizationID, name: summary.name };
  for (let i = 0; i < repetitions; i += 1) {
    api.push(
      (
        await timed(async () => {
          const response = await bench.get(`/api/incident/${id}`);
          if (response.statusCode !== 200)
            throw new Error(`GET /api/incident/${id}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          return JSON.parse(response.body);
        })
      ).millis,
    );
    // The reference: the handler's own reads (readIncidentPayload), straight through the driver (no HTTP, validation or JSON).
    reference.push(
      (
        await timed(async () => {
          return readIncidentPayload(db, ref, bench.analyst);
        })
      ).millis,
    );
  }

  const pageRepetitions = size <= 10_000 ? 5 : size <= 100_000 ? 2 : 1;
  const pagesApi: number[] = [];
  const pagesReference: number[] = [];
  let pages = 0;
  for (let i = 0; i < pageRepetitions; i += 1) {
    const apiRun = await timed(async () => {
      let after = '';
      let seen = 0;
      let count = 0;
      for (;;) {
        const response = await bench.get(`/api/incident/${id}/events?limit=${PAGE}${after ? `&after=${after}` : ''}`);
        if (response.statusCode !== 200) throw new Error(`events page: ${response.statusCode}`);
        const body = JSON.parse(response.body) as { events: unknown[]; nextCursor: string | null };
        seen += body.events.length;
        count += 1;
        if (!body.nextCursor) break;
        after = body.nextCursor;
      }
      return { seen, count };
    });
    // The reference: the same keyset-paged SELECTs through the driver.
    const referenceRun = await timed(async () => {
      let seen = 0;
      let last: { start_micros: number; id: number } | undefined;
      for (;;) {
        const rows = await db.query<{ start_micros: number; id: number }>(
          `SELECT id, stream_id, actor_id, is_marker, message, start_micros, end_micros, extra FROM events
            WHERE incident_id = $1 AND (start_micros, id) > ($2, $3) ORDER BY start_micros, id LIMIT $4`,
          [id, last?.start_micros ?? -1, last?.id ?? 0, PAGE],
        );
        seen += rows.length;
        last = rows[rows.length - 1];
        if (rows.length < PAGE) break;
      }
      return seen;
    });
    if (apiRun.value.seen !== size || referenceRun.value !== size)
      throw new Error(`pages: ${apiRun.value.seen} and ${referenceRun.value} events, not ${size}`);
    pages = apiRun.value.count;
    pagesApi.push(apiRun.millis);
    pagesReference.push(referenceRun.millis);
  }
  return {
    events: size,
    incidentApiMillis: median(api),
    incidentReferenceMillis: median(reference),
    pages,
    pagesApiMillis: median(pagesApi),
    pagesReferenceMillis: median(pagesReference),
  };
}

async function searchLatency(db: Db, bench: BenchApp, id: number, size: number, count: number): Promise<SearchResult> {
  const queries = Array.from({ length: count }, (_, i) => SEARCH_QUERIES[i % SEARCH_QUERIES.length]!);
  const api: number[] = [];
  const ilike: number[] = [];
  const hits: number[] = [];
  const searchOnce = async (q: string) => {
    const response = await bench.get(`/api/events/search?q=${encodeURIComponent(q)}&incidentID=${id}&limit=50`);
    if (response.statusCode !== 200)
      throw new Error(`search ${q}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return (JSON.parse(response.body) as { total: number }).total;
  };
  // The reference: every word as a case-insensitive substring of the message, the total and the first 50 in time order.
  const ilikeOnce = (q: string) =>
    db.query(
      `SELECT count(*) OVER () AS total, id, message FROM events
        WHERE incident_id = $1 AND message ILIKE ALL ($2::text[]) ORDER BY start_micros, id LIMIT 50`,
      [id, q.split(/\s+/).map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)],
    );
  // One unmeasured run of each warms the caches the way a working server's are.
  await searchOnce(queries[0]!);
  await ilikeOnce(queries[0]!);
  for (const q of queries) {
    const searched = await timed(() => searchOnce(q));
    api.push(searched.millis);
    hits.push(searched.value);
    ilike.push((await timed(() => ilikeOnce(q))).millis);
  }
  return {
    events: size,
    queries: queries.length,
    apiMedian: median(api),
    apiP95: percentile(api, 0.95),
    ilikeMedian: median(ilike),
    ilikeP95: percentile(ilike, 0.95),
    medianHits: median(hits),
  };
}
