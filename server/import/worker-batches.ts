/*
 * One parser thread's batches, for the event import (parse-worker.ts) and the map import
 * (geo-parse-worker.ts): the worker parses a few batches ahead and waits for the server's thread to take
 * one before sending more, so a slow database holds little in the worker and parsing never blocks a read.
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import { ImportError, type ImportErrorCode } from '../../domain/import/import-error.ts';
import type { ImportProgress } from '../../domain/import/import-record.ts';

type WorkerBatchMessage<Batch, Result> =
  | { type: 'batch'; batch: Batch }
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; result: Result }
  | { type: 'error'; code: ImportErrorCode | undefined; message: string };

type OnProgress = (progress: ImportProgress) => void;

/**
 * The batches a worker (started from `workerUrl` with `job` as its data) posts with postBatches, as a
 * generator that returns the parser's result; the worker ends when the generator does, early or not.
 */
export async function* batchesFromWorker<Batch, Result>(
  workerUrl: URL,
  job: unknown,
  threadName: string,
  onProgress?: OnProgress,
): AsyncGenerator<Batch, Result, undefined> {
  const worker = new Worker(workerUrl, { workerData: job });
  const queue: WorkerBatchMessage<Batch, Result>[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const woken = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: WorkerBatchMessage<Batch, Result>) => {
    if (message.type === 'progress') onProgress?.(message.progress);
    else queue.push(message);
    woken();
  });
  worker.on('error', (error) => {
    failure ??= error;
    woken();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`${threadName} stopped (exit code ${code})`);
    woken();
  });
  try {
    for (;;) {
      while (queue.length === 0 && failure === undefined) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift();
      if (!message) throw failure!;
      if (message.type === 'done') return message.result;
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

/**
 * In the worker: runs the parser and posts its batches, at most `ahead` not yet taken by the server's
 * thread, then its result; a failure is posted with its import code so the server can word it.
 */
export async function postBatches<Batch, Result>(
  port: MessagePort,
  ahead: number,
  parse: (onProgress: OnProgress) => AsyncGenerator<Batch, Result, undefined>,
): Promise<void> {
  let credit = ahead;
  let resume: (() => void) | undefined;
  port.on('message', () => {
    credit += 1;
    resume?.();
  });
  const send = (message: WorkerBatchMessage<Batch, Result>) => port.postMessage(message);
  const run = parse((progress) => send({ type: 'progress', progress }));
  try {
    let next = await run.next();
    while (!next.done) {
      while (credit === 0) await new Promise<void>((resolve) => (resume = resolve));
      resume = undefined;
      credit -= 1;
      send({ type: 'batch', batch: next.value });
      next = await run.next();
    }
    send({ type: 'done', result: next.value });
  } catch (error) {
    const code = error instanceof ImportError ? error.code : undefined;
    send({ type: 'error', code, message: error instanceof Error ? error.message : String(error) });
  } finally {
    port.close();
  }
}
