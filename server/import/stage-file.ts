/*
 * The one batch loop of every server import: the file parsed in batches, each batch sent by COPY into
 * a staging table as the file says it (stream and actor names, raw times), invalid rows counted and
 * the first INVALID_LIST_LIMIT kept, the record cap checked, progress reported. The first import
 * (import-file.ts) moves the staged rows into events; the re-import (reimport-stream.ts) matches them.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { ImportError } from '../../domain/import/import-error.ts';
import type { ImportFormat, ImportProgress, ImportSummary, InvalidRow } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import type { DbTransaction } from '../db/database.ts';
import type { SpooledBlob } from '../repositories/blob-repository.ts';
import { eventVector } from '../repositories/search-repository.ts';
import { gunzipLimits, settingsWithinLimits, tooManyRecords, type ImportLimits } from './import-limits.ts';
import type { BatchSummary, StagedRecord, TakeRequest, TakenRows } from './held-rows.ts';
import { parseOffThread } from './parse-off-thread.ts';

/** The answer lists this many invalid rows at most; invalidNotListed counts the rest. */
export const INVALID_LIST_LIMIT = 1000;
const BATCH_SIZE = 5000;
const MIN_ROWS_PER_WRITE = 250;
/**
 * Rows parsed ahead while the writes wait (writesAfter: the import's kept file): the parser works on the
 * other core meanwhile. About 60 MB of COPY text and records at the bench's row shape.
 */
const PARSED_AHEAD_ROWS = 200_000;

/**
 * A staging table: `position` keeps the file's order, (is_marker, line) names a record (lines count
 * separately for HAR pages and entries); stream is null for the import's default stream. A searchable
 * one also holds each row's search data, computed batch by batch (from `${name}_batch`), so the move
 * into events, the part other users wait for on PGlite, does not compute it.
 */
export function stagingTables(name: string, lifetime: 'transaction' | 'session', searchable: boolean): string[] {
  const table = (tableName: string, more: string) =>
    `CREATE TEMP TABLE ${tableName} (position bigint NOT NULL, line integer NOT NULL, is_marker boolean NOT NULL, actor text NOT NULL,
      actor_is_bot boolean NOT NULL, message text NOT NULL, start_micros bigint NOT NULL, end_micros bigint NOT NULL, extra jsonb,
      stream text, thread_key text${more})${lifetime === 'transaction' ? ' ON COMMIT DROP' : ''}`;
  return searchable ? [table(name, ', search_vector tsvector'), table(`${name}_batch`, '')] : [table(name, '')];
}
/** The batch table of a moved import: one per connection, emptied by each batch's commit. */
export const BATCH_TABLE = 'import_batch';
const BATCH_TABLE_SQL =
  stagingTables(BATCH_TABLE, 'session', false)[0]!.replace('CREATE TEMP TABLE', 'CREATE TEMP TABLE IF NOT EXISTS') +
  ' ON COMMIT DELETE ROWS';
const COLUMNS =
  'position, line, is_marker, actor, actor_is_bot, message, start_micros, end_micros, extra, stream, thread_key';

/** Streams (in the file's order) and actors (with whether a row flags them a bot) first named since the last write's. */
export interface NewNames {
  streams: string[];
  actors: Map<string, boolean>;
}

interface EventsWrite {
  /** Whether the write from `firstPosition` goes straight into events; otherwise it takes the staged form and moveBatch. */
  wants: (firstPosition: number, threadKeys: boolean) => boolean;
  /** Before the write, write after write in file order: its streams, actors and ids made; answers the rows' request. */
  prepare: (names: NewNames, rows: number, firstPosition: number) => Promise<TakeRequest>;
  /** The rows into events, in the write's transaction. */
  write: (tx: DbTransaction, taken: TakenRows) => Promise<void>;
}

/** Runs one batch's statements: inside the import's transaction, or (PGlite) in a short transaction of its own. */
type BatchWriter = (work: (tx: DbTransaction) => Promise<void>) => Promise<void>;

export interface StagedFile {
  format: ImportFormat;
  validCount: number;
  invalidCount: number;
  /** The first INVALID_LIST_LIMIT invalid rows. */
  invalid: InvalidRow[];
}

/** What an import and a re-import both answer of their file: the rows in, the invalid ones, the format, the kept upload. */
export interface ImportedFileSummary {
  importedCount: number;
  invalidCount: number;
  invalid: InvalidRow[];
  invalidNotListed: number;
  format: ImportFormat;
  uploadID: number;
}

interface StageOptions {
  table: string;
  write: BatchWriter;
  /** Compute each row's search data while staging (the tables of stagingTables(…, true)). */
  searchable: boolean;
  /**
   * Instead of keeping the rows in `table`: each batch is COPY'd into a batch table of its own
   * transaction (BATCH_TABLE) and handed to this, which moves it on (the first import's events).
   * `firstPosition` is the position of the batch's first row.
   */
  moveBatch?:
    | ((tx: DbTransaction, table: string, records: readonly StagedRecord[], firstPosition: number) => Promise<void>)
    | undefined;
  /** The first import's bulk: writes whose rows go straight into `events`, written out by the parser (held-rows.ts). */
  events?: EventsWrite | undefined;
  /** The stream of a record that names none, among the new names events.prepare is given. */
  defaultStream?: string | undefined;
  /** Runs before each batch's write, batch after batch in file order: what the write needs (streams, actors, ids). */
  prepareBatch?: ((records: readonly StagedRecord[], firstPosition: number) => Promise<void>) | undefined;
  /** Writes in flight at once (default 1): on PostgreSQL two connections write while the next rows are parsed. */
  writesInFlight?: number | undefined;
  /** Rows a write takes (default: a parser batch), at most when writeMillis is given; the last write takes what is left. */
  rowsPerWrite?: number | undefined;
  /** Sizes each write after the last one's pace so that it takes about this long (PGlite: readers wait for it). */
  writeMillis?: number | (() => number) | undefined;
  /**
   * No write (nor prepareBatch) before this resolves, and none at all if it rejects: the first import's
   * file is kept before any of its rows is written (the crash rule). The file is parsed meanwhile, up to
   * PARSED_AHEAD_ROWS rows; a progress report waits until the rows it counts are handed to writes.
   */
  writesAfter?: Promise<unknown> | undefined;
  limits: ImportLimits;
  onProgress?: ((progress: ImportProgress) => void) | undefined;
}

// The actor's name is the incident actor's: the move matches actors by name.
const SEARCH_VECTOR = eventVector(
  'message',
  "CASE WHEN is_marker OR actor = '' THEN NULL ELSE actor END",
  'NULL',
  'NULL',
);

export async function stageFile(
  file: SpooledBlob,
  settings: ImportSettings,
  options: StageOptions,
): Promise<StagedFile> {
  const invalid: InvalidRow[] = [];
  let invalidCount = 0;
  let validCount = 0;
  const gate = writeGate(options);
  // Parsed in a worker thread: this thread only writes, and on PGlite answers reads between the writes.
  const run = parseOffThread(
    {
      path: file.path,
      sizeBytes: file.sizeBytes,
      settings: settingsWithinLimits(settings, options.limits),
      gunzip: gunzipLimits(options.limits),
      batchSize: BATCH_SIZE,
      defaultStream: options.defaultStream,
    },
    gate.onProgress,
  );
  // Writes in flight while the next rows are parsed (PostgreSQL runs apart; on two cores, two writes).
  const inFlight = new Set<Promise<void>>();
  // Rows parsed and not yet taken (they are held where they were parsed), and the names they first bring.
  let parsedRows = 0;
  let names: NewNames = { streams: [], actors: new Map() };
  let threadKeysThrough = 0;
  const most = options.writesInFlight ?? 1;
  const sizes = writeSizes(options);
  const { events } = options;
  // Writes of sizes.rows() rows while that many are parsed; with `all`, the rest too.
  const flush = async (all: boolean) => {
    if (!(await gate.open(all || parsedRows >= PARSED_AHEAD_ROWS))) return;
    while (parsedRows > 0 && (all || parsedRows >= sizes.rows())) {
      const take = Math.min(sizes.rows(), parsedRows);
      const firstPosition = validCount - parsedRows + 1;
      parsedRows -= take;
      let write: (tx: DbTransaction) => Promise<void>;
      if (events?.wants(firstPosition, threadKeysThrough >= firstPosition)) {
        // Its streams, actors and ids made, then its rows written out by the parser while the writes before it run.
        const request = await events.prepare(names, take, firstPosition);
        names = { streams: [], actors: new Map() };
        const taken = await run.take(request);
        write = (tx) => events.write(tx, taken);
      } else {
        // Unpaced (PostgreSQL): the next batch's streams, actors and ids are taken while the writes before it
        // run, not after one of them ends (on a loaded machine 40 such statements kept a connection idle 5 s).
        const prepareFirst = options.prepareBatch !== undefined && options.writeMillis === undefined;
        if (!prepareFirst) while (inFlight.size >= most) await Promise.race(inFlight);
        const taken = await run.take({ form: 'staged', rows: take });
        const batch = { text: taken.text, records: taken.records ?? [], firstPosition };
        await options.prepareBatch?.(batch.records, batch.firstPosition);
        write = (tx) => writeRows(tx, options, batch);
      }
      while (inFlight.size >= most) await Promise.race(inFlight);
      const written: Promise<void> = options
        .write(async (tx) => {
          const started = performance.now();
          await write(tx);
          sizes.took(take, performance.now() - started);
        })
        .finally(() => inFlight.delete(written));
      // Seen when awaited (a later flush or the end); this only keeps it from counting as unhandled meanwhile.
      written.catch(() => undefined);
      inFlight.add(written);
      gate.handed(firstPosition - 1 + take);
    }
  };
  let next: IteratorResult<BatchSummary, ImportSummary>;
  try {
    next = await run.next();
    while (!next.done) {
      const batch = next.value;
      if (validCount + invalidCount + batch.count + batch.invalid.length > options.limits.maxRecords)
        throw tooManyRecords(options.limits);
      for (const row of batch.invalid) {
        invalidCount += 1;
        if (invalid.length < INVALID_LIST_LIMIT) invalid.push(row);
      }
      validCount += batch.count;
      parsedRows += batch.count;
      if (batch.threadKeys) threadKeysThrough = validCount;
      for (const stream of batch.newStreams) if (!names.streams.includes(stream)) names.streams.push(stream);
      for (const [actor, bot] of batch.newActors) names.actors.set(actor, (names.actors.get(actor) ?? false) || bot);
      await flush(false);
      // A turn of the event loop between batches: other users' requests are read and answered meanwhile.
      await turn();
      next = await run.next();
    }
    await flush(true);
    await Promise.all(inFlight);
  } catch (error) {
    // A failed import is discarded next: the rows still being written must have landed first.
    await Promise.allSettled(inFlight);
    throw error;
  } finally {
    // Stops the parser (and closes the file) when the import stops early.
    await run.close();
  }
  if (validCount === 0) {
    const first = invalid[0];
    throw new ImportError(
      'invalid-file',
      first
        ? `has no valid rows (${invalidCount} invalid; the first, line ${first.line}: ${first.reason})`
        : 'has no events to import',
    );
  }
  return { format: next.value.format, validCount, invalidCount, invalid };
}

/**
 * Holds the writes until options.writesAfter settles: `open(now)` answers whether they may go, waiting
 * for it when `now` (the buffer is full, or the file is parsed). With writesAfter, a progress report is
 * told (in order) once the rows it counts are handed to writes: the parser runs ahead while the file is
 * kept, and progress still means rows going in ('finishing' once all are; the crash test kills by it).
 */
function writeGate(options: Pick<StageOptions, 'writesAfter' | 'onProgress'>): {
  open: (now: boolean) => Promise<boolean>;
  handed: (rows: number) => void;
  onProgress: ((progress: ImportProgress) => void) | undefined;
} {
  const before = options.writesAfter;
  let opened = before === undefined;
  let settled = false;
  let handedRows = 0;
  const held: ImportProgress[] = [];
  // Marks the settling only; a rejection is seen (and thrown) by open's await.
  before?.then(
    () => (settled = true),
    () => (settled = true),
  );
  const report = options.onProgress;
  // A throw from the report fails the import, as it did when reports came straight from the parser.
  const release = () => {
    while (opened && held.length > 0 && held[0]!.validCount <= handedRows) report?.(held.shift()!);
  };
  return {
    async open(now) {
      if (opened) return true;
      if (!now && !settled) return false;
      await before;
      opened = true;
      release();
      return true;
    },
    handed(rows) {
      handedRows = rows;
      release();
    },
    onProgress:
      report &&
      (before === undefined
        ? report
        : (progress) => {
            held.push(progress);
            release();
          }),
  };
}

/**
 * How many rows the next write takes: rowsPerWrite, or with writeMillis as many as the last write's
 * pace says fit in that time (at least MIN_ROWS_PER_WRITE): on PGlite a write holds every reader off,
 * and how long 5,000 rows take depends on the machine's load (0.3 s quiet, 3 s with 20 processes).
 */
export function writeSizes(options: Pick<StageOptions, 'rowsPerWrite' | 'writeMillis'>): {
  rows: () => number;
  took: (rows: number, millis: number) => void;
} {
  const most = options.rowsPerWrite ?? BATCH_SIZE;
  // Paced writes start small and at most double: the first 5,000 rows held a loaded machine's readers 4.9 s.
  let rows = options.writeMillis === undefined ? most : Math.min(most, MIN_ROWS_PER_WRITE);
  return {
    rows: () => rows,
    took: (written, millis) => {
      if (options.writeMillis === undefined) return;
      const target = typeof options.writeMillis === 'number' ? options.writeMillis : options.writeMillis();
      const fitting = Math.floor((written * target) / Math.max(millis, 1));
      rows = Math.max(MIN_ROWS_PER_WRITE, Math.min(most, fitting, rows * 2));
    },
  };
}

interface Write {
  text: Uint8Array;
  records: readonly StagedRecord[];
  firstPosition: number;
}

/** One write of staging rows: moved on (moveBatch), or kept in the staging table, with search data if asked. */
async function writeRows(tx: DbTransaction, options: StageOptions, write: Write): Promise<void> {
  if (options.moveBatch) {
    await tx.query(BATCH_TABLE_SQL);
    await tx.copyFrom(`COPY ${BATCH_TABLE} (${COLUMNS}) FROM STDIN`, write.text);
    await options.moveBatch(tx, BATCH_TABLE, write.records, write.firstPosition);
  } else if (!options.searchable) {
    await tx.copyFrom(`COPY ${options.table} (${COLUMNS}) FROM STDIN`, write.text);
  } else {
    const batch = `${options.table}_batch`;
    await tx.copyFrom(`COPY ${batch} (${COLUMNS}) FROM STDIN`, write.text);
    await tx.query(
      `INSERT INTO ${options.table} (${COLUMNS}, search_vector) SELECT ${COLUMNS}, ${SEARCH_VECTOR} FROM ${batch}`,
    );
    await tx.query(`TRUNCATE ${batch}`);
  }
}
