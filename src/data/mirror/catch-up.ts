/*
 * Delta sync (issue 20): a device that holds an incident at change "epoch:seq" asks the server what
 * changed since (GET /api/incident/{id}/changes) and applies only that: changed events put, deleted
 * ones removed, the snapshot of a large incident patched, the payload fetched again only when
 * something beside the events changed. Answers false when the server asks for a full sync.
 */
import { changeRevision, type IncidentChanges } from '../../../domain/incident-changes.ts';
import type { EventRow } from '../../../domain/event.ts';
import { publishEventDelta } from './event-deltas.ts';
import { replaceIncidentPayload, summaryOf } from './incident-writes.ts';
import type { MirrorDatabase, SyncStateRow } from './mirror-database.ts';
import { patchEventChunks } from './event-chunk-reads.ts';
import { patchSnapshot } from './snapshot-patch.ts';
import type { IncidentSource } from './incident-source.ts';

export async function catchUpIncident(
  db: MirrorDatabase,
  source: IncidentSource,
  incidentID: number,
  held: { epoch: string; seq: number },
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const changed: EventRow[] = [];
  let first: IncidentChanges | undefined;
  let seq: number;
  let after: string | undefined;
  for (;;) {
    const page = await source.changes(incidentID, held.seq, held.epoch, after, signal);
    signal?.throwIfAborted();
    if (page.full || page.epoch !== held.epoch) return false;
    first ??= page;
    for (const event of page.events) changed.push(event);
    seq = page.seq;
    if (page.nextCursor === null) break;
    after = page.nextCursor;
  }
  if (first.payloadChanged) await replaceIncidentPayload(db, await source.payload(incidentID, signal));
  const moved = await applyEventChanges(db, incidentID, first, changed, changeRevision(held.epoch, seq));
  if (moved) {
    // The screens first (they patch what they hold), then the snapshot, which only a later read needs:
    // until it is rewritten its revision differs and a read goes to the events table instead.
    publishEventDelta({ incidentID, ...moved, changed, deleted: first.deletedEventIDs });
    await patchStoredSnapshot(db, incidentID, moved, changed, first.deletedEventIDs);
  }
  return true;
}

async function patchStoredSnapshot(db: MirrorDatabase, incidentID: number, moved: { from: string; to: string }, changed: EventRow[], deleted: number[]): Promise<void> {
  await db.transaction('rw', db.eventSnapshots, db.syncState, async () => {
    const snapshot = await db.eventSnapshots.get(incidentID);
    if (!snapshot || snapshot.revision === moved.to) return;
    const state = await db.syncState.get(incidentID);
    if (snapshot.revision === moved.from && state?.eventsRevision === moved.to) await db.eventSnapshots.put(patchSnapshot(snapshot, changed, deleted, moved.to));
    else await db.eventSnapshots.delete(incidentID);
  });
}

/** Writes the changes; answers the events revisions moved between, when events changed. */
async function applyEventChanges(db: MirrorDatabase, incidentID: number, first: IncidentChanges, changed: EventRow[], revision: string): Promise<{ from: string; to: string } | undefined> {
  const deleted = first.deletedEventIDs;
  const tables = [db.events, db.syncState, db.eventSnapshots, db.eventChunks, db.eventChunkTexts, db.eventChunkKeys, db.incidents, db.streams, db.actors, db.outbox];
  return db.transaction('rw', tables, async () => {
    const state = await db.syncState.get(incidentID);
    const previous = state?.eventsRevision;
    let count = state?.eventsLoaded ?? 0;
    if (state?.columnar) {
      // The chunks holding the changed events are rewritten in this transaction, with the revision.
      if (changed.length > 0 || deleted.length > 0) count = await patchEventChunks(db, incidentID, changed, deleted);
    } else {
      const ids = changed.map((event) => event.id);
      const present = [...(await db.events.bulkGet(ids)), ...(await db.events.bulkGet(deleted))];
      for (const [index, row] of present.entries()) {
        const mine = row !== undefined && row.incidentID === incidentID;
        if (index < ids.length && !mine) count += 1;
        if (index >= ids.length && mine) count -= 1;
      }
      if (deleted.length > 0) await db.events.bulkDelete(deleted);
      if (changed.length > 0) await db.events.bulkPut(changed.map((event) => ({ ...event, incidentID })));
    }
    // Markers made here whose write was sent: the server's row has come in their place.
    const waiting = new Set((await db.outbox.toArray()).map((row) => row.id));
    const sent = (await db.events.where('id').below(0).toArray()).filter((row) => row.incidentID === incidentID && !(row.outboxID !== undefined && waiting.has(row.outboxID)));
    if (sent.length > 0) await db.events.bulkDelete(sent.map((row) => row.id));
    if (first.summary) await db.incidents.put(summaryOf(first.summary));
    if (first.streams) await db.streams.bulkPut(first.streams);
    if (first.actors) await db.actors.bulkPut(first.actors);
    // The events' revision moves only when an event did: a note leaves the events (and the
    // screens' read of them) as they are, and only the change number the device holds moves.
    const eventsMoved = changed.length > 0 || deleted.length > 0 || previous === undefined;
    const eventsRevision = eventsMoved ? revision : previous;
    const settled: SyncStateRow = { incidentID, status: 'idle', eventsLoaded: count, eventsTotal: count, eventsRevision, changeRevision: revision, lastSyncedAt: Date.now(), ...(state?.columnar ? { columnar: true } : {}) };
    await db.syncState.put(settled);
    return eventsMoved && previous !== undefined ? { from: previous, to: revision } : undefined;
  });
}
