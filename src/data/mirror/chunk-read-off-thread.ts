/*
 * A columnar incident's chunk rows read from IndexedDB in a worker (workers/mirror-read.worker.ts)
 * and handed over transferred: the reopen's 37 MB of numbers are deserialised off the main thread,
 * which is mounting the page meanwhile (issue 20). The main thread then makes the list from them as a
 * read in the page would (eventsOfChunkRows). Any failure answers undefined: the page reads as before.
 */
import * as Comlink from 'comlink';
import type { EventMirrorRow, MirrorDatabase } from './mirror-database.ts';
import { readEventChunks } from './event-chunks.ts';

export interface OffThreadChunks {
  numbers: ArrayBuffer[];
  stamps: string[];
  optimistic: EventMirrorRow[];
}

/** What workers/mirror-read.worker.ts answers through Comlink. */
export interface MirrorReadWorkerApi {
  columnarChunks(incidentID: number): Promise<OffThreadChunks | undefined>;
}

/** In the worker: the chunk rows and optimistic rows, in one transaction; undefined unless columnar. */
export async function readColumnarChunks(db: MirrorDatabase, incidentID: number): Promise<OffThreadChunks | undefined> {
  return db.transaction('r', db.syncState, db.eventChunks, db.events, async () => {
    const state = await db.syncState.get(incidentID);
    if (!state?.columnar) return undefined;
    const optimistic = (await db.events.where('id').below(0).toArray()).filter((event) => event.incidentID === incidentID);
    const rows = await readEventChunks(db, incidentID);
    return { numbers: rows.map((row) => row.numbers), stamps: rows.map((row) => row.stamp), optimistic };
  });
}

/** On the main thread: the chunks read by a worker started for this read alone, then ended. */
export async function readChunksOffThread(incidentID: number): Promise<OffThreadChunks | undefined> {
  const worker = new Worker(new URL('../../../workers/mirror-read.worker.ts', import.meta.url), { type: 'module', name: 'mirror-read' });
  const remote = Comlink.wrap<MirrorReadWorkerApi>(worker);
  try {
    return await remote.columnarChunks(incidentID);
  } catch {
    return undefined;
  } finally {
    remote[Comlink.releaseProxy]();
    worker.terminate();
  }
}
