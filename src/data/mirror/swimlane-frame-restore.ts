/*
 * The kept swimlane frame of this page's start (swimlane-frame-store.ts), read and decoded once as the
 * app starts (start-copy-read.ts) and held here, outside React: the picture shown while the events are
 * read and the one over the live canvas until its first frame are one picture, whichever mounts and
 * unmounts meanwhile. The live frame's first draw ends it for the page (swimlaneLiveFrameDrawn): a
 * later mount, a remount or a late read never shows it again. The picture painted before React
 * (app/swimlane-early-picture.ts) registers its removal here: the page's picture takes over from it (or
 * removes it) as soon as it has measured its place, and the live frame, a resize or a navigation ends it.
 * Two copies of this module run in one page: the tiny classic script in index.html's head that reads and
 * paints the frame before the app's modules are in (app/early-picture-start.ts, vite.config.ts), and the
 * app's own; so the state lives on the window, one object both copies share.
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

interface SharedRestore {
  state: RestoreState | undefined;
  listeners: Set<() => void>;
  /**
   * The early picture's removal while it is on screen and the address it was painted for; `placed` once
   * the page has a place for the frame; `painting` once a painter subscribed (one picture, never two).
   */
  early: { remove: (() => void) | undefined; path: string | undefined; placed: boolean; painting: boolean };
}

const SHARED = '__churchkeySwimlaneFrame';
const shared: SharedRestore = ((globalThis as unknown as Record<string, SharedRestore | undefined>)[SHARED] ??= {
  state: undefined,
  listeners: new Set(),
  early: { remove: undefined, path: undefined, placed: false, painting: false },
});
const { listeners, early } = shared;

/** Why no picture may be painted before React any more (undefined: it may, the page has no place for it yet). */
export const earlySwimlanePictureTooLate = (): string | undefined =>
  early.placed ? 'the page placed it first' : shared.state?.live !== false ? 'the live frame came first' : undefined;

/** The early picture is on screen for `path`; `remove` takes it away (called once, by whichever ends it first). */
export function earlySwimlanePictureShown(remove: () => void, path: string): void {
  early.remove = remove;
  early.path = path;
}

/** True for the first caller only: the one painter of a page (the head's script, else the app's start). */
export function claimEarlySwimlanePainter(): boolean {
  if (early.painting) return false;
  early.painting = true;
  return true;
}

/** The router goes to `pathname`: a picture painted for another address goes. */
export function swimlaneEarlyPictureNavigates(pathname: string): void {
  if (early.remove !== undefined && pathname !== early.path) endEarlySwimlanePicture('navigation');
}

/**
 * Removes the picture painted before React, if any (the page's own picture, drawn in the same task, takes
 * its place; or nothing matches any more). `reason` is marked for traces and the reopen spec.
 */
export function endEarlySwimlanePicture(reason: string): void {
  const remove = early.remove;
  early.remove = undefined;
  early.path = undefined;
  if (!remove) return;
  remove();
  performance.mark('churchkey: swimlane early picture removed', { detail: { reason } });
}

/** The page has measured its place for the frame: nothing is painted before React from now on. */
export function swimlaneFramePlaced(): void {
  early.placed = true;
}

function change(next: RestoreState): void {
  shared.state = next;
  for (const listener of listeners) listener();
}

/**
 * Starts the read of the incident's kept frame, once a page (a second call, from either copy, does nothing).
 * Settles once the read is in and its subscribers were told (the early picture painted or not).
 */
export function startSwimlaneFrameRead(incidentID: number): Promise<void> {
  if (shared.state) return Promise.resolve();
  shared.state = { incidentID, frame: undefined, live: false, marked: false };
  return readFrame(incidentID)
    .then(({ record, bitmap, revision }) => {
      const state = shared.state;
      // Seen in traces (and the reopen spec): what the read found, and whether the live frame came first.
      const detail = { record: record !== undefined, revision: revision !== undefined, live: state?.live !== false };
      performance.mark('churchkey: swimlane frame read', { detail });
      if (!state || !record || !bitmap || !revision || state.live) return bitmap?.close();
      change({ ...state, frame: { incidentID, record, revision, bitmap } });
    })
    .catch(() => undefined);
}

/** What the read of a kept frame answers. */
interface FrameReadAnswer {
  record: SwimlaneFrameRecord | undefined;
  bitmap: ImageBitmap | undefined;
  revision: MirrorRevision | undefined;
}

/**
 * The record, its PNG decoded (createImageBitmap decodes off the main thread) and the mirror's revision.
 * On the main thread: started by the head's script before the app's modules are fetched, these few
 * IndexedDB steps run while the thread is idle (a worker's start cost more than they do; bench/RESULTS.md, s22).
 */
async function readFrame(incidentID: number): Promise<FrameReadAnswer> {
  // Each step marked for traces (the reopen bench's timeline).
  const step = (name: string, detail?: unknown) => performance.mark(`churchkey: swimlane frame ${name}`, { detail });
  const decoded = readSwimlaneFrame(incidentID).then(async (record) => {
    step('record in', { pngBytes: record?.png.size });
    if (!record) return undefined;
    const bitmap = await createImageBitmap(record.png);
    step('decoded');
    return { record, bitmap };
  });
  const revision = readMirrorRevision(incidentID).then((answer) => {
    step('revision in');
    return answer;
  });
  const [read, mirror] = await Promise.all([decoded, revision]);
  return { record: read?.record, bitmap: read?.bitmap, revision: mirror };
}

export const restoredSwimlaneFrame = (): RestoredSwimlaneFrame | undefined =>
  shared.state?.live === false ? shared.state.frame : undefined;

export function subscribeRestoredSwimlaneFrame(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live frame is drawn: the kept picture goes, in the same task (before the browser paints). */
export function swimlaneLiveFrameDrawn(): void {
  const state = shared.state;
  if (!state || state.live) {
    shared.state ??= { incidentID: 0, frame: undefined, live: true, marked: false };
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
  const state = shared.state;
  if (!state || state.marked || state.frame !== frame) return;
  shared.state = { ...state, marked: true };
  performance.mark('churchkey: swimlane shows its last frame', { detail: { events: frame.record.events } });
}
