/*
 * What a reopen's fast copy (event-numbers-copy.ts) is checked against, read with IndexedDB itself rather
 * than Dexie, so the copy's worker (workers/event-numbers-copy.worker.ts) reads it beside the file as the
 * app starts: the incident's sync state, its chunks' write stamps and the optimistic rows, one transaction.
 */

export interface CopyCheckRequest {
  database: string;
  incidentID: number;
}

export interface CopyCheckRows {
  state: unknown;
  stamps: Array<[number, string]>;
  optimistic: unknown[];
}

/** The mirror's rows the copy is checked against, as Dexie stores them (mirror schema 7 and later). */
export function readCopyCheck({ database, incidentID }: CopyCheckRequest): Promise<CopyCheckRows | undefined> {
  return new Promise((resolve) => {
    const open = indexedDB.open(database);
    // No mirror yet: never made here (the app's Dexie makes it with its schema).
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(undefined);
    open.onsuccess = () => {
      const db = open.result;
      // The app's Dexie may be upgrading the schema: it must not wait for this connection.
      db.onversionchange = () => db.close();
      const done = (held: CopyCheckRows | undefined) => {
        db.close();
        resolve(held);
      };
      try {
        const held: CopyCheckRows = { state: undefined, stamps: [], optimistic: [] };
        const transaction = db.transaction(['syncState', 'eventChunks', 'events'], 'readonly');
        const state = transaction.objectStore('syncState').get(incidentID);
        state.onsuccess = () => (held.state = state.result);
        const range = IDBKeyRange.bound([incidentID, -Infinity], [incidentID, Infinity]);
        const stamps = transaction.objectStore('eventChunks').index('[incidentID+chunk+stamp]').openKeyCursor(range);
        stamps.onsuccess = () => {
          const cursor = stamps.result;
          if (!cursor) return;
          const [, chunk, stamp] = cursor.key as [number, number, string];
          held.stamps.push([chunk, stamp]);
          cursor.continue();
        };
        // Optimistic rows have negative ids, whatever their incident (as the mirror's reads find them).
        const optimistic = transaction.objectStore('events').getAll(IDBKeyRange.upperBound(0, true));
        optimistic.onsuccess = () => (held.optimistic = optimistic.result);
        transaction.oncomplete = () => done(held);
        transaction.onerror = () => done(undefined);
        transaction.onabort = () => done(undefined);
      } catch {
        // A store or the stamps' index missing: a mirror older than schema 7, which Dexie upgrades.
        done(undefined);
      }
    };
  });
}

