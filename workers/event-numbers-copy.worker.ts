/*
 * Reads an incident's fast copy of its event numbers (src/data/mirror/event-numbers-copy.ts) as the app
 * starts, with what says whether it may be used: the incident's sync state, its chunks' write stamps and
 * the optimistic rows, in one IndexedDB transaction. On the main thread these are round trips that each
 * wait behind the app's own start (and Dexie's open); here they run beside it, and one message answers.
 * Given the swimlane's view last laid out here, it then lays the swimlane out from the same numbers and
 * answers that in a second message, while the page is still mounting (issue 20).
 */

import { buildSwimlaneLayout, layoutBuffers, type SwimlaneLayout } from '../domain/swimlane/swimlane-layout.ts';
import { readCopyCheck, type CopyCheckRequest } from '../src/data/mirror/copy-check-read.ts';
import {
  copyChunksToLayOut,
  copyLayoutColumns,
  copyLayoutInput,
  type SwimlaneView,
} from '../src/data/mirror/copy-layout-input.ts';

interface CopyRequest extends CopyCheckRequest {
  directory: string;
  name: string;
  view?: SwimlaneView | undefined;
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
  const { incidentID, view } = message.data;
  void Promise.all([readCopy(message.data), readCopyCheck(message.data)]).then(async ([buffer, check]) => {
    // The page's answer first, exactly as without a layout: nothing more is done before it goes.
    const layoutFollows = buffer && check && view ? copyChunksToLayOut(incidentID, buffer, check) !== undefined : false;
    self.postMessage({ buffer: buffer ?? null, check: check ?? null, layoutFollows }, buffer ? [buffer] : []);
    if (!layoutFollows || !check || !view) return;
    const started = performance.now();
    let layout: SwimlaneLayout | undefined;
    try {
      // The bytes went to the page (transferred): read again, beside the page's work (57-130 ms, s12).
      const again = await readCopy(message.data);
      const columns = again ? copyLayoutColumns(incidentID, again, check) : undefined;
      layout = columns ? buildSwimlaneLayout(copyLayoutInput(columns, view)) : undefined;
    } catch {
      // A copy this code cannot read, or one being written: the page lays out as it mounts.
    }
    if (!layout) self.postMessage({ layout: null });
    else self.postMessage({ layout: { ...layout, workMillis: performance.now() - started } }, layoutBuffers(layout));
  });
};
