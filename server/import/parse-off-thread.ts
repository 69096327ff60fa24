/*
 * The import's parsing off the server's thread: a worker thread (parse-worker.ts) reads and parses the
 * spooled file while this thread writes the batches before it, so on PGlite, where the database runs
 * in this thread too, a read waits for a batch's statements only, not for its parsing as well.
 */
import type { ImportProgress, ImportSummary } from '../../domain/import/import-record.ts';
import { stagedBatches, type ParseJob, type StagedBatch } from './staged-batches.ts';
import { batchesFromWorker } from './worker-batches.ts';

/**
 * The batches of stagedBatches, parsed in a worker thread. From the TypeScript sources (the tests) a
 * worker cannot load its file, so they are parsed here instead; the built server always uses the worker.
 */
export function parseOffThread(
  job: ParseJob,
  onProgress?: (progress: ImportProgress) => void,
): AsyncGenerator<StagedBatch, ImportSummary, undefined> {
  if (import.meta.url.endsWith('.ts')) return stagedBatches(job, onProgress);
  const workerUrl = new URL('./parse-worker.js', import.meta.url);
  return batchesFromWorker<StagedBatch, ImportSummary>(workerUrl, job, "the import's parser thread", onProgress);
}
