/*
 * A spooled file parsed into batches of rows held for the staging table or `events` (held-rows.ts):
 * each batch answered as its summary (counts, invalid rows, names first seen). Runs in the import's
 * worker thread (parse-worker.ts) or, from the TypeScript sources (tests), in the server's own thread.
 */
import { createReadStream } from 'node:fs';
import type { GunzipLimits } from '../../domain/import/gunzip-bytes.ts';
import type { ImportProgress, ImportSummary } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import { parseImport } from '../../domain/import/parse-import.ts';
import type { BatchSummary, HeldRows } from './held-rows.ts';

/** Everything the parse needs, as plain data (it crosses to a worker thread). */
export interface ParseJob {
  path: string;
  sizeBytes: number;
  settings: ImportSettings;
  gunzip: GunzipLimits;
  batchSize: number;
  /** The stream of a record that names none (the first import's), reported among a batch's new streams. */
  defaultStream?: string | undefined;
}

export async function* stagedBatches(
  job: ParseJob,
  held: HeldRows,
  onProgress?: (progress: ImportProgress) => void,
): AsyncGenerator<BatchSummary, ImportSummary, undefined> {
  const run = parseImport(createReadStream(job.path), job.settings, {
    totalBytes: job.sizeBytes,
    batchSize: job.batchSize,
    onProgress,
    gunzip: job.gunzip,
  });
  try {
    let next = await run.next();
    while (!next.done) {
      yield held.hold(next.value.records, next.value.invalid, job.defaultStream);
      next = await run.next();
    }
    return next.value;
  } finally {
    // Closes the file when the consumer stops early (the record cap, a failed write).
    await run.return(undefined as never).catch(() => undefined);
  }
}
