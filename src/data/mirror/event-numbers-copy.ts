/*
 * A fast copy of a columnar incident's chunk numbers, one file per incident in the Origin Private File
 * System: here reading 37 MB as one file took 57-130 ms where the same bytes as IndexedDB values took
 * 114-490 ms (bench/RESULTS.md, s12). Dexie stays the mirror; the copy is derived from it when the page
 * is idle, and read only when its stamps are the chunks' stamps (event-numbers-file.ts).
 */
import { readEventChunks, readEventChunkStamps } from './event-chunks.ts';
import { eventNumbersFileParts, eventNumbersFileStamps, eventNumbersHeaderBytes, type ChunkStamp } from './event-numbers-file.ts';
import {
  EVENT_NUMBERS_DIRECTORY,
  eventNumbersCopySupported,
  eventNumbersFileName,
  takeCopyAtStart,
} from './event-numbers-copy-start.ts';
import { afterFirstFrame } from './first-frame-hold.ts';
import { mirrorDatabase, type MirrorDatabase } from './mirror-database.ts';

async function copiesDirectory(create: boolean): Promise<FileSystemDirectoryHandle | undefined> {
  if (!eventNumbersCopySupported()) return undefined;
  try {
    return await (await navigator.storage.getDirectory()).getDirectoryHandle(EVENT_NUMBERS_DIRECTORY, { create });
  } catch {
    // None written yet, or a browser that refuses OPFS here (private windows): IndexedDB it is.
    return undefined;
  }
}

async function copyFile(incidentID: number): Promise<File | undefined> {
  const directory = await copiesDirectory(false);
  try {
    return directory ? await (await directory.getFileHandle(eventNumbersFileName(incidentID))).getFile() : undefined;
  } catch {
    return undefined;
  }
}

/** The incident's copy, whole, as one buffer (the worker's read once, if started); undefined when there is none. */
export async function readEventNumbersCopy(incidentID: number): Promise<ArrayBuffer | undefined> {
  const started = takeCopyAtStart(incidentID);
  if (started) {
    const { buffer } = await started;
    if (buffer) return buffer;
  }
  const file = await copyFile(incidentID);
  return file ? await file.arrayBuffer() : undefined;
}

async function copyStamps(incidentID: number): Promise<ChunkStamp[] | undefined> {
  const file = await copyFile(incidentID);
  if (!file) return undefined;
  const headerBytes = eventNumbersHeaderBytes(await file.slice(0, 8).arrayBuffer());
  return headerBytes === undefined ? undefined : eventNumbersFileStamps(await file.slice(0, headerBytes).arrayBuffer());
}

const sameStamps = (a: readonly ChunkStamp[], b: readonly ChunkStamp[]) =>
  a.length === b.length && a.every((entry, index) => entry.chunk === b[index]?.chunk && entry.stamp === b[index]?.stamp);

/** The chunks' stamps now, when the incident is columnar: what a copy must have been written at. */
async function columnarChunkStamps(db: MirrorDatabase, incidentID: number): Promise<ChunkStamp[] | 'syncing' | undefined> {
  return db.transaction('r', db.syncState, db.eventChunks, async () => {
    const state = await db.syncState.get(incidentID);
    if (state?.status === 'syncing') return 'syncing';
    return state?.columnar ? readEventChunkStamps(db, incidentID) : undefined;
  });
}

/** Writes the incident's copy again unless it is of the chunks held now; removes it when none are. */
async function refreshEventNumbersCopy(db: MirrorDatabase, incidentID: number): Promise<void> {
  const stamps = await columnarChunkStamps(db, incidentID);
  // A first sync's pages keep coming: its end asks again (sync-incident-from-api.ts).
  if (stamps === 'syncing') return;
  if (!stamps || stamps.length === 0) return removeEventNumbersCopy(incidentID);
  const held = await copyStamps(incidentID);
  if (held && sameStamps(held, stamps)) {
    performance.mark('churchkey: fast copy of the event numbers current');
    return;
  }
  // Read in one transaction: the stamps written are those of exactly these numbers.
  const rows = await db.transaction('r', db.syncState, db.eventChunks, async () => ((await db.syncState.get(incidentID))?.columnar ? readEventChunks(db, incidentID) : undefined));
  const directory = await copiesDirectory(true);
  if (!rows || rows.length === 0 || !directory) return;
  const started = performance.now();
  const writable = await (await directory.getFileHandle(eventNumbersFileName(incidentID), { create: true })).createWritable();
  try {
    // The file is replaced on close, whole: a reader sees the old copy or the new one.
    await writable.write(new Blob(eventNumbersFileParts(rows)));
    await writable.close();
    // Seen in a trace; bench/reopen-ab-bench.ts waits for it before reopening.
    performance.measure('churchkey: fast copy of the event numbers written', { start: started, detail: { incidentID, chunks: rows.length } });
  } catch (error) {
    await writable.abort();
    throw error;
  }
  // Removed from this device while it was written: the copy goes too.
  if (!(await db.syncState.get(incidentID))) await removeEventNumbersCopy(incidentID);
}

/** Forgets the incident's copy (removed from this device, or no longer columnar). */
export async function removeEventNumbersCopy(incidentID: number): Promise<void> {
  const directory = await copiesDirectory(false);
  try {
    await directory?.removeEntry(eventNumbersFileName(incidentID));
  } catch {
    // There was none.
  }
}

/** The bytes each incident's copy takes on this device (0 for none). */
export async function eventNumbersCopyBytes(incidentIDs: readonly number[]): Promise<Map<number, number>> {
  const sizes = new Map<number, number>();
  for (const incidentID of incidentIDs) sizes.set(incidentID, (await copyFile(incidentID))?.size ?? 0);
  return sizes;
}

const queued = new Set<number>();
let chain: Promise<void> = Promise.resolve();

/**
 * Brings the incident's copy up to date once the page is idle (after a swimlane's first frame): a sync or
 * a catch-up settled, or a read found the copy old. One refresh at a time; a second ask while one
 * waits is the same refresh.
 */
export function scheduleEventNumbersCopy(incidentID: number): void {
  if (!eventNumbersCopySupported() || queued.has(incidentID)) return;
  queued.add(incidentID);
  afterFirstFrame(() => {
    const run = () => {
      chain = chain
        .then(() => {
          queued.delete(incidentID);
          return refreshEventNumbersCopy(mirrorDatabase(), incidentID);
        })
        .catch((error: unknown) => console.error(`the fast copy of incident ${incidentID}'s events could not be written`, error));
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
    else setTimeout(run, 0);
  });
}
