/*
 * The import's parser thread (started by parse-off-thread.ts): reads and parses the spooled file and
 * sends its batches as COPY text, a few ahead of the server's thread, which only writes them. A batch
 * is sent once the server has taken one of the earlier ones, so a slow database holds little here.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ImportError } from '../../domain/import/import-error.ts';
import type { ParseMessage } from './parse-off-thread.ts';
import { stagedBatches, type ParseJob } from './staged-batches.ts';

/** Batches sent and not yet taken by the server at most. */
const AHEAD = 2;

async function parseAll(port: NonNullable<typeof parentPort>, job: ParseJob): Promise<void> {
  let credit = AHEAD;
  let resume: (() => void) | undefined;
  port.on('message', () => {
    credit += 1;
    resume?.();
  });
  const send = (message: ParseMessage) => port.postMessage(message);
  const run = stagedBatches(job, (progress) => send({ type: 'progress', progress }));
  try {
    let next = await run.next();
    while (!next.done) {
      while (credit === 0) await new Promise<void>((resolve) => (resume = resolve));
      resume = undefined;
      credit -= 1;
      send({ type: 'batch', batch: next.value });
      next = await run.next();
    }
    send({ type: 'done', summary: next.value });
  } catch (error) {
    const code = error instanceof ImportError ? error.code : undefined;
    send({ type: 'error', code, message: error instanceof Error ? error.message : String(error) });
  } finally {
    port.close();
  }
}

if (parentPort) await parseAll(parentPort, workerData as ParseJob);
