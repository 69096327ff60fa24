/*
 * The import's parsing off the server's thread: a worker thread (parse-worker.ts) reads and parses the
 * spooled file and holds its rows while this thread writes the ones before them, so on PGlite, where the
 * database runs in this thread too, a read waits for a batch's statements only, not for its parsing or
 * the writing of its COPY text as well.
 */
import type { ImportProgress, ImportSummary } from '../../domain/import/import-record.ts';
import { HeldRows, type BatchSummary, type TakeRequest, type TakenRows } from './held-rows.ts';
import { stagedBatches, type ParseJob } from './staged-batches.ts';
import { WorkerBatches } from './worker-batches.ts';

/** A file's batch summaries in order, the held rows taken a write at a time, and the end of both. */
export interface ParsedRows {
  next(): Promise<IteratorResult<BatchSummary, ImportSummary>>;
  take(request: TakeRequest): Promise<TakenRows>;
  /** Stops the parser (and closes the file); the rows not taken are let go. */
  close(): Promise<void>;
}

/**
 * The file parsed in a worker thread. From the TypeScript sources (the tests) a worker cannot load its
 * file, so it is parsed here instead; the built server always uses the worker.
 */
export function parseOffThread(job: ParseJob, onProgress?: (progress: ImportProgress) => void): ParsedRows {
  if (import.meta.url.endsWith('.ts')) return parseInThread(job, onProgress);
  const workerUrl = new URL('./parse-worker.js', import.meta.url);
  const worker = new WorkerBatches<BatchSummary, ImportSummary, TakeRequest, TakenRows>(
    workerUrl,
    job,
    "the import's parser thread",
    onProgress,
  );
  return { next: () => worker.next(), take: (request) => worker.ask(request), close: () => worker.close() };
}

export function parseInThread(job: ParseJob, onProgress?: (progress: ImportProgress) => void): ParsedRows {
  const held = new HeldRows(job.settings.format);
  const run = stagedBatches(job, held, onProgress);
  return {
    next: () => run.next(),
    take: async (request) => held.take(request),
    close: async () => {
      await run.return(undefined as never).catch(() => undefined);
    },
  };
}
