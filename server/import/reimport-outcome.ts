/*
 * What a re-import is given and what it answers: its options, the check's report, the result, and the
 * refusals the routes and `npm run import -- --stream` turn into 400 or 409 (reimport-stream.ts runs it).
 */
import type { ImportProgress, InvalidRow } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import type { MergeOutcome, MergeResolution } from '../../domain/import/merge-outcome.ts';
import type { TakeTurn } from '../repositories/in-turn.ts';
import type { DbTransaction } from '../db/database.ts';
import type { IncidentRef } from '../repositories/access-repository.ts';
import type { SpooledBlob } from '../repositories/blob-repository.ts';
import type { ImportLimits } from './import-limits.ts';
import type { ImportedFileSummary } from './stage-file.ts';

interface UnmatchedAnnotatedEvent {
  eventID: number;
  startTimestamp: number;
  message: string;
  /** "tag:phishing", "collection 3", "thread", "note 12", "link 4", "upload 7". */
  annotations: string[];
}

export interface ReimportCheck {
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

export interface ReimportResult extends ImportedFileSummary {
  streams: { id: number; name: string; eventCount: number }[];
  outcome: MergeOutcome;
  resolution: MergeResolution | null;
  carriedAnnotationCount: number;
  /** Unmatched annotated events left in the stream (keep_unmatched). */
  keptEventCount: number;
  /** Unmatched annotated events deleted after their annotations moved off (detach_unmatched). */
  detachedEventCount: number;
}

/** Why a re-import did not run; the route turns it into 400 or 409 (reimport_running: reimport-running.ts). */
export class ReimportRefusal extends Error {
  constructor(
    readonly reason: 'marker_stream' | 'needs_resolution' | 'reimport_running',
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

export interface ReimportFileOptions extends ReimportOptions {
  fileName: string;
  declaredType?: string | undefined;
  resolution?: MergeResolution | undefined;
  attribution: { userID: number | null; analystID: number | null };
  /** Waits for a turn before each short transaction and answers its release (PGlite: the server's read queue). */
  takeTurn?: TakeTurn | undefined;
}
