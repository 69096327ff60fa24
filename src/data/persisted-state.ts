/*
 * The browser storage behind the persisted configuration (key persist:root). The interface is
 * asynchronous, as a storage that may be slow or move to IndexedDB would be; callers time it out.
 * Values go in and out as plain JSON: validating them is the caller's job.
 */

/** The stored value, or undefined when there is none or it is not JSON at all. */
export async function readPersisted(key: string): Promise<unknown> {
  let text: string | null;
  try {
    text = window.localStorage.getItem(key);
  } catch (error) {
    // NOTE: storage can be disabled (privacy settings); the app then runs on defaults.
    console.warn(`local storage is not available: ${key} starts from defaults`, error);
    return undefined;
  }
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    console.warn(`${key} in local storage is not JSON; starting from defaults`, error);
    return undefined;
  }
}

const pending = new Map<string, unknown>();

/**
 * Stores a value; writes within one task are coalesced into the last one, so a burst of changes
 * (dragging, typing) costs one serialisation.
 */
export function writePersisted(key: string, value: unknown): void {
  const scheduled = pending.has(key);
  pending.set(key, value);
  if (scheduled) return;
  queueMicrotask(() => {
    const latest = pending.get(key);
    pending.delete(key);
    try {
      window.localStorage.setItem(key, JSON.stringify(latest));
    } catch (error) {
      // Quota exceeded or storage disabled: this page keeps working from memory.
      console.error(`${key} could not be saved in local storage`, error);
    }
  });
}

/** Changes made to `key` by another tab or window of the app (the storage event never fires in the writer). */
export function subscribePersisted(key: string, listener: (value: unknown) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage || (event.key !== key && event.key !== null)) return;
    let value: unknown;
    try {
      value = event.newValue === null ? undefined : (JSON.parse(event.newValue) as unknown);
    } catch {
      value = undefined;
    }
    listener(value);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
