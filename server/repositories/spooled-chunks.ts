/*
 * A spooled file read back as the chunks it is stored in (blob-repository.ts whole, pending-blob.ts one
 * transaction a chunk), hashed again on the way: what is stored is exactly what was received, or the
 * store fails once the last chunk is read.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

/** The file's chunks of `chunkBytes` (the last one shorter), numbered from 0; throws if the file changed. */
export async function* spooledChunks(
  // The file's path and what it was hashed as (a SpooledBlob; named here so the blob store can import this).
  spooled: { path: string; sha256: string; sizeBytes: number },
  chunkBytes: number,
): AsyncGenerator<{ index: number; data: Buffer }, void, undefined> {
  const file = await open(spooled.path, 'r');
  const verify = createHash('sha256');
  let total = 0;
  try {
    for (let index = 0; ; index++) {
      const buffer = Buffer.allocUnsafe(chunkBytes);
      let filled = 0;
      while (filled < chunkBytes) {
        const { bytesRead } = await file.read(buffer, filled, chunkBytes - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled === 0) break;
      const data = buffer.subarray(0, filled);
      verify.update(data);
      total += filled;
      yield { index, data };
      if (filled < chunkBytes) break;
    }
  } finally {
    await file.close();
  }
  if (total !== spooled.sizeBytes || verify.digest('hex') !== spooled.sha256) {
    throw new Error(`temporary file ${spooled.path} changed before it was stored`);
  }
}
