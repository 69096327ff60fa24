/*
 * The app's outbox read and extended straight in IndexedDB ('churchkey-mirror', stores `outbox` and
 * the mirror tables), for the offline-writes test: 1,000 writes cannot be clicked in CI time, so the
 * ones past the clicked few are copies of rows the app itself wrote (same fields, same optimistic
 * mirror rows), each with its own id, Idempotency-Key and text. What sends them is the app's.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { OutboxRow } from '../../../src/data/mirror/mirror-database.ts';
export { outboxCount } from '../../e2e/mirror-idb.ts';

/** An outbox row as the app stores it (its type is the app's), read back with its sequence number. */
export type OutboxRecord = OutboxRow & { seq: number };

export interface OptimisticRecord {
  table: string;
  row: Record<string, unknown>;
}

/** A row the app wrote, with the optimistic mirror rows it put. */
export interface OutboxTemplate {
  entry: OutboxRecord;
  optimistic: OptimisticRecord[];
}

/** Every outbox row in send order, with its optimistic rows. */
export function readOutbox(page: Page): Promise<OutboxTemplate[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxTemplate[]>((resolve, reject) => {
        const open = indexedDB.open('churchkey-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(Array.from(db.objectStoreNames), 'readonly');
          const all = tx.objectStore('outbox').getAll();
          const found: OutboxTemplate[] = [];
          all.onsuccess = () => {
            for (const entry of all.result as OutboxRecord[]) {
              const template: OutboxTemplate = { entry, optimistic: [] };
              found.push(template);
              for (const put of entry.optimisticPuts) {
                const get = tx.objectStore(put.table).get(put.key as IDBValidKey);
                get.onsuccess = () => {
                  if (get.result)
                    template.optimistic.push({ table: put.table, row: get.result as Record<string, unknown> });
                };
              }
            }
          };
          tx.oncomplete = () => {
            db.close();
            resolve(found.sort((a, b) => a.entry.seq - b.entry.seq));
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

export interface CopyRequest {
  template: OutboxTemplate;
  /** Every occurrence of `from` in the row (path, body, label, optimistic rows) becomes `to`. */
  from: string;
  to: string;
  /** For an audit action: its clientTimestamp (microseconds), unique per write. */
  clientTimestamp?: number;
}

let lastTemporaryID = -Date.now() * 1000;

/** The row the app would have written for the copy (new id and Idempotency-Key, new temporary ids). */
export function copyOf(request: CopyRequest): {
  entry: Omit<OutboxRecord, 'seq' | 'optimisticPuts'>;
  optimistic: OptimisticRecord[];
} {
  const id = randomUUID();
  const swap = <T>(value: T): T => JSON.parse(JSON.stringify(value).split(request.from).join(request.to)) as T;
  const { seq: _seq, optimisticPuts: _puts, error: _error, ...template } = request.template.entry;
  const entry = { ...swap(template), id, createdAt: Date.now(), status: 'pending' as const, attempts: 0 };
  if (entry.kind === 'audit') {
    entry.body = { ...(entry.body as Record<string, unknown>), clientID: id, clientTimestamp: request.clientTimestamp };
  }
  const optimistic = request.template.optimistic.map(({ table, row }) => {
    const copy: Record<string, unknown> = { ...swap(row), outboxID: id };
    if (typeof copy['id'] === 'number') copy['id'] = lastTemporaryID -= 1;
    return { table, row: copy };
  });
  return { entry, optimistic };
}

/** Appends the copies to the outbox in one transaction, in order, each with its optimistic rows (as addToOutbox does). */
export function appendToOutbox(page: Page, copies: ReturnType<typeof copyOf>[]): Promise<void> {
  return page.evaluate(
    (writes) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('churchkey-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(Array.from(db.objectStoreNames), 'readwrite');
          for (const write of writes) {
            const optimisticPuts = write.optimistic.map(({ table, row }) => {
              const store = tx.objectStore(table);
              store.put(row);
              const keyPath = store.keyPath;
              const key = Array.isArray(keyPath) ? keyPath.map((path) => row[path]) : row[keyPath as string];
              return { table, key };
            });
            tx.objectStore('outbox').add({ ...write.entry, optimisticPuts });
          }
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    copies,
  );
}
