/*
 * Issue 20 item 3, a probe before building anything: would a large import reach 0.25x (PostgreSQL) and
 * 0.15x (PGlite) of a bare COPY if its rows went into a partition of their own (COPY into a fresh table
 * with no index or trigger, the indexes built by sort, the triggers' work done once, ATTACH PARTITION)
 * instead of into `events` row by row? One store, one generated file, in one run and minutes apart, in this order:
 *   (a) the bare COPY of import-bench, before and after the rest;
 *   (d) today's importFile of the same file, whole (what import-bench times), its rows truncated after;
 *   (b) COPY into today's `events` in the import's batches (hidden stream, ids given, two side by side on PostgreSQL);
 *   (c) the same rows into a fresh table, its indexes, the set-wise checks and counts, attached to a
 *       range-partitioned copy of `events` made in the probe's database;
 * and what the import does besides: parsing into COPY text (a worker thread in the import) and keeping the file.
 * Findings: bench/RESULTS.md, "A partition per import, measured before building it".
 * `npm run -s build:server && node build/bench/import-partition-probe.js [--rows N] [--stores pglite,postgres]`
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportRecord } from '../domain/import/import-record.ts';
import { parseImport } from '../domain/import/parse-import.ts';
import type { Db, DbTransaction } from '../server/db/database.ts';
import { EVENT_COPY_COLUMNS, HeldRows } from '../server/import/held-rows.ts';
import { beginImport } from '../server/import/hidden-import.ts';
import { importFile } from '../server/import/import-file.ts';
import { DEFAULT_IMPORT_LIMITS, gunzipLimits } from '../server/import/import-limits.ts';
import { keepSource } from '../server/import/keep-source.ts';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { benchIncidents, openStore, postgresUrl, type BenchIncident, type StoreKind } from './bench-store.ts';
import { IMPORT_SETTINGS, plainCopy, writeImportTsv } from './import-bench.ts';
import { duration, thousands, timed } from './measure.ts';

/** The import's write sizes: 25,000 rows on PostgreSQL (two side by side), at most 40,000 on PGlite. */
const BATCH_ROWS: Record<StoreKind, number> = { postgres: 25_000, pglite: 40_000 };
/** The import's rows are stamped with change number 1 while hidden (move-staged-events.ts). */
const HIDDEN_CHANGE_SEQ = 1;
const log = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

interface Parsed {
  records: ImportRecord[];
}

/** The file's records, as the import's parse worker reads them. */
async function parseFile(path: string, sizeBytes: number): Promise<Parsed> {
  const parsed: Parsed = { records: [] };
  const run = parseImport(createReadStream(path), IMPORT_SETTINGS, {
    totalBytes: sizeBytes,
    batchSize: 5000,
    gunzip: gunzipLimits(DEFAULT_IMPORT_LIMITS),
  });
  for await (const batch of run) for (const record of batch.records) parsed.records.push(record);
  return parsed;
}

/** An import's hidden stream and actors, as ImportTarget makes them (marked with the import's id). */
async function hiddenTarget(db: Db, incident: BenchIncident, records: readonly ImportRecord[]) {
  const now = Date.now() * 1000;
  const importId = await beginImport(db, incident.id, now);
  const [stream] = await db.query<{ id: number }>(
    "INSERT INTO streams (incident_id, name, import_format, created_micros, import_id) VALUES ($1, 'probe.tsv', 'delimited', $2, $3) RETURNING id",
    [incident.id, now, importId],
  );
  const [marker] = await db.query<{ id: number }>(
    'SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [incident.id],
  );
  const names = [...new Set(records.map((record) => record.actor))];
  const actors = await db.query<{ id: number; name: string }>(
    `INSERT INTO incident_actors (incident_id, name, created_micros, import_id)
     SELECT $1, name, $2, $3 FROM unnest($4::text[]) AS name RETURNING id, name`,
    [incident.id, now, importId, names],
  );
  const actorIds = new Map(actors.map((actor) => [actor.name, Number(actor.id)]));
  return { importId, streamId: Number(stream!.id), markerStreamId: Number(marker!.id), actorIds, now };
}

/** The rows as COPY text of `events` (id first), one buffer per write of `batchRows`, ids from `firstId`. */
function eventBatches(
  parsed: Parsed,
  incident: BenchIncident,
  target: Awaited<ReturnType<typeof hiddenTarget>>,
  batchRows: number,
  firstId: number,
): Uint8Array[] {
  const held = new HeldRows('delimited');
  held.hold(parsed.records, [], 'probe.tsv');
  const batches: Uint8Array[] = [];
  for (let start = 0; start < parsed.records.length; start += batchRows) {
    const taken = held.take({
      form: 'events',
      rows: batchRows,
      context: {
        incidentId: incident.id,
        markerStreamId: target.markerStreamId,
        analystId: null,
        nowMicros: target.now,
        changeSeq: HIDDEN_CHANGE_SEQ,
        defaultStream: 'probe.tsv',
      },
      streams: start === 0 ? [['probe.tsv', target.streamId]] : [],
      actors: start === 0 ? [...target.actorIds] : [],
      ids: { first: firstId + start },
    });
    batches.push(taken.text);
  }
  return batches;
}

/** (b): each batch in a short transaction of its own, as import-file.ts writes them; `inFlight` side by side. */
async function copyIntoEvents(db: Db, batches: readonly Uint8Array[], inFlight: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const data = batches[next]!;
      next += 1;
      await db.transaction(async (tx) => {
        await tx.exec("SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '64MB'");
        await tx.copyFrom(`COPY events (id, ${EVENT_COPY_COLUMNS}) FROM STDIN`, data);
      });
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

/** The range-partitioned copy of `events` the partition is attached to: its indexes, triggers, and a table referring to it. */
async function partitionedEvents(db: Db, firstId: number): Promise<void> {
  await db.exec(`
    CREATE TABLE events_part (LIKE events INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES) PARTITION BY RANGE (id);
    CREATE TABLE events_part_before PARTITION OF events_part FOR VALUES FROM (MINVALUE) TO (${firstId});
    CREATE TABLE events_part_open PARTITION OF events_part FOR VALUES FROM (${2 ** 52}) TO (MAXVALUE);
    CREATE TRIGGER events_part_references AFTER INSERT ON events_part REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION events_check_references();
    CREATE TRIGGER events_part_count_insert AFTER INSERT ON events_part REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION event_counts_add();
    CREATE TRIGGER events_part_stamp BEFORE INSERT ON events_part FOR EACH ROW WHEN (NEW.change_seq = 0)
      EXECUTE FUNCTION events_stamp_change();
    ALTER TABLE events_part ADD FOREIGN KEY (import_stream_id) REFERENCES streams (id) ON DELETE SET NULL;
    CREATE TABLE probe_event_tags (event_id bigint NOT NULL REFERENCES events_part (id) ON DELETE CASCADE, tag text NOT NULL);
  `);
}

/** Every index of `events` but the primary key, as statements on `table`. */
async function indexStatements(db: Db, table: string): Promise<{ name: string; sql: string }[]> {
  const rows = await db.query<{ indexname: string; indexdef: string }>(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'events' AND indexname <> 'events_pkey' ORDER BY indexname",
  );
  return rows.map((row) => ({
    name: row.indexname,
    sql: row.indexdef
      .replace(/INDEX (\S+) ON (public\.)?events /, `INDEX ${table}_$1 ON ${table} `)
      .replace(/ ON ONLY /, ' ON '),
  }));
}

type Steps = Map<string, number>;

async function step(steps: Steps, name: string, work: () => Promise<unknown>): Promise<void> {
  const { millis } = await timed(work);
  steps.set(name, (steps.get(name) ?? 0) + millis);
}

/** (c): the rows into a table of their own, indexed by sort, checked and counted once, attached. */
async function copyIntoPartition(
  db: Db,
  batches: readonly Uint8Array[],
  range: { firstId: number; endId: number; importId: number },
): Promise<Steps> {
  const steps: Steps = new Map();
  const table = `events_import_${range.importId}`;
  const create = `CREATE TABLE ${table} (LIKE events INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
    CONSTRAINT ${table}_range CHECK (id >= ${range.firstId} AND id < ${range.endId}))`;
  const copy = (tx: DbTransaction, data: Uint8Array, freeze: boolean) =>
    tx.copyFrom(`COPY ${table} (id, ${EVENT_COPY_COLUMNS}) FROM STDIN${freeze ? ' WITH (FREEZE)' : ''}`, data);
  if (db.kind === 'postgres') {
    // FREEZE needs the table made in the same transaction: one transaction, no other reader needs a turn here.
    await step(steps, 'COPY into a fresh table (FREEZE, one transaction)', () =>
      db.transaction(async (tx) => {
        await tx.exec(`SET LOCAL synchronous_commit = off; ${create}`);
        for (const data of batches) await copy(tx, data, true);
      }),
    );
  } else {
    // PGlite: readers take turns between writes, so a write per batch as today (no FREEZE after the first).
    await step(steps, 'COPY into a fresh table (a transaction a batch)', async () => {
      await db.exec(create);
      for (const data of batches)
        await db.transaction(async (tx) => {
          await tx.exec('SET LOCAL synchronous_commit = off');
          await copy(tx, data, false);
        });
    });
  }
  const memory = '256MB';
  await step(steps, 'primary key (by sort)', () =>
    db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL maintenance_work_mem = '${memory}'`);
      await tx.exec(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id)`);
    }),
  );
  for (const index of await indexStatements(db, table))
    await step(steps, `${index.name} (by sort)`, () =>
      db.transaction(async (tx) => {
        await tx.exec(`SET LOCAL maintenance_work_mem = '${memory}'`);
        await tx.exec(index.sql);
      }),
    );
  await step(steps, 'the reference check and the counts, set-wise', () =>
    db.transaction(async (tx) => {
      await tx.exec("SET LOCAL work_mem = '64MB'");
      const [missing] = await tx.query<{ missing: number }>(
        `SELECT (SELECT count(*) FROM (SELECT DISTINCT incident_id FROM ${table}) n WHERE NOT EXISTS (SELECT 1 FROM incidents i WHERE i.id = n.incident_id))
              + (SELECT count(*) FROM (SELECT DISTINCT stream_id FROM ${table}) n WHERE NOT EXISTS (SELECT 1 FROM streams s WHERE s.id = n.stream_id))
              + (SELECT count(*) FROM (SELECT DISTINCT actor_id FROM ${table} WHERE actor_id IS NOT NULL) n
                  WHERE NOT EXISTS (SELECT 1 FROM incident_actors a WHERE a.id = n.actor_id)) AS missing`,
      );
      if (Number(missing!.missing) !== 0) throw new Error('the probe wrote a row naming nothing');
      await tx.query(
        `INSERT INTO import_event_counts (import_id, incident_id, stream_id, actor_id, event_count)
         SELECT $1, incident_id, stream_id, coalesce(actor_id, 0), count(*) FROM ${table} GROUP BY 2, 3, 4`,
        [range.importId],
      );
    }),
  );
  await step(steps, 'ATTACH PARTITION', () =>
    db.exec(`ALTER TABLE events_part ATTACH PARTITION ${table} FOR VALUES FROM (${range.firstId}) TO (${range.endId})`),
  );
  return steps;
}

async function probeStore(kind: StoreKind, path: string, sizeBytes: number, scratch: string): Promise<void> {
  const store = await openStore(kind);
  try {
    log(`\n${kind} (${store.version}), load ${load()}`);
    const parse = await timed(() => parseFile(path, sizeBytes));
    const parsed = parse.value;
    const rows = parsed.records.length;
    log(`  parse into staging COPY text (in this thread; the import's runs in a worker): ${duration(parse.millis)}`);
    const [incidentD] = await benchIncidents(store.db, 'Probe (d)', ['Partition probe (d)']);
    const copyBefore = await timed(() => plainCopy(store.db, path, 'probe_copy_before'));
    log(`  (a) bare COPY into an unindexed text table: ${duration(copyBefore.millis)} (load ${load()})`);

    let kept = { millis: 0 };
    const file = await spoolBlob(createReadStream(path), scratch);
    try {
      const keepImport = await beginImport(store.db, incidentD.id, Date.now() * 1000);
      kept = await timed(() =>
        keepSource(store.db, {
          importId: keepImport,
          incident: async () => incidentD,
          file,
          fileName: 'probe.tsv',
          mediaType: 'text/tab-separated-values',
          analystId: null,
        }),
      );
      log(`  keeping the file (keepSource, ${(sizeBytes / 1e6).toFixed(0)} MB): ${duration(kept.millis)}`);
    } finally {
      await file.discard();
    }

    // (d) today's whole import of the same file, then its rows truncated so (b) starts from the same empty events.
    const fileD = await spoolBlob(createReadStream(path), scratch);
    const imported = await timed(() =>
      importFile(store.db, {
        incident: async () => incidentD,
        file: fileD,
        fileName: 'probe.tsv',
        settings: IMPORT_SETTINGS,
        attribution: { userID: null, analystID: null },
      }),
    ).finally(() => fileD.discard());
    log(`  (d) today's importFile of the same file: ${duration(imported.millis)} (load ${load()})`);
    // NOTE: the cascade reaches uploads, and from them streams and the rest: (b) and (c) get incidents of their own after it.
    await store.db.exec('TRUNCATE events CASCADE');
    // (c) writes its own actors: their names are unique in an incident.
    const [incident, incidentC] = await benchIncidents(store.db, 'Probe', ['Partition probe', 'Partition probe (c)']);

    // The same ids for (b) and (c): different tables, so they never meet.
    const [seq] = await store.db.query<{ id: number | string }>(
      "SELECT setval(pg_get_serial_sequence('events', 'id'), 1000000000) AS id",
    );
    const firstId = Number(seq!.id) + 1;
    const targetB = await hiddenTarget(store.db, incident, parsed.records);
    const text = await timed(async () => eventBatches(parsed, incident, targetB, BATCH_ROWS[kind], firstId));
    log(
      `  events COPY text from the staging rows (the held rows' events form, the import's parse worker): ${duration(text.millis)}`,
    );
    const intoEvents = await timed(() => copyIntoEvents(store.db, text.value, kind === 'postgres' ? 2 : 1));
    log(
      `  (b) COPY into events, ${thousands(BATCH_ROWS[kind])} rows a transaction${kind === 'postgres' ? ', two side by side' : ''}: ${duration(intoEvents.millis)} (load ${load()})`,
    );
    await store.db.exec(`SELECT setval(pg_get_serial_sequence('events', 'id'), ${firstId + rows + 1})`);

    await partitionedEvents(store.db, firstId);
    const targetC = await hiddenTarget(store.db, incidentC, parsed.records);
    const batchesC = eventBatches(parsed, incidentC, targetC, BATCH_ROWS[kind], firstId);
    const partition = await timed(() =>
      copyIntoPartition(store.db, batchesC, { firstId, endId: firstId + rows, importId: targetC.importId }),
    );
    const [attached] = await store.db.query<{ count: number | string }>(
      `SELECT count(*) AS count FROM events_part WHERE id >= ${firstId} AND id < ${firstId + rows}`,
    );
    if (Number(attached!.count) !== rows) throw new Error(`attached ${attached!.count} rows of ${rows}`);
    log(`  (c) a partition of its own: ${duration(partition.millis)} (load ${load()})`);
    for (const [name, millis] of partition.value) log(`      ${name}: ${duration(millis)}`);
    const copyAfter = await timed(() => plainCopy(store.db, path, 'probe_copy_after'));
    log(`  (a) bare COPY again: ${duration(copyAfter.millis)} (load ${load()})`);
    const copyMillis = Math.min(copyBefore.millis, copyAfter.millis);
    const ratio = (millis: number) => (copyMillis / millis).toFixed(3);
    log(
      `  ratios to the faster bare COPY (${duration(copyMillis)}): (d) today's import ${ratio(imported.millis)}x, ` +
        `(d) with (b) swapped for (c) ${ratio(imported.millis - intoEvents.millis + partition.millis)}x; (b) ${ratio(intoEvents.millis)}x, (c) ${ratio(partition.millis)}x, ` +
        `(c) + the file kept + COPY text ${ratio(partition.millis + kept.millis + text.millis)}x, ` +
        `and + the parse too, as if nothing overlapped ${ratio(partition.millis + kept.millis + text.millis + parse.millis)}x`,
    );
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rows: { type: 'string' }, stores: { type: 'string' } }, strict: true });
  const rows = Number(values.rows ?? 1_000_000);
  const stores = (values.stores ?? 'postgres,pglite')
    .split(',')
    .filter((kind): kind is StoreKind => kind === 'pglite' || (kind === 'postgres' && postgresUrl() !== undefined));
  const scratch = await mkdtemp(join(tmpdir(), 'churchkey-partition-probe-'));
  try {
    const path = join(scratch, 'probe.tsv');
    const sizeBytes = await writeImportTsv(path, rows);
    log(`Partition probe: ${thousands(rows)} rows, ${(sizeBytes / 1e6).toFixed(0)} MB, load ${load()}`);
    for (const kind of stores) await probeStore(kind, path, sizeBytes, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`partition probe: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
