/*
 * A spooled file parsed into batches ready for the staging table: each valid record's COPY text row
 * (its position in the file's order first) and the few fields the import still looks at (streams,
 * actors, thread keys). Runs in the import's worker thread (parse-worker.ts) or, from the TypeScript
 * sources (tests), in the server's own thread.
 */
import { createReadStream } from 'node:fs';
import type { GunzipLimits } from '../../domain/import/gunzip-bytes.ts';
import type { ImportProgress, ImportRecord, ImportSummary, InvalidRow } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import { parseImport } from '../../domain/import/parse-import.ts';
import { extraText, messageText } from './copy-fields.ts';

/** What the import keeps of a record once its row is COPY text: the message and extra fields go in the row only. */
export type StagedRecord = Pick<ImportRecord, 'line' | 'isMarker' | 'actor' | 'actorIsBot' | 'stream' | 'threadKey'>;

export interface StagedBatch {
  records: StagedRecord[];
  /** One COPY text row per record, in the same order. */
  lines: string[];
  invalid: InvalidRow[];
}

/** Everything the parse needs, as plain data (it crosses to a worker thread). */
export interface ParseJob {
  path: string;
  sizeBytes: number;
  settings: ImportSettings;
  gunzip: GunzipLimits;
  batchSize: number;
}

const copyValue = (text: string | undefined) => (text === undefined ? '\\N' : messageText(text));

export async function* stagedBatches(
  job: ParseJob,
  onProgress?: (progress: ImportProgress) => void,
): AsyncGenerator<StagedBatch, ImportSummary, undefined> {
  const run = parseImport(createReadStream(job.path), job.settings, {
    totalBytes: job.sizeBytes,
    batchSize: job.batchSize,
    onProgress,
    gunzip: job.gunzip,
  });
  let position = 0;
  const lastLine = { marker: 0, event: 0 };
  const lastStaged = { marker: 0, event: 0 };
  try {
    let next = await run.next();
    while (!next.done) {
      const records: StagedRecord[] = [];
      const lines: string[] = [];
      for (const record of next.value.records) {
        const kind = record.isMarker ? 'marker' : 'event';
        // The parsers hand records out in source order; the re-import names a record by its line, so
        // records that share one (a minified JSON document's) are staged under the next free numbers.
        if (record.line < lastLine[kind])
          throw new Error(`${job.settings.format} parser gave line ${record.line} after ${lastLine[kind]}`);
        lastLine[kind] = record.line;
        const line = record.line > lastStaged[kind] ? record.line : lastStaged[kind] + 1;
        lastStaged[kind] = line;
        position += 1;
        const actor = record.isMarker ? '' : messageText(record.actor);
        lines.push(
          `${position}\t${line}\t${record.isMarker ? 't' : 'f'}\t${actor}\t${record.actorIsBot ? 't' : 'f'}\t${messageText(record.message)}\t` +
            `${record.startMicros}\t${record.endMicros}\t${extraText(record.extra)}\t${copyValue(record.stream)}\t${copyValue(record.threadKey)}`,
        );
        records.push(stagedRecord(record, line));
      }
      yield { records, lines, invalid: [...next.value.invalid] };
      next = await run.next();
    }
    return next.value;
  } finally {
    // Closes the file when the consumer stops early (the record cap, a failed write).
    await run.return(undefined as never).catch(() => undefined);
  }
}

function stagedRecord(record: ImportRecord, line: number): StagedRecord {
  const kept: { -readonly [K in keyof StagedRecord]: StagedRecord[K] } = { line, actor: record.actor };
  if (record.isMarker !== undefined) kept.isMarker = record.isMarker;
  if (record.actorIsBot !== undefined) kept.actorIsBot = record.actorIsBot;
  if (record.stream !== undefined) kept.stream = record.stream;
  if (record.threadKey !== undefined) kept.threadKey = record.threadKey;
  return kept;
}
