/*
 * Lets a picture that draws from the number columns alone (the swimlane) hold back work its first frame
 * does not need until that frame is drawn: the read of the events' messages (at a million events their
 * structured clone takes the main thread a few hundred milliseconds) and the events-over-time series
 * under it. Otherwise both land between the layout's answer and that frame. The app takes a hold as it
 * starts on a swimlane's address (before the page mounts); a hold nobody releases lapses after HOLD_LIMIT_MS.
 */
import { useSyncExternalStore } from 'react';

const HOLD_LIMIT_MS = 5_000;

let holds = 0;
const releases = new Set<() => void>();
let waiting: Array<() => void> = [];
const listeners = new Set<() => void>();

function releaseOne(): void {
  holds -= 1;
  if (holds > 0) return;
  const run = waiting;
  waiting = [];
  for (const next of run) next();
  for (const listener of listeners) listener();
}

/** Holds that work back until the caller's first frame; answers the release (idempotent). */
export function holdUntilFirstFrame(): () => void {
  holds += 1;
  if (holds === 1) for (const listener of listeners) listener();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    releases.delete(release);
    clearTimeout(lapse);
    releaseOne();
  };
  releases.add(release);
  const lapse = setTimeout(release, HOLD_LIMIT_MS);
  return release;
}

/** A picture's first frame is on screen: every hold is released. */
export function firstFrameDrawn(): void {
  for (const release of [...releases]) release();
}

/** Runs `work` now, or once every hold is released; answers a cancel. */
export function afterFirstFrame(work: () => void): () => void {
  if (holds === 0) {
    work();
    return () => undefined;
  }
  let cancelled = false;
  waiting.push(() => {
    if (!cancelled) work();
  });
  return () => {
    cancelled = true;
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** False while a picture's first frame is pending: the caller renders what it held before. */
export function useFirstFrameDrawn(): boolean {
  return useSyncExternalStore(subscribe, () => holds === 0);
}
