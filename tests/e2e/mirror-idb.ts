/*
 * Reads of the app's own IndexedDB ('churchkey-mirror') from a Playwright page, for specs that
 * check what the device holds: the writes waiting in the outbox, a map's mirrored points.
 */
import type { Page } from '@playwright/test';

/** One record of a store by key, or the store's count when `key` is undefined; undefined if the store is absent. */
function readStore<T>(page: Page, store: string, key: number | undefined): Promise<T | undefined> {
  return page.evaluate(
    ({ store, key }) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('churchkey-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(store)) {
            open.result.close();
            return resolve(undefined);
          }
          const objects = open.result.transaction(store).objectStore(store);
          const read: IDBRequest = key === undefined ? objects.count() : objects.get(key);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as T | undefined);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    { store, key },
  );
}

/** How many writes wait in the outbox. */
export async function outboxCount(page: Page): Promise<number> {
  return (await readStore<number>(page, 'outbox', undefined)) ?? 0;
}

/** The mirror's record of a map's points (undefined before any sync). */
export function mirroredPoints(page: Page, mapID: number): Promise<{ status: string; loaded: number } | undefined> {
  return readStore(page, 'mapPointSync', mapID);
}
