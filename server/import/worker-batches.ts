/*
 * One parser thread's batches, for the event import (parse-worker.ts) and the map import
 * (geo-parse-worker.ts): the worker parses a few batches ahead and waits for the server's thread to take
 * one before sending more, so a slow database holds little in the worker and parsing never blocks a read.
 * The event import also asks its worker for rows it holds (held-rows.ts), answered with transferred buffers.
 */
import { Worker, type MessagePort, type Transferable } from 'node:worker_threads';
import { ImportError, type ImportErrorCode } from '../../domain/import/import-error.ts';
import type { ImportProgress } from '../../domain/import/import-record.ts';

type WorkerBatchMessage<Batch, Result, Reply> =
  | { type: 'batch'; batch: Batch }
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; result: Result }
  | { type: 'error'; code: ImportErrorCode | undefined; message: string }
  | { type: 'reply'; id: number; reply: Reply }
  | { type: 'reply-error'; id: number; message: string };

type ServerMessage<Request> = { type: 'taken' } | { type: 'ask'; id: number; request: Request };

type OnProgress = (progress: ImportProgress) => void;

/** What a worker's answer to a request transfers rather than copies. */
interface WorkerReply<Reply> {
  reply: Reply;
  transfer: Transferable[];
}

/**
 * The batches a worker (started from `workerUrl` with `job` as its data) posts with postBatches, taken one
 * by one with next() until it answers the parser's result, and its answers to ask(); close() ends it.
 */
export class WorkerBatches<Batch, Result, Request = never, Reply = never> {
  readonly #worker: Worker;
  readonly #queue: WorkerBatchMessage<Batch, Result, Reply>[] = [];
  readonly #asked = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #asks = 0;
  readonly #threadName: string;
  #closed = false;
  #failure: Error | undefined;
  #wake: (() => void) | undefined;

  constructor(workerUrl: URL, job: unknown, threadName: string, onProgress?: OnProgress) {
    this.#threadName = threadName;
    this.#worker = new Worker(workerUrl, { workerData: job });
    this.#worker.on('message', (message: WorkerBatchMessage<Batch, Result, Reply>) => {
      // NOTE: a thread being terminated may still deliver what it posted; after close() none of it is taken.
      if (this.#closed) return;
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'reply' || message.type === 'reply-error') this.#answered(message);
      else this.#queue.push(message);
      this.#woken();
    });
    this.#worker.on('error', (error) => this.#failed(error));
    this.#worker.on('exit', (code) => this.#failed(new Error(`${threadName} stopped (exit code ${code})`)));
  }

  async next(): Promise<IteratorResult<Batch, Result>> {
    while (this.#queue.length === 0 && this.#failure === undefined)
      await new Promise<void>((resolve) => (this.#wake = resolve));
    const message = this.#queue.shift();
    if (!message) throw this.#failure!;
    if (message.type === 'done') return { done: true, value: message.result };
    if (message.type === 'error')
      throw message.code ? new ImportError(message.code, message.message) : new Error(message.message);
    if (message.type !== 'batch') throw new Error(`unexpected ${message.type} from the parser thread`);
    // Taken: the worker may parse one more ahead.
    this.#post({ type: 'taken' });
    return { done: false, value: message.batch };
  }

  ask(request: Request): Promise<Reply> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = (this.#asks += 1);
    return new Promise<Reply>((resolve, reject) => {
      this.#asked.set(id, { resolve, reject });
      this.#post({ type: 'ask', id, request });
    });
  }

  async close(): Promise<void> {
    // The batches posted but not taken are let go with the thread: a next() after close() says it stopped.
    this.#closed = true;
    this.#queue.length = 0;
    this.#failed(new Error(`${this.#threadName} stopped`));
    await this.#worker.terminate();
  }

  #post(message: ServerMessage<Request>): void {
    this.#worker.postMessage(message);
  }

  #answered(message: Extract<WorkerBatchMessage<Batch, Result, Reply>, { id: number }>): void {
    const asked = this.#asked.get(message.id);
    this.#asked.delete(message.id);
    if (message.type === 'reply') asked?.resolve(message.reply);
    else asked?.reject(new Error(message.message));
  }

  #failed(error: Error): void {
    this.#failure ??= error;
    for (const asked of this.#asked.values()) asked.reject(this.#failure);
    this.#asked.clear();
    this.#woken();
  }

  #woken(): void {
    this.#wake?.();
    this.#wake = undefined;
  }
}

/** WorkerBatches as a generator that returns the parser's result; the worker ends when the generator does, early or not. */
export async function* batchesFromWorker<Batch, Result>(
  workerUrl: URL,
  job: unknown,
  threadName: string,
  onProgress?: OnProgress,
): AsyncGenerator<Batch, Result, undefined> {
  const batches = new WorkerBatches<Batch, Result>(workerUrl, job, threadName, onProgress);
  try {
    for (;;) {
      const next = await batches.next();
      if (next.done) return next.value;
      yield next.value;
    }
  } finally {
    await batches.close();
  }
}

/**
 * In the worker: runs the parser and posts its batches, at most `ahead` not yet taken by the server's
 * thread, then its result; a failure is posted with its import code so the server can word it. With
 * `serve`, the server's requests are answered (between the parser's steps) until the server ends the thread.
 */
export async function postBatches<Batch, Result, Request = never, Reply = never>(
  port: MessagePort,
  ahead: number,
  parse: (onProgress: OnProgress) => AsyncGenerator<Batch, Result, undefined>,
  serve?: (request: Request) => WorkerReply<Reply>,
): Promise<void> {
  let credit = ahead;
  let resume: (() => void) | undefined;
  const send = (message: WorkerBatchMessage<Batch, Result, Reply>, transfer?: Transferable[]) =>
    port.postMessage(message, transfer);
  port.on('message', (message: ServerMessage<Request>) => {
    if (message.type === 'ask') {
      try {
        const answer = serve!(message.request);
        send({ type: 'reply', id: message.id, reply: answer.reply }, answer.transfer);
      } catch (error) {
        send({ type: 'reply-error', id: message.id, message: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    credit += 1;
    resume?.();
  });
  const run = parse((progress) => send({ type: 'progress', progress }));
  let failed = false;
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
    failed = true;
    const code = error instanceof ImportError ? error.code : undefined;
    send({ type: 'error', code, message: error instanceof Error ? error.message : String(error) });
  } finally {
    // A serving worker still holds rows the server will ask for: it ends when the server ends it.
    if (!serve || failed) port.close();
  }
}
