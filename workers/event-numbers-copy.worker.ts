/*
 * Reads an incident's fast copy of its event numbers (src/data/mirror/event-numbers-copy.ts) as the app
 * starts, with what says whether it may be used: the incident's sync state, its chunks' write stamps and
 * the optimistic rows, in one IndexedDB transaction. On the main thread these are round trips that each
 * wait behind the app's own start (and Dexie's open); here they run beside it, and one message answers.
 */

import { readCopyCheck, type CopyCheckRequest } from '../src/data/mirror/copy-check-read.ts';

interface CopyRequest extends CopyCheckRequest {
  directory: string;
  name: string;
}

async function readCopy({ directory, name }: CopyRequest): Promise<ArrayBuffer | undefined> {
  try {
    // WorkerNavigator, not the DOM's: the Origin Private File System and its sync handles are a worker's.
    // eslint-disable-next-line no-restricted-globals
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(directory);
    const access = await (await folder.getFileHandle(name)).createSyncAccessHandle();
    try {
      const buffer = new ArrayBuffer(access.getSize());
      return access.read(new Uint8Array(buffer), { at: 0 }) === buffer.byteLength ? buffer : undefined;
    } finally {
      access.close();
    }
  } catch {
    // No copy yet, or it is being written (its lock is taken): the page reads IndexedDB.
    return undefined;
  }
}

self.onmessage = (message: MessageEvent<CopyRequest>) => {
  void Promise.all([readCopy(message.data), readCopyCheck(message.data)]).then(([buffer, check]) =>
    self.postMessage({ buffer: buffer ?? null, check: check ?? null }, buffer ? [buffer] : []),
  );
};
