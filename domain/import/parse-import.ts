/*
 * The one entry point of the importers: bytes in (whole, chunked or streamed), batches of records
 * and invalid rows out, the summary as the generator's return value. Runs unchanged in a browser
 * worker (the preview) and in Node (the server's authoritative import, the CLI).
 *
 *   const run = parseImport(file.stream(), settings, { totalBytes: file.size, signal, onProgress });
 *   for await (const batch of run) insert(batch.records);   // or: await collectImport(run)
 */
import { COMPOSE_PREFIX, ComposeActors } from './compose-prefix.ts';
import { parseWhisperJson } from './subtitle-whisper-json.ts';
import { byteChunks, readAllBytes, textChunks, type ImportInput } from './byte-chunks.ts';
import { gunzipIfCompressed, type GunzipLimits } from './gunzip-bytes.ts';
import { ImportError } from './import-error.ts';
import type {
  ImportBatch,
  ImportProgress,
  ImportRecord,
  ImportSummary,
  InvalidRow,
  ParsedPiece,
  ParseReport,
} from './import-record.ts';
import type { ImportSettings } from './import-settings.ts';
import { parseAccessLog } from './parse-access-log.ts';
import { parseDelimited } from './parse-delimited.ts';
import { harBytes } from './har-zip.ts';
import { parseHar } from './parse-har.ts';
import { parseIrc } from './parse-irc.ts';
import { parseJournalExport } from './parse-journal-export.ts';
import { parseJsonLines } from './parse-json-lines.ts';
import { parseSlackExport } from './parse-slack-export.ts';
import { parseSubtitles } from './parse-subtitles.ts';
import { parseSyslog } from './parse-syslog.ts';
import { parseTimesketchCsv, parseTimesketchJsonl } from './parse-timesketch.ts';
import { parseWhatsapp } from './parse-whatsapp.ts';
import { DEFAULT_ZIP_LIMITS } from './zip-guard.ts';

interface ImportRunOptions {
  readonly signal?: AbortSignal | undefined;
  /** Called as bytes are read (at most once per MiB) and with every batch. */
  readonly onProgress?: ((progress: ImportProgress) => void) | undefined;
  /** The input's size when known (File.size, Content-Length), for a percentage. */
  readonly totalBytes?: number | undefined;
  /** Records and invalid rows per batch; every batch but the last holds exactly this many. */
  readonly batchSize?: number | undefined;
  /** How far a gzipped file may inflate (the server's IMPORT_MAX_INFLATED_BYTES); 4 GiB unless given. */
  readonly gunzip?: GunzipLimits | undefined;
}

const DEFAULT_BATCH_SIZE = 5000;
const DEFAULT_GUNZIP: GunzipLimits = { maxInflatedBytes: 4 * 2 ** 30 };
const PROGRESS_STEP_BYTES = 1 << 20;

export async function* parseImport(
  input: ImportInput,
  settings: ImportSettings,
  options: ImportRunOptions = {},
): AsyncGenerator<ImportBatch, ImportSummary, undefined> {
  const { signal, onProgress } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    throw new ImportError('bad-settings', 'batchSize must be a whole number of 1 or more');
  const totalBytes = options.totalBytes ?? (input instanceof Uint8Array ? input.byteLength : undefined);
  let bytesRead = 0;
  let validCount = 0;
  let invalidCount = 0;
  let reportedBytes = 0;
  const progress = (): ImportProgress => ({ bytesRead, totalBytes, validCount, invalidCount });
  const onBytes = (count: number) => {
    bytesRead = count;
    if (count - reportedBytes >= PROGRESS_STEP_BYTES) {
      reportedBytes = count;
      onProgress?.(progress());
    }
  };
  const report: ParseReport = { columns: [], delimiter: undefined, notes: [] };
  // Progress counts the bytes of the file as given (compressed or not), so the bar matches its size.
  const pieces = piecesOf(
    gunzipIfCompressed(byteChunks(input, { signal, onBytes }), options.gunzip ?? DEFAULT_GUNZIP),
    settings,
    report,
  );

  // Pending output; `taken` counts entries already handed out, so a batch costs a slice, not a shift.
  let records: ImportRecord[] = [];
  let invalid: InvalidRow[] = [];
  let recordsTaken = 0;
  let invalidTaken = 0;
  const pending = () => records.length - recordsTaken + invalid.length - invalidTaken;
  const take = (): ImportBatch => {
    // Records fill a batch first; invalid rows take the room left, each list keeping its order.
    const recordRoom = Math.min(records.length - recordsTaken, batchSize);
    const invalidRoom = Math.min(invalid.length - invalidTaken, batchSize - recordRoom);
    const batchRecords = records.slice(recordsTaken, (recordsTaken += recordRoom));
    const batchInvalid = invalid.slice(invalidTaken, (invalidTaken += invalidRoom));
    validCount += batchRecords.length;
    invalidCount += batchInvalid.length;
    const batch = { records: batchRecords, invalid: batchInvalid, progress: progress() };
    onProgress?.(batch.progress);
    return batch;
  };
  for await (const piece of pieces) {
    for (const record of piece.records) records.push(record);
    for (const row of piece.invalid) invalid.push(row);
    while (pending() >= batchSize) {
      // Checked per batch: one piece can hold many batches, and the caller may abort between them.
      signal?.throwIfAborted();
      yield take();
    }
    // Fewer than batchSize entries are left: keep only them, so the lists do not grow with the file.
    [records, recordsTaken] = [records.slice(recordsTaken), 0];
    [invalid, invalidTaken] = [invalid.slice(invalidTaken), 0];
  }
  while (pending() > 0) {
    signal?.throwIfAborted();
    yield take();
  }
  signal?.throwIfAborted();
  onProgress?.(progress());
  return {
    format: settings.format,
    delimiter: report.delimiter,
    columns: report.columns,
    validCount,
    invalidCount,
    bytesRead,
    notes: report.notes,
  };
}

async function* piecesOf(
  bytes: AsyncIterable<Uint8Array>,
  settings: ImportSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  if (!('linePrefix' in settings) || settings.linePrefix !== COMPOSE_PREFIX) {
    yield* formatPieces(bytes, settings, report);
    return;
  }
  // docker compose output: the lines without their container names, each record acted by its container.
  const actors = new ComposeActors();
  const encoder = new TextEncoder();
  const stripped = (async function* () {
    for await (const text of actors.stripped(textChunks(bytes))) yield encoder.encode(text);
  })();
  for await (const piece of formatPieces(stripped, { ...settings, linePrefix: undefined }, report))
    yield { ...piece, records: actors.records(piece.records) };
}

async function* formatPieces(
  bytes: AsyncIterable<Uint8Array>,
  settings: ImportSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  switch (settings.format) {
    case 'delimited':
      yield* parseDelimited(textChunks(bytes), settings, report);
      return;
    case 'jsonl':
      yield* parseJsonLines(textChunks(bytes), settings, report);
      return;
    case 'timesketch-csv':
      yield* parseTimesketchCsv(textChunks(bytes), report);
      return;
    case 'timesketch-jsonl':
      yield* parseTimesketchJsonl(textChunks(bytes), report);
      return;
    case 'syslog':
      // A journal export's binary fields are length-prefixed bytes, which text decoding would lose.
      if (settings.layout === 'journal-export') yield* parseJournalExport(bytes, report);
      else yield* parseSyslog(textChunks(bytes), settings, report);
      return;
    case 'access-log':
      yield* parseAccessLog(textChunks(bytes), settings, report);
      return;
    case 'har':
      yield* parseHar(textChunks(harBytes(bytes, settings.limits)), report, settings.limits);
      return;
    case 'slack-zip': {
      const limits = { ...DEFAULT_ZIP_LIMITS, ...settings.limits };
      yield* parseSlackExport(await readAllBytes(bytes, limits.maxZipBytes, 'The zip archive'), limits, report);
      return;
    }
    case 'irc':
      yield* parseIrc(textChunks(bytes), settings, report);
      return;
    case 'whatsapp':
      yield* parseWhatsapp(textChunks(bytes), settings, report);
      return;
    case 'subtitles':
      if (settings.layout === 'whisper-json') yield* parseWhisperJson(textChunks(bytes), settings, report);
      else yield* parseSubtitles(textChunks(bytes), settings, report);
      return;
  }
}
