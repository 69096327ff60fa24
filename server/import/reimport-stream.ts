/*
 * Re-importing an updated file into an existing stream (issue 5 part 6), shared by
 * POST /api/stream/{id}/import[/check] and npm run import -- --stream. The check stages the new file
 * and matches it against the stream's events in a transaction that is rolled back. The re-import writes
 * the new file's rows out of sight in short transactions, matches them, then one small transaction carries
 * every annotation to the matching new event (domain/import/merge-outcome.ts says what matches and what
 * each outcome means) and shows them instead of the stream's events (reimport-flip.ts). The new file becomes
 * the stream's system upload; the stream keeps its id, name, colour and clock offset.
 */
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import { conflictMessage, mergeOutcome, needsResolution } from '../../domain/import/merge-outcome.ts';
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
import { retireOldRows } from './reimport-cleanup.ts';
import { refuseWhileReimporting } from './reimport-running.ts';
import { annotatedOldEvents, switchGeneration } from './reimport-flip.ts';
import { matchGeneration, rematchChanged } from './reimport-match.ts';
import {
  MARKER_STREAM_REFUSAL,
  ReimportRefusal,
  type ReimportCheck,
  type ReimportFileOptions,
  type ReimportOptions,
  type ReimportResult,
} from './reimport-outcome.ts';
import { BATCH_TABLE, INVALID_LIST_LIMIT, stageFile, stagingTables, type StagedFile } from './stage-file.ts';
import { inTurn } from '../repositories/in-turn.ts';

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

const ROWS_PER_WRITE = 5_000;
/** PGlite: each write sized after the last one's pace to take about this long, as the first import's are. */
const PGLITE_WRITE_MILLIS = 200;

/**
 * The re-import, out of sight: the file is kept (pending-blob.ts) and its rows written batch by batch,
 * each in a short transaction, into the stream itself under a new generation that readers skip
 * (migration 014); they are matched against the stream's events in short transactions too
 * (reimport-match.ts), then one small transaction re-checks what changed, carries annotations and shows
 * the new generation (reimport-flip.ts), and the old rows are deleted in short transactions
 * (reimport-cleanup.ts). A refused conflict or a failure discards the generation; a killed process's
 * is swept at start.
 */
export async function reimportStream(db: Db, options: ReimportFileOptions): Promise<ReimportResult> {
  let importId: number | undefined;
  let pending: PendingBlob | undefined;
  const inItsTurn = <T>(work: (tx: DbTransaction) => Promise<T>): Promise<T> => inTurn(db, options.takeTurn, work);
  try {
    const begun = await db.transaction((tx) => beginGeneration(tx, options));
    importId = begun.target.context.importId;
    const { target, generation, streamId } = begun;
    pending = await writePendingBlob(db, options.file, undefined, options.takeTurn);
    const stored = pending;
    const staged = await stageFile(options.file, options.settings, {
      table: BATCH_TABLE,
      write: (work) =>
        inItsTurn(async (tx) => {
          // The rows stay hidden until the flip, whose synchronous commit flushes these writes too.
          await tx.query('SET LOCAL synchronous_commit = off');
          await work(tx);
          await touchImport(tx, target.context.importId, nowMicros());
        }),
      searchable: false,
      rowsPerWrite: ROWS_PER_WRITE,
      writeMillis: db.kind === 'pglite' ? PGLITE_WRITE_MILLIS : undefined,
      moveBatch: (tx, table, records) => target.moveBatch(tx, table, records),
      limits: options.limits ?? DEFAULT_IMPORT_LIMITS,
      onProgress: options.onProgress,
    });
    const matchTarget = { streamId, incidentId: target.context.incident.id, generation };
    await matchGeneration(inItsTurn, matchTarget);
    const result = await inItsTurn((tx) =>
      flip(tx, options, { importId: target.context.importId, generation, staged, blob: stored }),
    );
    importId = undefined;
    await retireOldRows(db, { streamId, generation }, options.takeTurn);
    // NOTE: PGlite runs no autovacuum, so without this the planner guesses at the new rows.
    await db.query(
      'ANALYZE events (incident_id, stream_id, actor_id, is_marker, start_micros, end_micros, import_stream_id)',
    );
    return result;
  } catch (error) {
    // NOTE: best effort; if the database is gone too, the start-up sweeps remove the rows and the chunks.
    if (importId !== undefined) await discardImport(db, importId).catch(() => undefined);
    throw error;
  } finally {
    await pending?.discard().catch(() => undefined);
  }
}

/** The stream checked, the import's bookkeeping row, and the new generation its rows are written under. */
async function beginGeneration(tx: DbTransaction, options: ReimportFileOptions) {
  const { streamId, incident } = await options.stream(tx);
  const [stream] = await tx.query<{ name: string; is_marker_stream: boolean; clock_offset_micros: number | string }>(
    // Locked: a second re-import sent at the same moment waits here, then sees this one's generation.
    'SELECT name, is_marker_stream, clock_offset_micros FROM streams WHERE id = $1 FOR UPDATE',
    [streamId],
  );
  if (!stream) throw new Error(`stream ${streamId} vanished`);
  if (stream.is_marker_stream) throw new ReimportRefusal('marker_stream', MARKER_STREAM_REFUSAL);
  refuseSlack(options.settings);
  await refuseWhileReimporting(tx, streamId);
  const [marker] = await tx.query<{ id: number; clock_offset_micros: number | string }>(
    'SELECT id, clock_offset_micros FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [incident.id],
  );
  if (!marker) throw new Error(`incident ${incident.id} has no marker stream`);
  const now = nowMicros();
  const importId = await beginImport(tx, incident.id, now);
  const [taken] = await tx.query<{ generation: number | string }>(
    `INSERT INTO stream_generations (generation, stream_id, import_id, state)
     VALUES (nextval('event_generation_seq'), $1, $2, 'writing') RETURNING generation`,
    [streamId, importId],
  );
  const generation = Number(taken!.generation);
  const target = new ImportTarget({
    importId,
    incident,
    format: options.settings.format,
    defaultName: stream.name,
    analystId: options.attribution.analystID,
    nowMicros: now,
    markerStreamId: marker.id,
    reimport: {
      generation,
      streamOffsetMicros: Number(stream.clock_offset_micros),
      markerOffsetMicros: Number(marker.clock_offset_micros),
    },
  });
  target.streams.push({ id: streamId, name: stream.name, eventCount: 0 });
  return { target, generation, streamId };
}

/** The one small transaction every visible change of a re-import lands in. */
async function flip(
  tx: DbTransaction,
  options: ReimportFileOptions,
  on: { importId: number; generation: number; staged: StagedFile; blob: PendingBlob },
): Promise<ReimportResult> {
  const { staged, generation } = on;
  // The access check again (the analyst may have lost the incident meanwhile), then the stream locked.
  const { streamId, incident } = await options.stream(tx);
  const [stream] = await tx.query<Prepared['stream']>(
    'SELECT id, incident_id, name, is_marker_stream, clock_offset_micros, source_upload_id FROM streams WHERE id = $1 FOR UPDATE',
    [streamId],
  );
  if (!stream) throw new Error(`stream ${streamId} vanished`);
  const target = { streamId, incidentId: incident.id, generation };
  await rematchChanged(tx, target);
  const annotated = await annotatedOldEvents(tx, target);
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
  const kept = resolution === 'keep_unmatched' ? unmatched.map((event) => Number(event.id)) : [];
  const detached = resolution === 'detach_unmatched' ? unmatched : [];

  const carried = await carryAnnotations(tx, 'reimport_match');
  const detachedAnnotationCount = await detachAnnotations(
    tx,
    stream.id,
    detached.map((event) => event.id),
    now,
  );
  const deletedCount = await switchGeneration(tx, target, kept);
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
    'SELECT coalesce(sum(event_count), 0)::bigint AS count FROM event_counts WHERE stream_id = $1',
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
