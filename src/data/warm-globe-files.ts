/*
 * Puts the map globe's own files (its lazily loaded chunk, Cesium's workers, imagery and assets, as
 * the build lists them in /globe-files.json) into the service worker's Cesium cache when an incident
 * with a map syncs, so the map picture draws offline on a device that never opened it online.
 * Background work: once per build version (remembered in localStorage), only online and with an
 * active service worker, every failure silent and left for a later sync to retry.
 */
import { GLOBE_CACHE_NAME, GLOBE_FILES_URL, GlobeFilesSchema } from '../../domain/geo/globe-files.ts';

/** The version of the list whose files are all in the cache. */
const WARMED_KEY = 'churchkey-globe-files-warmed';
// A few at a time: the chunk alone is ~4.6 MB, and the page's own requests go first.
const PARALLEL_FETCHES = 3;
const IDLE_TIMEOUT_MS = 5_000;

let running = false;
let warmedThisPage = false;

/** Starts the warm-up in the background if it is due; returns at once. */
export function warmGlobeFiles(): void {
  if (running || warmedThisPage || !navigator.onLine || !('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  running = true;
  const start = () =>
    void warm()
      .then((warmed) => (warmedThisPage = warmed))
      // NOTE: silent by design: the globe still loads from the network when online, and the next sync retries.
      .catch(() => undefined)
      .finally(() => (running = false));
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(start, 0);
}

/** true once every listed file is cached (now or by an earlier page); false when it could not start. */
async function warm(): Promise<boolean> {
  // The cache is only of use to a service worker; without an active one (a dev server, a first
  // visit still installing) a later sync tries again.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active) return false;
  const answer = await fetch(GLOBE_FILES_URL, { cache: 'no-store' });
  if (!answer.ok) return false;
  const list = GlobeFilesSchema.parse(await answer.json());
  // Evicted caches are warmed again: the remembered version only counts while the chunk is there.
  if (readWarmed() === list.version && list.files[0] && (await caches.match(list.files[0].url))) return true;
  const cache = await caches.open(GLOBE_CACHE_NAME);
  const queue = list.files.map((file) => file.url);
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) await warmFile(cache, url);
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  writeWarmed(list.version);
  return true;
}

/**
 * One file into the cache, unless a cache has it already (the precache holds the shell's chunks
 * the globe's chunk imports). Fetched through the service worker when it controls the page, whose
 * CacheFirst route caches it as well; put here too, so the cache holds it either way.
 */
async function warmFile(cache: Cache, url: string): Promise<void> {
  if (await caches.match(url)) return;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await cache.put(url, response);
}

function readWarmed(): string | null {
  try {
    return window.localStorage.getItem(WARMED_KEY);
  } catch {
    return null;
  }
}

function writeWarmed(version: string): void {
  try {
    window.localStorage.setItem(WARMED_KEY, version);
  } catch {
    // NOTE: storage disabled: the next page warms again (each file is skipped once cached).
  }
}
