/*
 * The import's parsing off the server's thread: a worker thread (parse-worker.ts) reads and parses the
 * spooled file while this thread writes the batches before it, so on PGlite, where the database runs
 * in this thread too, a read waits for a batch's statements only, not for its parsing as well.
 */
import { Worker } from 'node:worker_threads';
import { ImportError, type ImportErrorCode } from '../../domain/import/import-error.ts';
import type { ImportProgress, ImportSummary } from '../../domain/import/import-record.ts';
import { stagedBatches, type ParseJob, type StagedBatch } from './staged-batches.ts';

export type ParseMessage =
  | { type: 'batch'; batch: StagedBatch }
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; summary: ImportSummary }
  | { type: 'error'; code: ImportErrorCode | undefined; message: string };

/**
 * The batches of stagedBatches, parsed in a worker thread. From the TypeScript sources (the tests) a
 * worker cannot load its file, so they are parsed here instead; the built server always uses the worker.
 */
export function parseOffThread(
  job: ParseJob,
  onProgress?: (progress: ImportProgress) => void,
): AsyncGenerator<StagedBatch, ImportSummary, undefined> {
  return import.meta.url.endsWith('.ts') ? stagedBatches(job, onProgress) : inWorker(job, onProgress);
}

async function* inWorker(
  job: ParseJob,
  onProgress?: (progress: ImportProgress) => void,
): AsyncGenerator<StagedBatch, ImportSummary, undefined> {
  const worker = new Worker(new URL('./parse-worker.js', import.meta.url), { workerData: job });
  const queue: ParseMessage[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const woken = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: ParseMessage) => {
    if (message.type === 'progress') onProgress?.(message.progress);
    else queue.push(message);
    woken();
  });
  worker.on('error', (error) => {
    failure ??= error;
    woken();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the import's parser thread stopped (exit code ${code})`);
    woken();
  });
  try {
    for (;;) {
      while (queue.length === 0 && failure === undefined) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift();
      if (!message) throw failure!;
      if (message.type === 'done') return message.summary;
      if (message.type === 'error')
        throw message.code ? new ImportError(message.code, message.message) : new Error(message.message);
      if (message.type === 'batch') {
        // Taken: the worker may parse one more ahead.
        worker.postMessage('taken');
        yield message.batch;
      }
    }
  } finally {
    await worker.terminate();
  }
}
