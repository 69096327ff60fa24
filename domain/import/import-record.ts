/*
 * What every importer yields, whatever the source format: one record shape for events and markers,
 * invalid rows with a reason an analyst can act on, and the running counts for preview and server.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const IMPORT_FORMATS = [
  'delimited',
  'har',
  'timesketch-csv',
  'timesketch-jsonl',
  'jsonl',
  'slack-zip',
  'syslog',
  'access-log',
  'irc',
  'whatsapp',
  'subtitles',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Section 3's tab and comma, and what other exports use: ";", "|", " ", "whitespace", "<;>". */
type Delimiter = string;

export interface ImportRecord {
  /**
   * Where the record comes from, 1-based: the physical line a row starts on for text formats; for
   * HAR the index in log.entries (log.pages for markers); for Slack the message's running number.
   */
  readonly line: number;
  readonly startMicros: number;
  /** Equal to startMicros when the source gives no duration or end. */
  readonly endMicros: number;
  /** '' when the source names no actor (markers, a Timesketch row without a host): the importer picks one. */
  readonly actor: string;
  readonly message: string;
  /** Every source field not mapped above, under its source name (delimited: the header name). */
  readonly extra: Record<string, JsonValue>;
  /** The Slack channel; other formats leave the stream to the importer. */
  readonly stream?: string;
  /** Slack thread_ts: records sharing it belong to one "Reply thread {eventID}" collection. */
  readonly threadKey?: string;
  /** HAR pages: markers (actorID 0), not events. */
  readonly isMarker?: boolean;
  /** Slack bots and users flagged is_bot. */
  readonly actorIsBot?: boolean;
}

export interface InvalidRow {
  readonly line: number;
  readonly reason: string;
}

export interface ImportProgress {
  readonly bytesRead: number;
  /** From the caller (File.size), or the input's length when it was one Uint8Array. */
  readonly totalBytes: number | undefined;
  /** Records and invalid rows handed out so far. */
  readonly validCount: number;
  readonly invalidCount: number;
}

export interface ImportBatch {
  readonly records: readonly ImportRecord[];
  readonly invalid: readonly InvalidRow[];
  readonly progress: ImportProgress;
}

export interface ImportSummary {
  readonly format: ImportFormat;
  readonly delimiter: Delimiter | undefined;
  /** Delimited formats: the column names in order; JSON Lines: the first object's keys. */
  readonly columns: readonly string[];
  readonly validCount: number;
  readonly invalidCount: number;
  readonly bytesRead: number;
  /** Decisions the parser made that the analyst should see (which time field won, the HAR creator…). */
  readonly notes: readonly string[];
}

/** What a format parser yields: records and invalid rows in source order, grouped as convenient. */
export interface ParsedPiece {
  readonly records: ImportRecord[];
  readonly invalid: InvalidRow[];
}

/** Filled in by a format parser as it learns it, for the summary. */
export interface ParseReport {
  columns: string[];
  delimiter: Delimiter | undefined;
  notes: string[];
}

export function isInvalidRow(result: ImportRecord | InvalidRow): result is InvalidRow {
  return 'reason' in result;
}

/** What a parser has yielded so far: at the end it tells a file with none of its lines. */
export interface PieceTally {
  records: number;
  invalid: number;
}

/** Counts the piece in the tally; true when it holds anything worth yielding. */
export function tallyPiece(tally: PieceTally, piece: ParsedPiece): boolean {
  tally.records += piece.records.length;
  tally.invalid += piece.invalid.length;
  return piece.records.length > 0 || piece.invalid.length > 0;
}

/** Files a record or an invalid row where it belongs in the piece. */
export function addToPiece(piece: ParsedPiece, result: ImportRecord | InvalidRow): void {
  if (isInvalidRow(result)) piece.invalid.push(result);
  else piece.records.push(result);
}
