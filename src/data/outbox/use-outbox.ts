/*
 * The outbox for screens and the header: how many writes wait, which failed and why, and the
 * analyst's two answers to a failure (send again, or give it up).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo } from 'react';
import { syncIncident } from '../mirror/sync-incident-from-api.ts';
import { mirrorDatabase, type OutboxRow } from '../mirror/mirror-database.ts';
import { triggerOutbox } from './outbox-runner.ts';
import { discardFromOutbox, retryInOutbox } from './outbox-store.ts';

export interface OutboxEntry {
  id: string;
  kind: 'audit' | 'annotation';
  label: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  incidentID?: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
  attempts: number;
  /** Why the last send failed (the server's message for a refusal). */
  error?: string;
}

export interface OutboxState {
  /** Writes waiting to be sent (not the failed ones). */
  pending: number;
  /** The waiting writes, oldest first. */
  waiting: OutboxEntry[];
  /** Writes the server refused: kept until the analyst retries or discards them. */
  failed: OutboxEntry[];
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
}

function view(row: OutboxRow): OutboxEntry {
  const entry: OutboxEntry = { id: row.id, kind: row.kind, label: row.label, method: row.method, path: row.path, createdAt: row.createdAt, attempts: row.attempts };
  if (row.incidentID !== undefined) entry.incidentID = row.incidentID;
  if (row.error !== undefined) entry.error = row.error;
  return entry;
}

export function useOutbox(): OutboxState {
  const rows = useLiveQuery(() => mirrorDatabase().outbox.orderBy('seq').toArray(), []);
  const retry = useCallback(async (id: string) => {
    await retryInOutbox(mirrorDatabase(), id);
    triggerOutbox();
  }, []);
  const discard = useCallback(async (id: string) => {
    const entry = await discardFromOutbox(mirrorDatabase(), id);
    if (entry?.incidentID !== undefined && navigator.onLine) {
      await syncIncident(entry.incidentID, { events: entry.touchesEvents === true }).catch(() => undefined);
    }
  }, []);
  return useMemo(() => {
    const waiting = (rows ?? []).filter((row) => row.status === 'pending').map(view);
    const failed = (rows ?? []).filter((row) => row.status === 'failed').map(view);
    return { pending: waiting.length, waiting, failed, retry, discard };
  }, [rows, retry, discard]);
}
