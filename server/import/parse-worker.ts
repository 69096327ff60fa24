/*
 * The import's parser thread (started by parse-off-thread.ts): reads and parses the spooled file, holds
 * its rows and sends each batch's summary, a few ahead of the server's thread; the server asks for a
 * write's rows when it writes them, answered as one transferred buffer of COPY text (held-rows.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { HeldRows, type TakeRequest, type TakenRows } from './held-rows.ts';
import { stagedBatches, type ParseJob } from './staged-batches.ts';
import { postBatches } from './worker-batches.ts';

/** Batches sent and not yet taken by the server at most. */
const AHEAD = 2;

const job = workerData as ParseJob;
const held = new HeldRows(job.settings.format);
if (parentPort)
  await postBatches(
    parentPort,
    AHEAD,
    (onProgress) => stagedBatches(job, held, onProgress),
    (request: TakeRequest) => {
      const reply: TakenRows = held.take(request);
      return { reply, transfer: [reply.text.buffer as ArrayBuffer] };
    },
  );
