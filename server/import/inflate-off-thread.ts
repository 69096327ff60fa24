/*
 * Gzip unpacked by Node's zlib, whose work runs in libuv's thread pool: a gzip bomb's megabytes come out
 * 64 KiB at a time with the event loop turning between them, so other users' requests go on while the
 * caps and the ratio check (domain/import/gunzip-bytes.ts) count it (fflate, in the browser and the import's
 * worker thread, unpacks in the thread that calls it).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { gunzipIfCompressed, isGzip, type Inflate } from '../../domain/import/gunzip-bytes.ts';
import { gunzipLimits, type ImportLimits } from './import-limits.ts';

/** Output chunk: small enough that the ratio check sees a bomb early, large enough to be cheap. */
const CHUNK_BYTES = 64 * 1024;

export const inflateOffThread: Inflate = async function* (packed) {
  // Read as the consumer pulls: zlib stops when its output is not taken, so memory stays a few chunks.
  const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
  const unpacked = pipeline(Readable.from(packed, { objectMode: false }), gunzip, () => {});
  // A consumer that stops (a refusal) ends the iteration, which destroys the pipeline and closes the file.
  for await (const chunk of unpacked) yield chunk as Uint8Array;
};

async function startsAsGzip(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(3), 0, 3, 0);
    return isGzip(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/**
 * A gzipped file unpacked once, counted and dropped, before its import writes anything: a bomb is refused
 * by the caps or its ratio (ImportError) in zlib's time alone, not after its padding was parsed (in a map's
 * transaction, which holds PGlite's only connection) or its repeated lines written. A file within them
 * costs one more unpacking, in zlib's threads.
 */
export async function checkGzipUnpacking(path: string, limits: ImportLimits): Promise<void> {
  if (!(await startsAsGzip(path))) return;
  const inflating = { ...gunzipLimits(limits), inflate: inflateOffThread };
  for await (const chunk of gunzipIfCompressed(createReadStream(path), inflating)) void chunk;
}
