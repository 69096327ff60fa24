/*
 * The one owner of requestAnimationFrame (STYLE.md): every picture asks it for the next frame, and
 * all of a frame's work runs from a single browser callback, in the order asked. Work asked for
 * while a frame runs goes to the next one, so a callback that asks again cannot starve the page.
 */

type FrameCallback = (timeMs: number) => void;

/** Cancels a frame asked for; calling it after the frame ran does nothing. */
export type CancelFrame = () => void;

interface FrameScheduler {
  /** Runs `callback` once, in the next animation frame. */
  request(callback: FrameCallback): CancelFrame;
  /** How many callbacks wait for the next frame (tests read it). */
  readonly pending: number;
}

interface FrameClock {
  request: (run: (timeMs: number) => void) => number;
  cancel: (handle: number) => void;
}

/** A scheduler on the given clock (the browser's frames in the app, a hand-driven one in tests). */
export function createFrameScheduler(clock: FrameClock): FrameScheduler {
  let queue = new Set<{ callback: FrameCallback }>();
  let handle: number | undefined;
  const flush = (timeMs: number) => {
    handle = undefined;
    const running = queue;
    queue = new Set();
    for (const entry of running) {
      try {
        entry.callback(timeMs);
      } catch (error) {
        // One picture's failure must not cost the others their frame; it still reaches the console.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
  return {
    request(callback) {
      const entry = { callback };
      queue.add(entry);
      handle ??= clock.request(flush);
      return () => {
        queue.delete(entry);
        if (queue.size === 0 && handle !== undefined) {
          clock.cancel(handle);
          handle = undefined;
        }
      };
    },
    get pending() {
      return queue.size;
    },
  };
}

/** The app's scheduler on the browser's animation frames. */
export const frameScheduler: FrameScheduler = createFrameScheduler({
  request: (run) => requestAnimationFrame(run),
  cancel: (handle) => cancelAnimationFrame(handle),
});

/**
 * Runs `callback` every frame of `scheduler` until it returns false or the loop is cancelled (a
 * replay's clock: it follows the frames the page actually draws, and stops in a hidden tab).
 */
export function frameLoop(
  callback: (timeMs: number) => boolean,
  scheduler: FrameScheduler = frameScheduler,
): CancelFrame {
  let cancel: CancelFrame | undefined;
  const run = (timeMs: number) => {
    cancel = callback(timeMs) ? scheduler.request(run) : undefined;
  };
  cancel = scheduler.request(run);
  return () => cancel?.();
}

/** The next frame as a promise (benchmark pages wait on it between steps). */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => frameScheduler.request(resolve));
}
