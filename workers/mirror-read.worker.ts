/*
 * Reads a columnar incident's chunk numbers from the mirror for the page (src/data/mirror/
 * chunk-read-off-thread.ts): IndexedDB's deserialisation of a reopen's 37 MB happens here, and the
 * buffers leave transferred, so the main thread mounting the page is not held up by it.
 */
import * as Comlink from 'comlink';
import { readColumnarChunks, type MirrorReadWorkerApi } from '../src/data/mirror/chunk-read-off-thread.ts';
import { mirrorDatabase } from '../src/data/mirror/mirror-database.ts';

const api: MirrorReadWorkerApi = {
  async columnarChunks(incidentID) {
    const read = await readColumnarChunks(mirrorDatabase(), incidentID);
    return read ? Comlink.transfer(read, read.numbers) : undefined;
  },
};

Comlink.expose(api);
