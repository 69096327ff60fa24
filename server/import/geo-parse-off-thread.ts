/*
 * A map's parsing off the server's thread, as the event import's (parse-off-thread.ts): a worker thread
 * (geo-parse-worker.ts) parses the spooled file into COPY text while this thread writes the batches
 * before it, so on PGlite, whose database runs in this thread, a read waits for a write, never for parsing.
 */
import { geoCopyBatches, type GeoCopyBatch, type GeoParseJob } from './geo-copy-batches.ts';
import { batchesFromWorker } from './worker-batches.ts';

/**
 * The batches of geoCopyBatches, parsed in a worker thread. From the TypeScript sources (the tests) a
 * worker cannot load its file, so they are parsed here instead; the built server always uses the worker.
 */
export function geoParseOffThread(job: GeoParseJob): AsyncGenerator<GeoCopyBatch, void, undefined> {
  if (import.meta.url.endsWith('.ts')) return geoCopyBatches(job);
  const workerUrl = new URL('./geo-parse-worker.js', import.meta.url);
  return batchesFromWorker<GeoCopyBatch, void>(workerUrl, job, "the map's parser thread");
}
