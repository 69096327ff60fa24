/*
 * The kept swimlane frame of this page's start (swimlane-frame-store.ts), read and decoded once as the
 * app starts (start-copy-read.ts) and held here, outside React: the picture shown while the events are
 * read and the one over the live canvas until its first frame are one picture, whichever mounts and
 * unmounts meanwhile. The live frame's first draw ends it for the page (swimlaneLiveFrameDrawn): a
 * later mount, a remount or a late read never shows it again. The picture painted before React
 * (app/swimlane-early-picture.ts) registers its removal here: the page's picture takes over from it (or
 * removes it) as soon as it has measured its place, and the live frame, a resize or a navigation ends it.
 */
import type { MirrorRevision } from './swimlane-frame-key.ts';
import { readMirrorRevision, readSwimlaneFrame, type SwimlaneFrameRecord } from './swimlane-frame-store.ts';

export interface RestoredSwimlaneFrame {
  incidentID: number;
  record: SwimlaneFrameRecord;
  revision: MirrorRevision;
  /** The PNG decoded off the main thread, drawn in one go by whoever shows it. */
  bitmap: ImageBitmap;
}

interface RestoreState {
  incidentID: number;
  frame: RestoredSwimlaneFrame | undefined;
  /** The live frame is drawn: nothing kept is shown again in this page. */
  live: boolean;
  marked: boolean;
}

let state: RestoreState | undefined;
const listeners = new Set<() => void>();

/** The early picture's removal while it is on screen; `placed` once the page has a place for the frame. */
const early: { remove: (() => void) | undefined; placed: boolean } = { remove: undefined, placed: false };

/** Why no picture may be painted before React any more (undefined: it may, the page has no place for it yet). */
export const earlySwimlanePictureTooLate = (): string | undefined =>
  early.placed ? 'the page placed it first' : state?.live !== false ? 'the live frame came first' : undefined;

/** The early picture is on screen; `remove` takes it away (called once, by whichever ends it first). */
export function earlySwimlanePictureShown(remove: () => void): void {
  early.remove = remove;
}

/**
 * Removes the picture painted before React, if any (the page's own picture, drawn in the same task, takes
 * its place; or nothing matches any more). `reason` is marked for traces and the reopen spec.
 */
export function endEarlySwimlanePicture(reason: string): void {
  const remove = early.remove;
  early.remove = undefined;
  if (!remove) return;
  remove();
  performance.mark('churchkey: swimlane early picture removed', { detail: { reason } });
}

/** The page has measured its place for the frame: nothing is painted before React from now on. */
export function swimlaneFramePlaced(): void {
  early.placed = true;
}

function change(next: RestoreState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Starts the read of the incident's kept frame, once a page (a second call does nothing). */
export function startSwimlaneFrameRead(incidentID: number): void {
  if (state) return;
  state = { incidentID, frame: undefined, live: false, marked: false };
  void readFrame(incidentID)
    .then(({ record, bitmap, revision }) => {
      // Seen in traces (and the reopen spec): what the read found, and whether the live frame came first.
      const detail = { record: record !== undefined, revision: revision !== undefined, live: state?.live !== false };
      performance.mark('churchkey: swimlane frame read', { detail });
      if (!record || !bitmap || !revision || state?.live !== false) return bitmap?.close();
      change({ ...state, frame: { incidentID, record, revision, bitmap } });
    })
    .catch(() => undefined);
}

/** What the read of a kept frame answers (workers/swimlane-frame-read.worker.ts). */
export interface FrameReadAnswer {
  record: SwimlaneFrameRecord | undefined;
  bitmap: ImageBitmap | undefined;
  revision: MirrorRevision | undefined;
}

/**
 * The record, its PNG decoded and the mirror's revision: in a worker, so the steps do not wait behind the
 * app's start on the main thread; here where there is no worker.
 */
function readFrame(incidentID: number): Promise<FrameReadAnswer> {
  if (typeof Worker !== 'function') return readFrameHere(incidentID);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('../../../workers/swimlane-frame-read.worker.ts', import.meta.url), {
      type: 'module',
      name: 'swimlane-frame-read',
    });
    worker.onmessage = ({ data }: MessageEvent<FrameReadAnswer>) => {
      worker.terminate();
      resolve(data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(readFrameHere(incidentID));
    };
    worker.postMessage(incidentID);
  });
}

async function readFrameHere(incidentID: number): Promise<FrameReadAnswer> {
  // The PNG's decode (off the main thread) starts as soon as the record is in, beside the mirror's revision.
  const decoded = readSwimlaneFrame(incidentID).then(async (record) =>
    record ? { record, bitmap: await createImageBitmap(record.png) } : undefined,
  );
  const [read, revision] = await Promise.all([decoded, readMirrorRevision(incidentID)]);
  return { record: read?.record, bitmap: read?.bitmap, revision };
}

export const restoredSwimlaneFrame = (): RestoredSwimlaneFrame | undefined =>
  state?.live === false ? state.frame : undefined;

export function subscribeRestoredSwimlaneFrame(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live frame is drawn: the kept picture goes, in the same task (before the browser paints). */
export function swimlaneLiveFrameDrawn(): void {
  if (!state || state.live) {
    state ??= { incidentID: 0, frame: undefined, live: true, marked: false };
    endEarlySwimlanePicture('live frame');
    return;
  }
  const frame = state.frame;
  endEarlySwimlanePicture('live frame');
  change({ ...state, frame: undefined, live: true });
  frame?.bitmap.close();
}

/** Marked once a page, the first time the picture is drawn on screen (the live frame has its own mark). */
export function markRestoredSwimlaneFrameShown(frame: RestoredSwimlaneFrame): void {
  if (!state || state.marked || state.frame !== frame) return;
  state = { ...state, marked: true };
  performance.mark('churchkey: swimlane shows its last frame', { detail: { events: frame.record.events } });
}
