/*
 * Reads take turns: at most `concurrency` API reads (GET, HEAD) run at once, about what the database
 * can do in parallel (PGlite is one connection; PostgreSQL has the pool), and the others wait first in,
 * first out. A read whose client went away while it waited (a view closed and cancelled its fetch, a
 * client timed out) is dropped before it touches the database: under load, 200 abandoned pages of
 * 10,000 events were otherwise still computed, one after another, keeping every later request waiting
 * for minutes (found by tests/reliability/load.test.ts). A read the server had not yet taken in when its
 * client hung up still runs (the hang-up is only seen after the request). Writes never wait here
 * (an outbox write must land), nor do capability routes (import progress answers during an import).
 * On PGlite an import's batches take turns in the same line (turn()).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const QUEUED_METHODS = new Set(['GET', 'HEAD']);
/**
 * NOTE: PGlite runs in the server's own thread and its queries resolve without yielding to the event
 * loop, so a read on it runs start to end as one block; one at a time, with the loop turning between
 * them, lets new requests and hang-ups be seen while reads wait.
 */
export const PGLITE_READ_CONCURRENCY = 1;

interface Waiter {
  /** Undefined for work that is not a request (turn()). */
  response: ServerResponse | undefined;
  resolve: (turn: (() => void) | false) => void;
  gone: () => void;
}

export class ReadQueue {
  #running = 0;
  #scheduled = false;
  readonly #waiting = new Set<Waiter>();
  #lastReadMillis = Number.NEGATIVE_INFINITY;

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a positive integer');
  }

  /**
   * Waits for a turn for the answer `response`; false if the connection closed first (nothing to do).
   * The turn ends when the release function given is called, or when the connection closes.
   */
  take(response: ServerResponse): Promise<(() => void) | false> {
    this.#lastReadMillis = performance.now();
    if (isClosed(response)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        response,
        resolve,
        gone: () => {
          if (this.#waiting.delete(waiter)) resolve(false);
        },
      };
      response.once('close', waiter.gone);
      this.#waiting.add(waiter);
      this.#schedule();
    });
  }

  /** Whether a read asked for a turn within `millis` (PGlite: an import writes in larger batches when nobody reads). */
  readRecently(millis: number): boolean {
    return performance.now() - this.#lastReadMillis < millis;
  }

  /**
   * A turn for work that is not a read (an import's batch on PGlite): it waits in the same line, so a
   * read that has its turn runs all its statements without a batch between them.
   */
  turn(): Promise<() => void> {
    return new Promise((resolve) => {
      this.#waiting.add({ response: undefined, resolve: (release) => resolve(release || (() => {})), gone: () => {} });
      this.#schedule();
    });
  }

  /**
   * Turns are handed out after the event loop has polled the sockets twice: requests that came
   * meanwhile join the line, and a hang-up (read after its request, on the next poll) is seen before
   * the read starts.
   */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() =>
      setImmediate(() => {
        this.#scheduled = false;
        this.#handOut();
      }),
    );
  }

  #handOut(): void {
    for (const waiter of this.#waiting) {
      if (this.#running >= this.concurrency) return;
      this.#waiting.delete(waiter);
      const { response } = waiter;
      response?.off('close', waiter.gone);
      if (response && isClosed(response)) {
        waiter.resolve(false);
        continue;
      }
      this.#running += 1;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        response?.off('close', release);
        this.#running -= 1;
        this.#schedule();
      };
      response?.once('close', release);
      waiter.resolve(release);
    }
  }
}

/** The client hung up: the connection is gone, or ended from our side after the client's end. */
function isClosed(response: ServerResponse): boolean {
  return response.destroyed || response.socket?.destroyed === true || response.socket?.writableEnded === true;
}

const releases = new WeakMap<FastifyRequest, () => void>();

/** Register before the authentication hook, so the session look-up of a queued read waits too. */
export function registerReadQueue(app: FastifyInstance, queue: ReadQueue): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (!QUEUED_METHODS.has(request.method) || access === undefined || access === 'capability') return;
    const release = await queue.take(reply.raw);
    if (release) {
      releases.set(request, release);
      return;
    }
    // The client is gone: there is no one to answer, so nothing more is done for it.
    reply.hijack();
  });
  // The answer is ready (or the read failed): the next read may start while this one is written out.
  app.addHook('onSend', async (request, _reply, payload) => {
    releases.get(request)?.();
    return payload;
  });
}
