/*
 * Background Sync (Chromium): the service worker sends the outbox when the browser regains the
 * network, even with no page of the app open. Built on its own by vite.config.ts into
 * dist/outbox-sync.js and loaded into the generated sw.js with importScripts. It uses the same
 * flush as the pages (flush-outbox.ts, under the same Web Lock), with fetch in place of the api
 * client, which needs a window.
 */
import { mirrorDatabase, type OutboxRow } from '../mirror/mirror-database.ts';
import { flushOutboxWith } from './flush-outbox.ts';
import { OUTBOX_LOCK, OUTBOX_SYNC_TAG } from './outbox-sync-tag.ts';

interface SyncEventLike extends Event {
  tag: string;
  waitUntil(work: Promise<unknown>): void;
}

async function send(entry: OutboxRow): Promise<void> {
  const headers: Record<string, string> = { accept: 'application/json', 'Idempotency-Key': entry.id, 'x-churchkey-analyst': String(entry.analystID) };
  if (entry.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(entry.path, { method: entry.method, headers, body: entry.body === undefined ? undefined : JSON.stringify(entry.body), credentials: 'include' });
  } catch (error) {
    throw Object.assign(new Error(`${entry.method} ${entry.path} got no answer`, { cause: error }), { name: 'NetworkError' });
  }
  if (response.ok) return;
  const payload = (await response.json().catch(() => undefined)) as { error?: { message?: string; field?: string | null } } | undefined;
  throw Object.assign(new Error(payload?.error?.message ?? `${entry.method} ${entry.path} failed with ${response.status}`), {
    name: 'ApiRequestError',
    status: response.status,
    apiError: payload?.error,
  });
}

async function flush(): Promise<void> {
  const run = () => flushOutboxWith(mirrorDatabase(), send);
  const result = navigator.locks ? await navigator.locks.request(OUTBOX_LOCK, run) : await run();
  // A rejected sync is retried by the browser later (with its own back-off).
  if (result.interrupted) throw new Error('the outbox could not be sent yet');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEventLike;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(flush());
});
