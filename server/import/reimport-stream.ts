/*
 * Re-importing an updated file into an existing stream (issue 5 part 6), shared by
 * POST /api/stream/{id}/import[/check] and npm run import -- --stream. The check stages the new file
 * and matches it against the stream's events in a transaction that is rolled back; the re-import runs
 * the same check inside its own transaction, then replaces the events, carrying every annotation to
 * the matching new event (domain/import/merge-outcome.ts says what matches and what each outcome
 * means). The new file becomes the stream's system upload; the stream keeps its id, name, colour
 * and clock offset.
 */
import type { ImportFormat, ImportProgress, InvalidRow } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import {
  conflictMessage,
  mergeOutcome,
  needsResolution,
  type MergeOutcome,
  type MergeResolution,
} from '../../domain/import/merge-outcome.ts';
import { inferUploadKind, normalizeMediaType } from '../../domain/upload-media.ts';
import { nowMicros } from '../time.ts';
import type { Db, DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import { recordWrite } from '../repositories/audit-repository.ts';
import { insertUpload, saveBlob, type SpooledBlob } from '../repositories/blob-repository.ts';
import {
  annotatedSourceEvents,
  carryAnnotations,
  deleteSourceEvents,
  detachAnnotations,
  insertStagedEvents,
  matchSourceEvents,
  streamHasAnnotations,
  type AnnotatedEventRow,
  type StreamRow,
} from '../repositories/merge-repository.ts';
import { refreshEventSearch } from '../repositories/search-repository.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits.ts';
import { incidentActorResolver } from './incident-actors.ts';
import { INVALID_LIST_LIMIT, stageFile, stagingTables, type StagedFile } from './stage-file.ts';

interface UnmatchedAnnotatedEvent {
  eventID: number;
  startTimestamp: number;
  message: string;
  /** "tag:phishing", "collection 3", "thread", "note 12", "link 4", "upload 7". */
  annotations: string[];
}

interface ReimportCheck {
  outcome: MergeOutcome;
  currentEventCount: number;
  newEventCount: number;
  matchedEventCount: number;
  /** The first INVALID_LIST_LIMIT of them; unmatchedAnnotatedEventCount counts all. */
  unmatchedAnnotatedEvents: UnmatchedAnnotatedEvent[];
  unmatchedAnnotatedEventCount: number;
  invalidRows: InvalidRow[];
  invalidRowCount: number;
}

interface ReimportResult {
  streams: { id: number; name: string; eventCount: number }[];
  importedCount: number;
  invalidCount: number;
  invalid: InvalidRow[];
  invalidNotListed: number;
  format: ImportFormat;
  uploadID: number;
  outcome: MergeOutcome;
  resolution: MergeResolution | null;
  carriedAnnotationCount: number;
  /** Unmatched annotated events left in the stream (keep_unmatched). */
  keptEventCount: number;
  /** Unmatched annotated events deleted after their annotations moved off (detach_unmatched). */
  detachedEventCount: number;
}

/** Why a re-import did not run; the route turns it into 400 or 409. */
export class ReimportRefusal extends Error {
  constructor(
    readonly reason: 'marker_stream' | 'needs_resolution',
    message: string,
    readonly outcome?: 'merge_conflict' | 'source_markers_have_annotations',
  ) {
    super(message);
  }
}

export interface ReimportOptions {
  /** Resolves (for a route: re-checks access to) the stream inside the transaction. */
  stream: (tx: DbTransaction) => Promise<{ streamId: number; incident: IncidentRef }>;
  file: SpooledBlob;
  settings: ImportSettings;
  onProgress?: ((progress: ImportProgress) => void) | undefined;
  /** Default: DEFAULT_IMPORT_LIMITS; the server passes its configuration's. */
  limits?: ImportLimits | undefined;
}

export const MARKER_STREAM_REFUSAL =
  'is the marker stream, which belongs to the incident: re-import into the stream the file was imported as';

interface Prepared {
  stream: StreamRow & { name: string; source_upload_id: number | null };
  incident: IncidentRef;
  staged: StagedFile;
  check: ReimportCheck;
  annotated: AnnotatedEventRow[];
}

async function prepare(tx: DbTransaction, options: ReimportOptions, lock: boolean): Promise<Prepared> {
  const { streamId, incident } = await options.stream(tx);
  const [stream] = await tx.query<Prepared['stream']>(
    `SELECT id, incident_id, name, is_marker_stream, clock_offset_micros, source_upload_id FROM streams WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [streamId],
  );
  if (!stream) throw new Error(`stream ${streamId} vanished`);
  if (stream.is_marker_stream) throw new ReimportRefusal('marker_stream', MARKER_STREAM_REFUSAL);
  // NOTE: a Slack export makes one stream per channel, so it cannot be poured into one stream.
  if (options.settings.format === 'slack-zip') {
    throw new ImportError(
      'unsupported-format',
      'is a Slack export, which makes one stream per channel: re-import a single-stream format (TSV/CSV, HAR, Timesketch, JSON Lines)',
    );
  }
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

/** The re-import, in one transaction: every change lands, or none (a refused conflict changes nothing). */
export async function reimportStream(db: Db, options: ReimportFileOptions): Promise<ReimportResult> {
  const result = await db.transaction(async (tx) => {
    const { stream, incident, staged, check, annotated } = await prepare(tx, options, true);
    const { outcome } = check;
    if (needsResolution(outcome) && options.resolution === undefined) {
      throw new ReimportRefusal(
        'needs_resolution',
        conflictMessage(outcome, check.unmatchedAnnotatedEventCount),
        outcome,
      );
    }
    const now = nowMicros();
    const resolution = needsResolution(outcome) ? (options.resolution ?? null) : null;
    const unmatched = annotated.filter((event) => !event.matched);
    const kept = resolution === 'keep_unmatched' ? unmatched.map((event) => event.id) : [];
    const detached = resolution === 'detach_unmatched' ? unmatched : [];

    // Actors first, so the insert can find them by name.
    const wanted = new Map<string, boolean>();
    for (const row of await tx.query<{ actor: string; is_bot: boolean }>(
      "SELECT actor, bool_or(actor_is_bot) AS is_bot FROM reimport_staging WHERE NOT is_marker AND actor <> '' GROUP BY actor",
    )) {
      wanted.set(row.actor, row.is_bot);
    }
    await incidentActorResolver(tx, incident, now)(wanted);
    const [marker] = await tx.query<{ id: number; clock_offset_micros: number }>(
      'SELECT id, clock_offset_micros FROM streams WHERE incident_id = $1 AND is_marker_stream',
      [incident.id],
    );
    if (!marker) throw new Error(`incident ${incident.id} has no marker stream`);
    await insertStagedEvents(
      tx,
      stream,
      { id: marker.id, clockOffsetMicros: marker.clock_offset_micros },
      { analystID: options.attribution.analystID, nowMicros: now },
    );

    const carried = await carryAnnotations(tx);
    const detachedAnnotationCount = await detachAnnotations(
      tx,
      stream.id,
      detached.map((event) => event.id),
      now,
    );
    const deletedCount = await deleteSourceEvents(tx, kept);
    await refreshEventSearch(tx, carried.searchEventIds);

    const blob = await saveBlob(tx, options.file);
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
  });
  // NOTE: PGlite runs no autovacuum, so without this the planner guesses at the new rows.
  await db.query('ANALYZE events');
  return result;
}
