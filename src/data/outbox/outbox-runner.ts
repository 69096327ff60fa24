/*
 * When the outbox is sent: at app start, when the browser says the network is back, after each new
 * write, before an incident is synced (so the server's answer holds the analyst's writes), and with
 * a growing pause while the server cannot be reached; and, with no page open, by the service worker
 * (Background Sync, outbox-sync-worker.ts). One sender at a time across tabs and the worker (Web Locks).
 * After a round, the incidents it wrote to are synced again, replacing optimistic rows with the
 * server's.
 */
import { z } from 'zod';
import { AnalystHeader } from '../../../domain/analyst.ts';
import { apiDelete, apiPost, apiPut } from '../api-client.ts';
import { syncIncident } from '../mirror/sync-incident-from-api.ts';
import { mirrorDatabase, type OutboxRow } from '../mirror/mirror-database.ts';
import { setBeforeIncidentSync } from '../mirror/sync-incident.ts';
import { flushOutboxWith, type FlushResult } from './flush-outbox.ts';
import { OUTBOX_LOCK, OUTBOX_SYNC_TAG } from './outbox-sync-tag.ts';

const Answer = z.unknown();
const RETRY_PAUSES_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

function send(entry: OutboxRow): Promise<unknown> {
  const options = { headers: { 'Idempotency-Key': entry.id, [AnalystHeader]: String(entry.analystID) } };
  if (entry.method === 'DELETE') return apiDelete(entry.path, Answer, options);
  if (entry.method === 'PUT') return apiPut(entry.path, entry.body, Answer, options);
  return apiPost(entry.path, entry.body, Answer, options);
}

function withLock<T>(work: () => Promise<T>): Promise<T> {
  // NOTE: Web Locks keep two tabs (or a tab and a reopened one) from sending the same write at once.
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(OUTBOX_LOCK, work) as Promise<T>;
  return work();
}

let round: Promise<FlushResult> | undefined;

/** Sends what waits, oldest first; a round already running is joined, not doubled. */
export function flushOutbox(): Promise<FlushResult> {
  round ??= withLock(() => flushOutboxWith(mirrorDatabase(), async (entry) => void (await send(entry)))).finally(() => {
    round = undefined;
  });
  return round;
}

let failures = 0;
let retryTimer: number | undefined;

async function flushAndRefresh(): Promise<void> {
  window.clearTimeout(retryTimer);
  const { sent, interrupted } = await flushOutbox();
  const incidents = new Map<number, boolean>();
  for (const entry of sent) {
    if (entry.kind !== 'annotation' || entry.incidentID === undefined) continue;
    incidents.set(entry.incidentID, (incidents.get(entry.incidentID) ?? false) || entry.touchesEvents === true);
  }
  for (const [incidentID, events] of incidents) await syncIncident(incidentID, { events }).catch(() => undefined);
  if (!interrupted) {
    failures = 0;
    return;
  }
  requestBackgroundSync();
  const pause = RETRY_PAUSES_MS[Math.min(failures, RETRY_PAUSES_MS.length - 1)]!;
  failures += 1;
  retryTimer = window.setTimeout(() => triggerOutbox(), pause);
}

/**
 * Background Sync where the browser has it (Chromium): the service worker (outbox-sync-worker.ts)
 * sends what waits when the network returns, even if no page of the app is open by then.
 */
function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG))
    .catch((error: unknown) => console.error('background sync could not be registered', error));
}

/** Starts a round now if the browser believes it is online (else asks for Background Sync); never throws. */
export function triggerOutbox(): void {
  if (!navigator.onLine) {
    requestBackgroundSync();
    return;
  }
  flushAndRefresh().catch((error: unknown) => console.error('the outbox could not be sent', error));
}

let started = false;

/** Idempotent: the outbox sends from now on (at start, when online returns, before incident syncs). */
export function startOutbox(): void {
  if (started) return;
  started = true;
  setBeforeIncidentSync(async () => {
    await flushOutbox();
  });
  window.addEventListener('online', () => {
    failures = 0;
    triggerOutbox();
  });
  triggerOutbox();
}
