/*
 * One running sync per key however many components ask for it: the first starts it, the last to
 * let go cancels it. The release waits a tick, so React's StrictMode unmount-and-remount (or a
 * route change handing the same incident to the next screen) does not cancel and restart it.
 */
import { isAbortError } from '../api-client.ts';

interface Running {
  users: number;
  controller: AbortController;
}

const running = new Map<string, Running>();

export function acquireSync(key: string, run: (signal: AbortSignal) => Promise<void>): () => void {
  let entry = running.get(key);
  if (entry) {
    entry.users += 1;
  } else {
    const created: Running = { users: 1, controller: new AbortController() };
    entry = created;
    running.set(key, created);
    run(created.controller.signal)
      .catch((error: unknown) => {
        // The failure is recorded in syncState / listSync for the screens; offline is expected.
        if (!isAbortError(error) && !(error instanceof Error && error.name === 'NetworkError')) console.error(`sync ${key} failed`, error);
      })
      .finally(() => {
        if (running.get(key) === created) running.delete(key);
      });
  }
  const held = entry;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.users -= 1;
    setTimeout(() => {
      if (held.users === 0 && running.get(key) === held) {
        running.delete(key);
        held.controller.abort();
      }
    }, 0);
  };
}
