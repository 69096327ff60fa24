/*
 * The authoritative import of one evidence file into an incident, shared by POST
 * /api/incident/{id}/import and npm run import. The spooled file is first stored whole and committed
 * as an upload of the incident (keepSource), so a crash during the long import leaves the file there
 * to be imported again, and nothing else. The file is then staged batch by batch (stage-file.ts) and,
 * in ONE transaction, moved into new streams and events (move-staged-events.ts), its Slack threads
 * made collections (reply-threads.ts) and the upload adopted as the streams' source (adopt-source.ts).
 * A failure rolls all that back and removes the kept upload again, so a refused file leaves nothing.
 */
import { open } from 'node:fs/promises';
import { DETECT_BYTES, detectFormat } from '../../domain/import/detect-format.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import type { ImportFormat, ImportProgress, InvalidRow } from '../../domain/import/import-record.ts';
import { settingsFromDetection, type ImportSettings } from '../../domain/import/import-settings.ts';
import { normalizeMediaType, inferUploadKind } from '../../domain/upload-media.ts';
import { nowMicros } from '../auth/tokens.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { recordWrite } from '../repositories/audit-repository.ts';
import { deleteUpload, insertUpload, saveBlob, type SpooledBlob } from '../repositories/blob-repository.ts';
import { adoptSource } from './adopt-source.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits.ts';
import { moveStagedEvents, type ImportedStream } from './move-staged-events.ts';
import { saveReplyThreads } from './reply-threads.ts';
import { stageFile, stagingTables, type BatchWriter, type StagedFile } from './stage-file.ts';

export { INVALID_LIST_LIMIT } from './stage-file.ts';
export type { ImportedStream } from './move-staged-events.ts';

export interface ImportResult {
  streams: ImportedStream[];
  importedCount: number;
  invalidCount: number;
  invalid: InvalidRow[];
  invalidNotListed: number;
  format: ImportFormat;
  uploadID: number;
}

export interface ImportFileOptions {
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
}

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
    const why = detection.format === undefined ? detection.reason : `${detection.reason}, but no start time column was found: send settings with a mapping`;
    throw new ImportError('unsupported-format', why);
  }
  return settings;
}

/** Stores the file and commits it as a plain upload of the incident, before the import begins. */
async function keepSource(db: Db, options: ImportFileOptions, mediaType: string): Promise<number> {
  return db.transaction(async (tx) => {
    const incident = await options.incident(tx);
    return insertUpload(tx, {
      incidentId: incident.id,
      blob: await saveBlob(tx, options.file),
      fileName: options.fileName,
      mediaType,
      kind: inferUploadKind(options.fileName, mediaType),
      analystId: options.attribution.analystID,
    });
  });
}

export async function importFile(db: Db, options: ImportFileOptions): Promise<ImportResult> {
  const mediaType = normalizeMediaType(options.declaredType, options.fileName);
  const keptId = await keepSource(db, options, mediaType);
  let result: ImportResult;
  try {
    result = db.kind === 'pglite' ? await importInTurns(db, options, mediaType, keptId) : await importInOneGo(db, options, mediaType, keptId);
  } catch (error) {
    // NOTE: best effort; if the database is gone too, the kept file stays, as after a crash.
    await db.transaction((tx) => deleteUpload(tx, keptId)).catch(() => undefined);
    throw error;
  }
  // NOTE: PGlite runs no autovacuum, so without this the planner guesses at the new rows.
  await db.query('ANALYZE events');
  return result;
}

const stageOptions = (options: ImportFileOptions, table: string, write: BatchWriter) => ({
  table,
  write,
  searchable: true,
  limits: options.limits ?? DEFAULT_IMPORT_LIMITS,
  onProgress: options.onProgress,
});

/** PostgreSQL: other requests have connections of their own, so the whole import is one transaction. */
async function importInOneGo(db: Db, options: ImportFileOptions, mediaType: string, keptId: number): Promise<ImportResult> {
  const table = 'import_staging';
  return db.transaction(async (tx) => {
    for (const create of stagingTables(table, 'transaction', true)) await tx.query(create);
    const staged = await stageFile(options.file, options.settings, stageOptions(options, table, (work) => work(tx)));
    return importStaged(tx, options, { table, staged, mediaType, keptId });
  });
}

let pgliteStagingCount = 0;

/**
 * PGlite: one connection for every request, so a transaction holds them all off. The rows are staged
 * in a table of the session, each batch in a transaction of its own (reads take their turns between
 * batches); only the move into events is one transaction. A crash loses the session table with the
 * process, and the events never landed.
 */
async function importInTurns(db: Db, options: ImportFileOptions, mediaType: string, keptId: number): Promise<ImportResult> {
  pgliteStagingCount += 1;
  const table = `import_staging_${pgliteStagingCount}`;
  for (const create of stagingTables(table, 'session', true)) await db.query(create);
  try {
    const staged = await stageFile(options.file, options.settings, stageOptions(options, table, (work) => db.transaction(work)));
    return await db.transaction((tx) => importStaged(tx, options, { table, staged, mediaType, keptId }));
  } finally {
    await db.query(`DROP TABLE IF EXISTS ${table}, ${table}_batch`).catch(() => undefined);
  }
}

async function importStaged(tx: DbTransaction, options: ImportFileOptions, on: { table: string; staged: StagedFile; mediaType: string; keptId: number }): Promise<ImportResult> {
  const { staged } = on;
  const incident = await options.incident(tx);
  const now = nowMicros();
  // Stored already (keepSource); this locks it, and stores it again if the kept upload was deleted meanwhile.
  const blob = await saveBlob(tx, options.file);
  // A file name may be 255 characters; a stream name at most 200 (the API's limit), so a later rename to it works.
  const defaultName = options.streamName ?? Array.from(options.fileName).slice(0, 200).join('');
  const analystId = options.attribution.analystID;
  const streams = await moveStagedEvents(tx, { table: on.table, incident, format: options.settings.format, defaultName, analystId, nowMicros: now });
  if (options.settings.format === 'slack-zip') {
    await saveReplyThreads(tx, on.table, { names: streams.map((stream) => stream.name), ids: streams.map((stream) => stream.id), defaultName }, incident.id, now);
  }
  const source = { incidentId: incident.id, keptId: on.keptId, blob, fileName: options.fileName, mediaType: on.mediaType, analystId };
  const uploadIds = await adoptSource(tx, source, streams.map((stream) => stream.id));
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
