/*
 * The map import's parser thread (started by geo-parse-off-thread.ts): parses the spooled file into
 * COPY text batches, some ahead of the server's thread, which only writes them; a batch is sent
 * once the server has taken an earlier one, so a slow database holds little here.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { geoCopyBatches, type GeoParseJob } from './geo-copy-batches.ts';
import { postBatches } from './worker-batches.ts';

/**
 * Batches sent and not yet taken by the server at most. A track's batch is one 64 KiB read (about 500
 * points) while a write takes thousands: with 2 ahead, parsing stopped during every write (PGlite's
 * 300,000-point import took 33 s against 9.7 s in one transaction); 64 is about 3 MB of COPY text.
 */
const AHEAD = 64;

if (parentPort) await postBatches(parentPort, AHEAD, () => geoCopyBatches(workerData as GeoParseJob));
