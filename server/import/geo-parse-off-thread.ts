/*
 * A map's parsing off the server's thread, as the event import's (parse-off-thread.ts): a worker thread
 * (geo-parse-worker.ts) parses the spooled file into COPY text while this thread writes the batches
 * before it, so on PGlite, whose database runs in this thread, a read waits for a write, never for parsing.
 */
import { Worker } from 'node:worker_threads';
import { ImportError, type ImportErrorCode } from '../../domain/import/import-error.ts';
import { geoCopyBatches, type GeoCopyBatch, type GeoParseJob } from './geo-copy-batches.ts';

export type GeoParseMessage =
  | { type: 'batch'; batch: GeoCopyBatch }
  | { type: 'done' }
  | { type: 'error'; code: ImportErrorCode | undefined; message: string };

/**
 * The batches of geoCopyBatches, parsed in a worker thread. From the TypeScript sources (the tests) a
 * worker cannot load its file, so they are parsed here instead; the built server always uses the worker.
 */
export function geoParseOffThread(job: GeoParseJob): AsyncGenerator<GeoCopyBatch, void, undefined> {
  return import.meta.url.endsWith('.ts') ? geoCopyBatches(job) : inWorker(job);
}

async function* inWorker(job: GeoParseJob): AsyncGenerator<GeoCopyBatch, void, undefined> {
  const worker = new Worker(new URL('./geo-parse-worker.js', import.meta.url), { workerData: job });
  const queue: GeoParseMessage[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const woken = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: GeoParseMessage) => {
    queue.push(message);
    woken();
  });
  worker.on('error', (error) => {
    failure ??= error;
    woken();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the map's parser thread stopped (exit code ${code})`);
    woken();
  });
  try {
    for (;;) {
      while (queue.length === 0 && failure === undefined) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift();
      if (!message) throw failure!;
      if (message.type === 'done') return;
      if (message.type === 'error')
        throw message.code ? new ImportError(message.code, message.message) : new Error(message.message);
      // Taken: the worker may parse one more ahead.
      worker.postMessage('taken');
      yield message.batch;
    }
  } finally {
    await worker.terminate();
  }
}
