/*
 * The import's parser thread (started by parse-off-thread.ts): reads and parses the spooled file and
 * sends its batches as COPY text, a few ahead of the server's thread, which only writes them. A batch
 * is sent once the server has taken one of the earlier ones, so a slow database holds little here.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { stagedBatches, type ParseJob } from './staged-batches.ts';
import { postBatches } from './worker-batches.ts';

/** Batches sent and not yet taken by the server at most. */
const AHEAD = 2;

if (parentPort) await postBatches(parentPort, AHEAD, (onProgress) => stagedBatches(workerData as ParseJob, onProgress));
