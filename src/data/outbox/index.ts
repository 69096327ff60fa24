/*
 * The durable outbox: writes made here (offline or not) are kept in IndexedDB with the optimistic
 * rows they show in the mirror, and sent once, in order, when the network allows (at app start,
 * when the browser comes online, before an incident sync; with no page open, by the service worker
 * through Background Sync where the browser has it: outbox-sync-worker.ts). Each carries a client id sent as
 * Idempotency-Key, so the server applies it once. A refusal (4xx) stays as failed for the analyst.
 *
 *   enqueueWrite({ method, path, body?, label, incidentID?, touchesEvents?, optimistic? }): Promise<string> (the write id)
 *   addNote(incidentID, { kind, text, eventID? }) / deleteNote(incidentID, noteID)
 *   addTag(incidentID, target, name) / removeTag(incidentID, target, name)
 *       target: { itemType: 'event', eventID } | { itemType: 'stream', streamID } | { itemType: 'incident' }
 *   addLink(incidentID, { url, urlType?, title?, eventID?, streamID? }) / deleteLink(incidentID, linkID)
 *   addCollection(incidentID, { name, eventIDs? })
 *   addMarker(incidentID, { message, startTimestamp, endTimestamp? })
 *       each answers the write's id; throws InvalidWriteError { field, message } for a bad input (nothing queued)
 *   useOutbox(): { pending: number, waiting: OutboxEntry[], failed: OutboxEntry[], retry(id), discard(id) }
 *   startOutbox(): starts sending (idempotent; the header calls it); flushOutbox(): one round now
 *   temporaryID(): a negative id for an optimistic row of enqueueWrite's `optimistic`
 * Audit actions go through it too: recordAuditAction in src/data/audit-actions.ts.
 */
export {
  addCollection,
  addLink,
  addMarker,
  addNote,
  addTag,
  deleteLink,
  deleteNote,
  InvalidWriteError,
  removeTag,
  type TagTarget,
} from './annotation-writes.ts';
export { enqueueWrite, type WriteRequest } from './enqueue-write.ts';
export { flushOutbox, startOutbox } from './outbox-runner.ts';
export { temporaryID, type OptimisticChange } from './outbox-store.ts';
export { useOutbox, type OutboxEntry, type OutboxState } from './use-outbox.ts';
