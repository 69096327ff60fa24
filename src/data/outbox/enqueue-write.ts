/*
 * Queueing a write: stored with its optimistic rows (shown at once, offline too), then sent when it
 * can be. The analyst acting now is the one the write is sent as, whenever that is.
 */
import { getActingAnalystID } from '../api-client.ts';
import { mirrorDatabase } from '../mirror/mirror-database.ts';
import { newClientID } from './client-id.ts';
import { flushOutbox, triggerOutbox } from './outbox-runner.ts';
import { addToOutbox, type OptimisticChange } from './outbox-store.ts';

export interface WriteRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  /** An /api path, e.g. `/api/incident/7/note`. */
  path: string;
  /** The JSON body (none for DELETE). */
  body?: unknown;
  /** What the analyst reads in the list of waiting or failed writes, e.g. 'Note on event 12'. */
  label: string;
  /** The incident written to: synced again once the write is sent (and after a discard). */
  incidentID?: number;
  /** The write changes events (a marker): the incident's events are synced again, not only its annotations. */
  touchesEvents?: boolean;
  /** Rows to show in the mirror at once; put rows use temporaryID() for their id. */
  optimistic?: OptimisticChange[];
}

/** Answers the write's id (its Idempotency-Key) once it is stored; sending happens in the background. */
export async function enqueueWrite(request: WriteRequest): Promise<string> {
  const id = newClientID();
  const { optimistic, ...write } = request;
  await addToOutbox(mirrorDatabase(), { ...write, id, kind: 'annotation', analystID: getActingAnalystID(), createdAt: Date.now() }, optimistic);
  triggerOutbox();
  return id;
}

/** A UI action for POST /api/audit/action/{name}: queued like any write, its clientID stored once. */
export async function enqueueAuditAction(actionName: string, body: Record<string, unknown>): Promise<void> {
  const id = newClientID();
  const name = actionName.trim();
  await addToOutbox(mirrorDatabase(), {
    id,
    kind: 'audit',
    method: 'POST',
    path: `/api/audit/action/${encodeURIComponent(name)}`,
    body: { ...body, clientID: id, clientTimestamp: Date.now() * 1000 },
    label: `Audit: ${name}`,
    analystID: getActingAnalystID(),
    createdAt: Date.now(),
  });
  triggerOutbox();
  // Online, the caller may wait for the send (logout records its action before leaving).
  if (navigator.onLine) await flushOutbox();
}
