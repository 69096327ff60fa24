/*
 * The service worker (built by vite-plugin-pwa: the app shell precached) and new versions of it.
 * A new version waits until the analyst chooses to reload (registerType 'prompt'): it is offered,
 * never forced, so unsaved work is not lost to an update.
 */
import { Workbox } from 'workbox-window';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;
let updateWaiting = false;
const listeners = new Set<() => void>();

function announce(waiting: boolean): void {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function subscribeUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers /sw.js in production builds (the dev server serves none). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  // Fires for a worker that installed while an older one controls the page, now or at a later check.
  workbox.addEventListener('waiting', () => announce(true));
  workbox.register().then(
    (registration) => {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    (error: unknown) => console.error('the service worker could not be registered', error),
  );
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox || !updateWaiting) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
