/*
 * Reads an incident's fast copy of its event numbers (src/data/mirror/event-numbers-copy.ts) as the app
 * starts: on the main thread the file's handles and read are several round trips, each waiting behind the
 * app's own start; here they run beside it, the read is one synchronous call, and the buffer is transferred.
 */

interface CopyRequest {
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
  void readCopy(message.data).then((buffer) => self.postMessage(buffer ?? null, buffer ? [buffer] : []));
};
