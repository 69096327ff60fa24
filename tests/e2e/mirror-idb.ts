/*
 * Reads of the app's own IndexedDB ('churchkey-mirror') from a Playwright page, for specs that
 * check what the device holds: the writes waiting in the outbox, a map's mirrored points, an incident's
 * mirrored events.
 */
import type { Page } from '@playwright/test';

/** A store's record by key, its count (no key), or the count of an index's range of keys. */
type StoreRead = { store: string; key?: number } | { store: string; index: string; from: number[]; to: number[] };

/** What `query` asks of the mirror; undefined if its store is absent (before the first sync). */
function readStore<T>(page: Page, query: StoreRead): Promise<T | undefined> {
  return page.evaluate(
    (query) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('churchkey-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(query.store)) {
            open.result.close();
            return resolve(undefined);
          }
          const objects = open.result.transaction(query.store).objectStore(query.store);
          const read: IDBRequest =
            'index' in query
              ? objects.index(query.index).count(IDBKeyRange.bound(query.from, query.to))
              : query.key === undefined
                ? objects.count()
                : objects.get(query.key);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as T | undefined);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    query,
  );
}

/** How many writes wait in the outbox. */
export async function outboxCount(page: Page): Promise<number> {
  return (await readStore<number>(page, { store: 'outbox' })) ?? 0;
}

/** The mirror's record of a map's points (undefined before any sync). */
export function mirroredPoints(page: Page, mapID: number): Promise<{ status: string; loaded: number } | undefined> {
  return readStore(page, { store: 'mapPointSync', key: mapID });
}

/** How many of an incident's events the mirror holds. */
export async function mirroredEventCount(page: Page, incidentID: number): Promise<number> {
  const query = {
    store: 'events',
    index: '[incidentID+startTimestamp]',
    from: [incidentID, -Infinity],
    to: [incidentID, Infinity],
  };
  return (await readStore<number>(page, query)) ?? 0;
}
