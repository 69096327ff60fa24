/*
 * Re-importing an updated file into an existing stream (issue 5 part 6), shared by
 * POST /api/stream/{id}/import[/check] and npm run import -- --stream. The check stages the new file
 * and matches it against the stream's events in a transaction that is rolled back. The re-import writes
 * the new file's rows out of sight in short transactions, then one transaction matches them, carries
 * every annotation to the matching new event (domain/import/merge-outcome.ts says what matches and what
 * each outcome means) and swaps them for the stream's events (reimport-flip.ts). The new file becomes
 * the stream's system upload; the stream keeps its id, name, colour and clock offset.
 */
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import {
  conflictMessage,
  mergeOutcome,
  needsResolution,
  type MergeResolution,
} from '../../domain/import/merge-outcome.ts';
import { inferUploadKind, normalizeMediaType } from '../../domain/upload-media.ts';
import { nowMicros } from '../time.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { recordWrite } from '../repositories/audit-repository.ts';
import { insertUpload } from '../repositories/blob-repository.ts';
import { writePendingBlob, type PendingBlob } from '../repositories/pending-blob.ts';
import {
  annotatedSourceEvents,
  carryAnnotations,
  deleteSourceEvents,
  detachAnnotations,
  matchSourceEvents,
  streamHasAnnotations,
  type AnnotatedEventRow,
  type StreamRow,
} from '../repositories/merge-repository.ts';
import { refreshEventSearch } from '../repositories/search-repository.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import { DEFAULT_IMPORT_LIMITS } from './import-limits.ts';
import { beginImport, discardImport, showImport, touchImport } from './hidden-import.ts';
import { ImportTarget } from './move-staged-events.ts';
import { moveTwinEvents, stageFromTwin } from './reimport-flip.ts';
import {
  MARKER_STREAM_REFUSAL,
  ReimportRefusal,
  type ReimportCheck,
  type ReimportOptions,
  type ReimportResult,
} from './reimport-outcome.ts';
import { BATCH_TABLE, INVALID_LIST_LIMIT, stageFile, stagingTables, type StagedFile } from './stage-file.ts';

interface Prepared {
  stream: StreamRow & { name: string; source_upload_id: number | null };
  incident: IncidentRef;
  staged: StagedFile;
  check: ReimportCheck;
  annotated: AnnotatedEventRow[];
}

/** A Slack export makes one stream per channel, so it cannot be poured into one stream. */
function refuseSlack(settings: ImportSettings): void {
  if (settings.format === 'slack-zip') {
    throw new ImportError(
      'unsupported-format',
      'is a Slack export, which makes one stream per channel: re-import a single-stream format (TSV/CSV, HAR, Timesketch, JSON Lines)',
    );
  }
}

async function prepare(tx: DbTransaction, options: ReimportOptions, lock: boolean): Promise<Prepared> {
  const { streamId, incident } = await options.stream(tx);
  const [stream] = await tx.query<Prepared['stream']>(
    `SELECT id, incident_id, name, is_marker_stream, clock_offset_micros, source_upload_id FROM streams WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [streamId],
  );
  if (!stream) throw new Error(`stream ${streamId} vanished`);
  if (stream.is_marker_stream) throw new ReimportRefusal('marker_stream', MARKER_STREAM_REFUSAL);
  refuseSlack(options.settings);
  for (const create of stagingTables('reimport_staging', 'transaction', false)) await tx.query(create);
  const staged = await stageFile(options.file, options.settings, {
    table: 'reimport_staging',
    write: (work) => work(tx),
    searchable: false,
    limits: options.limits ?? DEFAULT_IMPORT_LIMITS,
    onProgress: options.onProgress,
  });
  const counts = await matchSourceEvents(tx, stream, lock);
  const annotated = await annotatedSourceEvents(tx);
  const outcome = mergeOutcome({
    annotatedEvents: annotated.map((event) => ({ isMarker: event.is_marker, matched: event.matched })),
    streamHasAnnotations: await streamHasAnnotations(tx, stream.id),
  });
  const unmatched = annotated.filter((event) => !event.matched);
  return {
    stream,
    incident,
    staged,
    annotated,
    check: {
      outcome,
      currentEventCount: counts.currentCount,
      newEventCount: counts.newCount,
      matchedEventCount: counts.matchedCount,
      unmatchedAnnotatedEvents: unmatched.slice(0, INVALID_LIST_LIMIT).map((event) => ({
        eventID: event.id,
        startTimestamp: event.start_micros,
        message: event.message,
        annotations: event.labels,
      })),
      unmatchedAnnotatedEventCount: unmatched.length,
      invalidRows: staged.invalid,
      invalidRowCount: staged.invalidCount,
    },
  };
}

class CheckDone extends Error {
  constructor(readonly check: ReimportCheck) {
    super('check done');
  }
}

/** The merge check: what a re-import of this file would do. Changes nothing (its transaction rolls back). */
export async function checkReimport(db: Db, options: ReimportOptions): Promise<ReimportCheck> {
  try {
    await db.transaction(async (tx) => {
      throw new CheckDone((await prepare(tx, options, false)).check);
    });
  } catch (error) {
    if (error instanceof CheckDone) return error.check;
    throw error;
  }
  throw new Error('unreachable: the check transaction always rolls back');
}

interface ReimportFileOptions extends ReimportOptions {
  fileName: string;
  declaredType?: string | undefined;
  resolution?: MergeResolution | undefined;
  attribution: { userID: number | null; analystID: number | null };
}

/** Waits for a turn before each short transaction and answers its release (PGlite: the server's read queue). */
type TakeTurn = () => Promise<() => void>;

const ROWS_PER_WRITE = 5_000;

/**
 * The re-import, out of sight: the file is kept (pending-blob.ts) and its rows written batch by batch,
 * each in a short transaction, as the events of a hidden twin of the stream (an import's hidden stream,
 * hidden-import.ts); one transaction then matches, carries annotations and swaps the twin's events for
 * the stream's (reimport-flip.ts). Every visible change lands in that one transaction, or none does: a
 * refused conflict or a failure discards the twin, and a killed process's twin is swept at start.
 */
export async function reimportStream(
  db: Db,
  options: ReimportFileOptions & { takeTurn?: TakeTurn | undefined },
): Promise<ReimportResult> {
  let importId: number | undefined;
  let pending: PendingBlob | undefined;
  try {
    const begun = await db.transaction((tx) => beginTwin(tx, options));
    importId = begun.context.importId;
    const twin = begun.streams[0]!;
    pending = await writePendingBlob(db, options.file, undefined, options.takeTurn);
    const stored = pending;
    const staged = await stageFile(options.file, options.settings, {
      table: BATCH_TABLE,
      write: async (work) => {
        const release = await options.takeTurn?.();
        try {
          await db.transaction(async (tx) => {
            await work(tx);
            await touchImport(tx, begun.context.importId, nowMicros());
          });
        } finally {
          release?.();
        }
      },
      searchable: false,
      rowsPerWrite: ROWS_PER_WRITE,
      moveBatch: (tx, table, records) => begun.moveBatch(tx, table, records),
      limits: options.limits ?? DEFAULT_IMPORT_LIMITS,
      onProgress: options.onProgress,
    });
    const release = await options.takeTurn?.();
    let result: ReimportResult;
    try {
      result = await db.transaction((tx) =>
        flip(tx, options, { importId: begun.context.importId, twinId: twin.id, staged, blob: stored }),
      );
    } finally {
      release?.();
    }
    // NOTE: PGlite runs no autovacuum, so without this the planner guesses at the new rows.
    await db.query(
      'ANALYZE events (incident_id, stream_id, actor_id, is_marker, start_micros, end_micros, import_stream_id)',
    );
    return result;
  } catch (error) {
    // NOTE: best effort; if the database is gone too, the start-up sweeps remove the twin and the chunks.
    if (importId !== undefined) await discardImport(db, importId).catch(() => undefined);
    throw error;
  } finally {
    await pending?.discard().catch(() => undefined);
  }
}

/** The stream checked, the import's bookkeeping row and the hidden twin its rows go into. */
async function beginTwin(tx: DbTransaction, options: ReimportFileOptions): Promise<ImportTarget> {
  const { streamId, incident } = await options.stream(tx);
  const [stream] = await tx.query<{ is_marker_stream: boolean }>('SELECT is_marker_stream FROM streams WHERE id = $1', [
    streamId,
  ]);
  if (!stream) throw new Error(`stream ${streamId} vanished`);
  if (stream.is_marker_stream) throw new ReimportRefusal('marker_stream', MARKER_STREAM_REFUSAL);
  refuseSlack(options.settings);
  const [marker] = await tx.query<{ id: number }>(
    'SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [incident.id],
  );
  if (!marker) throw new Error(`incident ${incident.id} has no marker stream`);
  const now = nowMicros();
  const importId = await beginImport(tx, incident.id, now);
  const target = new ImportTarget({
    importId,
    incident,
    format: options.settings.format,
    // Stream names are unique in an incident; the twin is never seen, so its name only has to differ.
    defaultName: `re-import ${importId} of stream ${streamId}`,
    analystId: options.attribution.analystID,
    nowMicros: now,
    markerStreamId: marker.id,
  });
  await target.addDefaultStream(tx);
  return target;
}

/** The one transaction every visible change of a re-import lands in. */
async function flip(
  tx: DbTransaction,
  options: ReimportFileOptions,
  on: { importId: number; twinId: number; staged: StagedFile; blob: PendingBlob },
): Promise<ReimportResult> {
  const { staged } = on;
  // The access check again (the analyst may have lost the incident meanwhile), then the stream locked.
  const { streamId, incident } = await options.stream(tx);
  const [stream] = await tx.query<Prepared['stream']>(
    'SELECT id, incident_id, name, is_marker_stream, clock_offset_micros, source_upload_id FROM streams WHERE id = $1 FOR UPDATE',
    [streamId],
  );
  if (!stream) throw new Error(`stream ${streamId} vanished`);
  await stageFromTwin(tx, on.twinId);
  await matchSourceEvents(tx, stream, true);
  const annotated = await annotatedSourceEvents(tx);
  const outcome = mergeOutcome({
    annotatedEvents: annotated.map((event) => ({ isMarker: event.is_marker, matched: event.matched })),
    streamHasAnnotations: await streamHasAnnotations(tx, stream.id),
  });
  const unmatched = annotated.filter((event) => !event.matched);
  if (needsResolution(outcome) && options.resolution === undefined) {
    throw new ReimportRefusal('needs_resolution', conflictMessage(outcome, unmatched.length), outcome);
  }
  const now = nowMicros();
  const resolution = needsResolution(outcome) ? (options.resolution ?? null) : null;
  const kept = resolution === 'keep_unmatched' ? unmatched.map((event) => event.id) : [];
  const detached = resolution === 'detach_unmatched' ? unmatched : [];
  const [marker] = await tx.query<{ id: number; clock_offset_micros: number }>(
    'SELECT id, clock_offset_micros FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [incident.id],
  );
  if (!marker) throw new Error(`incident ${incident.id} has no marker stream`);

  const carried = await carryAnnotations(tx);
  const detachedAnnotationCount = await detachAnnotations(
    tx,
    stream.id,
    detached.map((event) => event.id),
    now,
  );
  const deletedCount = await deleteSourceEvents(tx, kept);
  await moveTwinEvents(tx, {
    importId: on.importId,
    twinId: on.twinId,
    stream,
    marker: { id: marker.id, clockOffsetMicros: marker.clock_offset_micros },
  });
  await showImport(tx, on.importId, incident.id);
  await refreshEventSearch(tx, carried.searchEventIds);

  const blob = await on.blob.adopt(tx);
  const mediaType = normalizeMediaType(options.declaredType, options.fileName);
  const uploadId = await insertUpload(tx, {
    incidentId: incident.id,
    blob,
    fileName: options.fileName,
    mediaType,
    kind: inferUploadKind(options.fileName, mediaType),
    streamId: stream.id,
    isSystem: true,
    analystId: options.attribution.analystID,
  });
  await tx.query('UPDATE streams SET source_upload_id = $2, import_format = $3 WHERE id = $1', [
    stream.id,
    uploadId,
    staged.format,
  ]);
  const [count] = await tx.query<{ count: number }>(
    'SELECT count(*)::bigint AS count FROM events WHERE stream_id = $1',
    [stream.id],
  );

  await recordWrite(tx, options.attribution, {
    action: 'reimport stream',
    itemType: 'stream',
    itemID: stream.id,
    detail: {
      incidentID: incident.id,
      fileName: options.fileName,
      format: staged.format,
      outcome,
      resolution,
      importedCount: staged.validCount,
      invalidCount: staged.invalidCount,
      replacedEventCount: deletedCount,
      carriedAnnotationCount: carried.carriedCount,
      keptEventIDs: kept,
      // What detaching ended: each deleted event with the annotations it had (collections included).
      detachedEvents: detached.slice(0, INVALID_LIST_LIMIT).map((event) => ({
        eventID: event.id,
        startTimestamp: event.start_micros,
        message: event.message,
        annotations: event.labels,
      })),
      detachedAnnotationCount,
      uploadID: uploadId,
      previousUploadID: stream.source_upload_id,
      sha256: blob.sha256,
      sizeBytes: blob.sizeBytes,
    },
  });
  return {
    streams: [{ id: stream.id, name: stream.name, eventCount: Number(count!.count) }],
    importedCount: staged.validCount,
    invalidCount: staged.invalidCount,
    invalid: staged.invalid,
    invalidNotListed: staged.invalidCount - staged.invalid.length,
    format: staged.format,
    uploadID: uploadId,
    outcome,
    resolution,
    carriedAnnotationCount: carried.carriedCount,
    keptEventCount: kept.length,
    detachedEventCount: detached.length,
  };
}
