/*
 * The outbox's rows: a write and the optimistic rows it shows in the mirror are stored in one
 * transaction, so a write made offline is either queued and visible, or neither. Discarding one
 * takes its optimistic rows away again.
 */
import type { IndexableType, Table } from 'dexie';
import type {
  CollectionRow,
  EventMirrorRow,
  LinkRow,
  MirrorDatabase,
  NoteRow,
  OutboxRow,
  RelatedIncidentRow,
  TagAssignmentRow,
  TagRow,
} from '../mirror/mirror-database.ts';

/** What a write changes in the mirror at once: rows it adds (ids negative until the server's arrive) or removes. */
export type OptimisticChange =
  | { table: 'notes'; put: NoteRow }
  | { table: 'links'; put: LinkRow }
  | { table: 'collections'; put: CollectionRow }
  | { table: 'tags'; put: TagRow }
  | { table: 'eventTags' | 'streamTags'; put: TagAssignmentRow }
  | { table: 'events'; put: EventMirrorRow }
  | { table: 'relatedIncidents'; put: RelatedIncidentRow }
  | { table: OptimisticTable; delete: IndexableType };

type OptimisticTable = 'notes' | 'links' | 'collections' | 'tags' | 'eventTags' | 'streamTags' | 'events' | 'relatedIncidents';

export type NewOutboxEntry = Omit<OutboxRow, 'seq' | 'status' | 'attempts' | 'optimisticPuts' | 'error'>;

function tableOf(db: MirrorDatabase, name: string): Table<{ outboxID?: string }, IndexableType> {
  return db.table(name);
}

let lastTemporaryID = 0;

/** A negative id for an optimistic row, unique in this page's life (the server's ids are positive). */
export function temporaryID(): number {
  lastTemporaryID = Math.min(lastTemporaryID - 1, -Date.now());
  return lastTemporaryID;
}

export async function addToOutbox(db: MirrorDatabase, entry: NewOutboxEntry, changes: OptimisticChange[] = []): Promise<void> {
  const tables = [db.outbox, ...new Set(changes.map((change) => tableOf(db, change.table)))];
  await db.transaction('rw', tables, async () => {
    const optimisticPuts: OutboxRow['optimisticPuts'] = [];
    for (const change of changes) {
      const table = tableOf(db, change.table);
      if ('put' in change) {
        const key = await table.put({ ...change.put, outboxID: entry.id });
        optimisticPuts.push({ table: change.table, key });
      } else {
        await table.delete(change.delete);
      }
    }
    await db.outbox.add({ ...entry, status: 'pending', attempts: 0, optimisticPuts });
  });
}

/** Drops a write that will not be sent, and the rows it showed; the caller syncs the incident again. */
export async function discardFromOutbox(db: MirrorDatabase, id: string): Promise<OutboxRow | undefined> {
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry) return undefined;
  const tables = [db.outbox, ...new Set(entry.optimisticPuts.map((put) => tableOf(db, put.table)))];
  await db.transaction('rw', tables, async () => {
    for (const put of entry.optimisticPuts) {
      const table = tableOf(db, put.table);
      const row = await table.get(put.key as IndexableType);
      // A row the server's answer replaced meanwhile is the server's now, not ours to drop.
      if (row?.outboxID === id) await table.delete(put.key as IndexableType);
    }
    await db.outbox.where('id').equals(id).delete();
  });
  return entry;
}

/** A failed write goes back in line, in its original place. */
export async function retryInOutbox(db: MirrorDatabase, id: string): Promise<void> {
  await db.outbox.where('id').equals(id).modify((entry) => {
    entry.status = 'pending';
    entry.attempts = 0;
    delete entry.error;
  });
}
