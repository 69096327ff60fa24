/*
 * The background task that fills a large import's search data after its flip (migration 015), batch
 * by batch in short transactions. On PGlite each batch waits its turn in the readers' line and is sized
 * to take about as long as an import's write, so readers get through; it resumes at start after a crash.
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { Db } from '../db/database.ts';
import { hasSearchBacklog, prepareSearchBatch } from '../repositories/search-backlog-repository.ts';
import { PGLITE_IDLE_WRITE_MILLIS } from './import-file.ts';

const MIN_ROWS = 250;
const PGLITE_MAX_ROWS = 40_000;
const PGLITE_BATCH_MILLIS = 200;
const POSTGRES_ROWS = 10_000;
/** Behind several servers a backlog another one left (its process killed) is looked for this often. */
const LOOK_AGAIN_MILLIS = 30_000;

interface PreparerOptions {
  /** Waits for a turn before each batch and answers its release (PGlite: the server's read queue). */
  takeTurn?: (() => Promise<() => void>) | undefined;
  /** Whether other users are reading (PGlite: batches grow while nobody does); absent, nobody is. */
  readersActive?: (() => boolean) | undefined;
  /** Told when a batch fails; the work is taken up again at the next wake. */
  onError?: ((error: unknown) => void) | undefined;
}

export class SearchPreparer {
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #rows: number;

  constructor(
    readonly db: Db,
    readonly options: PreparerOptions = {},
  ) {
    this.#rows = db.kind === 'pglite' ? MIN_ROWS * 4 : POSTGRES_ROWS;
  }

  /** Starts working through the backlog (at start, and after each import), and looks again now and then. */
  start(): void {
    this.wake();
    this.#timer = setInterval(() => this.wake(), LOOK_AGAIN_MILLIS);
    this.#timer.unref();
  }

  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.drain()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Works until nothing is left to prepare (or the preparer is stopped). */
  async drain(): Promise<void> {
    if (!(await hasSearchBacklog(this.db))) return;
    while (!this.#stopped) {
      const release = await this.options.takeTurn?.();
      const started = performance.now();
      let looked: number;
      try {
        looked = await this.db.transaction((tx) => prepareSearchBatch(tx, this.#rows));
      } finally {
        release?.();
      }
      if (looked === 0) return;
      this.#pace(looked, performance.now() - started);
      // A turn of the event loop between batches: other users' requests are read and answered meanwhile.
      await turn();
    }
  }

  /** Waits for the batch in hand; no new batch starts. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  #pace(rows: number, millis: number): void {
    if (this.db.kind !== 'pglite' || rows < this.#rows) return;
    const target = (this.options.readersActive?.() ?? false) ? PGLITE_BATCH_MILLIS : PGLITE_IDLE_WRITE_MILLIS;
    const fitting = Math.floor((rows * target) / Math.max(millis, 1));
    this.#rows = Math.max(MIN_ROWS, Math.min(PGLITE_MAX_ROWS, fitting, this.#rows * 2));
  }
}
