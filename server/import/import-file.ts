/*
 * The authoritative import of one evidence file into an incident, shared by POST
 * /api/incident/{id}/import and npm run import. The spooled file is first stored (chunk by chunk in
 * short transactions, keep-source.ts) and committed as an upload of the incident, so a crash during the
 * long import leaves the file there to be imported again (its first rows are parsed meanwhile, none written). The rows then go batch by batch, each in a short transaction, into events of
 * streams that reads skip (move-staged-events.ts, hidden-import.ts); one small transaction shows them,
 * with the Slack threads (reply-threads.ts), the adopted upload (adopt-source.ts) and the audit record;
 * past the first rows, their search data is prepared after it (search-preparer.ts).
 * A failure discards the hidden rows and the kept upload, so a refused file leaves nothing.
 */
import { open } from 'node:fs/promises';
import { DETECT_BYTES, detectFormat } from '../../domain/import/detect-format.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import type { ImportProgress } from '../../domain/import/import-record.ts';
import { settingsFromDetection, type ImportSettings } from '../../domain/import/import-settings.ts';
import { normalizeMediaType } from '../../domain/upload-media.ts';
import { nowMicros } from '../time.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { recordWrite } from '../repositories/audit-repository.ts';
import { deleteUpload, saveBlob, type SpooledBlob } from '../repositories/blob-repository.ts';
import { addSearchBacklog, nextEventId } from '../repositories/search-backlog-repository.ts';
import { adoptSource } from './adopt-source.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits.ts';
import { checkGzipUnpacking } from './inflate-off-thread.ts';
import { discardImport, beginImport, showImport, touchImport } from './hidden-import.ts';
import { keepSource } from './keep-source.ts';
import { ImportTarget, type ImportedStream } from './move-staged-events.ts';
import { saveReplyThreads } from './reply-threads.ts';
import { BATCH_TABLE, stageFile, type ImportedFileSummary, type StagedFile } from './stage-file.ts';

export { INVALID_LIST_LIMIT } from './stage-file.ts';
export type { ImportedStream } from './move-staged-events.ts';

interface ImportResult extends ImportedFileSummary {
  streams: ImportedStream[];
}

interface ImportFileOptions {
  /** Resolves (and, for a route, re-checks access to) the incident inside the import's transaction. */
  incident: (tx: DbTransaction) => Promise<IncidentRef>;
  file: SpooledBlob;
  fileName: string;
  declaredType?: string | undefined;
  /** Defaults to the file name; Slack streams are named by channel. */
  streamName?: string | undefined;
  settings: ImportSettings;
  attribution: { userID: number | null; analystID: number | null };
  onProgress?: ((progress: ImportProgress) => void) | undefined;
  /** Default: DEFAULT_IMPORT_LIMITS; the server passes its configuration's. */
  limits?: ImportLimits | undefined;
  /** Waits for a turn before each batch and answers its release (PGlite: the server's read queue). */
  takeTurn?: (() => Promise<() => void>) | undefined;
  /**
   * The first rows get their search data as they go in; past this many, the import is shown without the
   * rest's, left for after the flip (search-preparer.ts). Default DEFAULT_SEARCH_INLINE_ROWS.
   */
  searchInlineRows?: number | undefined;
  /** Whether other users are reading (PGlite: the server's read queue); absent, nobody is. */
  readersActive?: (() => boolean) | undefined;
  /** Told once the rows are visible (the server wakes its search preparer). */
  onShown?: (() => void) | undefined;
}

/** A small import is searchable the moment it is shown; a large one's search data follows. */
const DEFAULT_SEARCH_INLINE_ROWS = 10_000;

/** The first 64 KiB of a spooled file, which is what format detection looks at. */
export async function firstBytes(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(DETECT_BYTES);
    const { bytesRead } = await file.read(buffer, 0, DETECT_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Settings detected from the file, or an ImportError('unsupported-format') with the detection's reason. */
export async function detectSettings(path: string, fileName: string, timeZone: string): Promise<ImportSettings> {
  const detection = detectFormat(await firstBytes(path), fileName);
  const settings = settingsFromDetection(detection, timeZone);
  if (!settings) {
    const why =
      detection.format === undefined
        ? detection.reason
        : `${detection.reason}, but no start time column was found: send settings with a mapping`;
    throw new ImportError('unsupported-format', why);
  }
  return settings;
}

const PGLITE_ROWS_PER_WRITE = 40_000;
/** A PGlite write is sized to take about this long, however loaded the machine: every reader waits for it. */
const PGLITE_WRITE_MILLIS = 200;
/**
 * While nobody has read for PGLITE_READERS_GONE_MILLIS, writes grow to take about this long: fewer, larger
 * batches (less per-batch work), and a reader who comes meanwhile waits at most about this long.
 */
export const PGLITE_IDLE_WRITE_MILLIS = 800;
export const PGLITE_READERS_GONE_MILLIS = 2_000;
const POSTGRES_ROWS_PER_WRITE = 25_000;
/** Room for a batch's rows in memory (a 40,000-row batch's transition table is about 11 MB). */
const BATCH_WORK_MEM = '64MB';
/** How long the closing ANALYZE waits for a lock before a blocking autovacuum is cancelled (PostgreSQL). */
const ANALYZE_LOCK_WAIT = '20ms';

export async function importFile(db: Db, options: ImportFileOptions): Promise<ImportResult> {
  const mediaType = normalizeMediaType(options.declaredType, options.fileName);
  let target: ImportTarget | undefined;
  let keeping: Promise<number> | undefined;
  // A gzip bomb refused before anything is written (zlib, off the thread), not after its rows were.
  await checkGzipUnpacking(options.file.path, options.limits ?? DEFAULT_IMPORT_LIMITS);
  try {
    target = await db.transaction((tx) => beginTarget(tx, options));
    const begun = target;
    // The file is kept while its first rows are parsed; stageFile writes none before it is (writesAfter).
    keeping = keepSource(db, {
      importId: begun.context.importId,
      incident: options.incident,
      file: options.file,
      fileName: options.fileName,
      mediaType,
      analystId: options.attribution.analystID,
      takeTurn: options.takeTurn,
    });
    // Seen by stageFile's wait or the await below; this only keeps it from counting as unhandled meanwhile.
    keeping.catch(() => undefined);
    // PostgreSQL: two batches written side by side on two connections (the heavy part is the database's,
    // a core each); their streams, actors, ids and the heartbeat are taken first, batch after batch.
    const sideBySide = db.kind === 'postgres';
    const staged = await stageFile(options.file, options.settings, {
      table: BATCH_TABLE,
      // Each batch in a short transaction of its own: other users' reads and writes take turns with it.
      write: (work) =>
        inTurn(options, () =>
          db.transaction(async (tx) => {
            // A batch's commit need not wait for its WAL to reach the disk: its rows stay hidden until the flip,
            // whose own (synchronous) commit flushes everything before it; a crash meanwhile is swept at start.
            // The statement triggers' copy of the batch's rows (their transition table) is kept within work_mem:
            // at the default 4 MB each batch of 40,000 rows went to a temporary file and was read back from it.
            await tx.exec(`SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '${BATCH_WORK_MEM}'`);
            await work(tx);
            if (!sideBySide) await touchImport(tx, begun.context.importId, nowMicros());
          }),
        ),
      searchable: false,
      // PGlite: a batch holds every reader off while it is written, so batches stay small.
      rowsPerWrite: sideBySide ? POSTGRES_ROWS_PER_WRITE : PGLITE_ROWS_PER_WRITE,
      writeMillis: sideBySide
        ? undefined
        : () => ((options.readersActive?.() ?? false) ? PGLITE_WRITE_MILLIS : PGLITE_IDLE_WRITE_MILLIS),
      writesInFlight: sideBySide ? 2 : 1,
      prepareBatch: sideBySide
        ? async (records, firstPosition) => {
            // Most batches name no new stream or actor: then their ids and the heartbeat are one statement.
            if (begun.namesNew(records))
              await db.transaction(async (tx) => {
                // As the writes: nothing here is seen before the flip, whose commit waits for the WAL of all of it.
                await tx.query('SET LOCAL synchronous_commit = off');
                await begun.prepareBatch(tx, records);
              });
            await begun.reserveIds(db, records.length, firstPosition, nowMicros());
          }
        : undefined,
      // Past the first rows, each write's rows come from the parser as the final rows of `events`.
      events: {
        wants: (firstPosition, threadKeys) => begun.copiesFrom(firstPosition, threadKeys),
        prepare: async (names, rows, firstPosition) => {
          if (begun.namesNewIn(names))
            await inTurn(options, () =>
              db.transaction(async (tx) => {
                // As the writes: nothing here is seen before the flip, whose commit waits for the WAL of all of it.
                await tx.query('SET LOCAL synchronous_commit = off');
                await begun.prepareNames(tx, names);
              }),
            );
          if (sideBySide) await begun.reserveIds(db, rows, firstPosition, nowMicros());
          return begun.eventsRequest(rows, firstPosition);
        },
        write: (tx, taken) => begun.copyRows(tx, taken, sideBySide),
      },
      defaultStream: begun.context.defaultName,
      moveBatch: (tx, table, records, firstPosition) =>
        sideBySide ? begun.insertBatch(tx, table, records, firstPosition) : begun.moveBatch(tx, table, records),
      limits: options.limits ?? DEFAULT_IMPORT_LIMITS,
      onProgress: options.onProgress,
      writesAfter: keeping,
    });
    const kept = await keeping;
    const result = await inTurn(options, () =>
      db.transaction((tx) => showImported(tx, options, { target: begun, staged, mediaType, keptId: kept })),
    );
    options.onShown?.();
    // NOTE: PGlite runs no autovacuum, so without this the planner guesses at the new rows (PostgreSQL's
    // autovacuum would come within its naptime, and its own ANALYZE after this one only past another 10%).
    // Only the columns plans depend on: the text and search columns' statistics took seconds on PGlite.
    // A smaller sample (3,000 rows rather than 30,000): on PGlite every reader waits for the ANALYZE (2.4 s
    // for 9,000 at a million rows on a loaded machine); on PostgreSQL the import's answer does (the 30,000 rows'
    // pages freshly written, about 0.5 s of a backend a million rows, 20 ms for 3,000); a large incident still
    // shows in its columns' most common values, and migration 013 fixes the incidents' and streams' spread.
    await inTurn(options, () =>
      db.transaction(async (tx) => {
        await tx.query('SET LOCAL default_statistics_target = 10');
        // NOTE: a million new rows start autovacuum's VACUUM of events during the import, and the ANALYZE's lock
        // waits deadlock_timeout (1 s by default) before PostgreSQL cancels that autovacuum for it: a second of
        // the import spent waiting. Where this role may set it (a superuser, or GRANT SET), the wait is cut short;
        // elsewhere the refusal is caught inside the block, so the import goes on with the server's own wait.
        if (db.kind === 'postgres')
          await tx.query(
            `DO $$ BEGIN PERFORM set_config('deadlock_timeout', '${ANALYZE_LOCK_WAIT}', true);
             EXCEPTION WHEN insufficient_privilege THEN NULL; END $$`,
          );
        await tx.query(
          'ANALYZE events (incident_id, stream_id, actor_id, is_marker, start_micros, end_micros, import_stream_id)',
        );
      }),
    );
    return result;
  } catch (error) {
    // The file's keeping ends first: its chunks go under the import's pending key, which the discard sweeps.
    const keptId = await keeping?.catch(() => undefined);
    // NOTE: best effort; if the database is gone too, the start-up sweep removes the rows, and the kept file stays.
    if (target) await discardImport(db, target.context.importId).catch(() => undefined);
    if (keptId !== undefined) await db.transaction((tx) => deleteUpload(tx, keptId)).catch(() => undefined);
    throw error;
  }
}

/** Runs `work` in the import's turn in the read queue (PGlite), so the reads that came first go first. */
async function inTurn<T>(options: ImportFileOptions, work: () => Promise<T>): Promise<T> {
  const release = await options.takeTurn?.();
  try {
    return await work();
  } finally {
    release?.();
  }
}

/** The import's bookkeeping row and (but for Slack, named by channel) its first, hidden stream. */
async function beginTarget(tx: DbTransaction, options: ImportFileOptions): Promise<ImportTarget> {
  const incident = await options.incident(tx);
  const [marker] = await tx.query<{ id: number }>(
    'SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [incident.id],
  );
  if (!marker) throw new Error(`incident ${incident.id} has no marker stream`);
  const now = nowMicros();
  const target = new ImportTarget({
    importId: await beginImport(tx, incident.id, now),
    incident,
    format: options.settings.format,
    // A file name may be 255 characters; a stream name at most 200 (the API's limit), so a later rename to it works.
    defaultName: options.streamName ?? Array.from(options.fileName).slice(0, 200).join(''),
    analystId: options.attribution.analystID,
    nowMicros: now,
    markerStreamId: marker.id,
    searchInlineRows: options.searchInlineRows ?? DEFAULT_SEARCH_INLINE_ROWS,
    firstEventId: await nextEventId(tx),
  });
  if (options.settings.format !== 'slack-zip') await target.addDefaultStream(tx);
  return target;
}

/** The flip: the import's rows become visible with its threads, source and audit record, or none of it does. */
async function showImported(
  tx: DbTransaction,
  options: ImportFileOptions,
  on: { target: ImportTarget; staged: StagedFile; mediaType: string; keptId: number },
): Promise<ImportResult> {
  const { staged, target } = on;
  const { importId } = target.context;
  // The access check again: the analyst may have lost the incident while the file was read.
  const incident = await options.incident(tx);
  const now = nowMicros();
  // Stored already (keepSource); this locks it, and stores it again if the kept upload was deleted meanwhile.
  const blob = await saveBlob(tx, options.file);
  const analystId = options.attribution.analystID;
  const streams = target.streams;
  if (options.settings.format === 'slack-zip') await saveReplyThreads(tx, importId, incident.id, now);
  await showImport(tx, importId, incident.id);
  const { searchInlineRows, firstEventId } = target.context;
  if (searchInlineRows !== undefined && firstEventId !== undefined && staged.validCount > searchInlineRows)
    await addSearchBacklog(tx, {
      incidentId: incident.id,
      streamIds: streams.map((stream) => stream.id),
      firstEventId,
      lastEventId: await nextEventId(tx),
      eventCount: staged.validCount,
      nowMicros: now,
    });
  const source = {
    incidentId: incident.id,
    keptId: on.keptId,
    blob,
    fileName: options.fileName,
    mediaType: on.mediaType,
    analystId,
  };
  const uploadIds = await adoptSource(
    tx,
    source,
    streams.map((stream) => stream.id),
  );
  await recordWrite(tx, options.attribution, {
    action: 'import stream',
    itemType: 'stream',
    itemID: streams[0]!.id,
    detail: {
      incidentID: incident.id,
      fileName: options.fileName,
      format: staged.format,
      streamIDs: streams.map((stream) => stream.id),
      importedCount: staged.validCount,
      invalidCount: staged.invalidCount,
      uploadID: uploadIds[0],
      sha256: blob.sha256,
      sizeBytes: blob.sizeBytes,
    },
  });
  return {
    streams,
    importedCount: staged.validCount,
    invalidCount: staged.invalidCount,
    invalid: staged.invalid,
    invalidNotListed: staged.invalidCount - staged.invalid.length,
    format: staged.format,
    uploadID: uploadIds[0]!,
  };
}
