/*
 * Writing one incident into the mirror so that it ends up equal to what the server holds: rows the
 * server answered are put, rows of that incident the server no longer has are deleted. Optimistic
 * rows of writes still waiting in the outbox (outboxID set; ids negative) stay; once a write is sent,
 * the next sync replaces its optimistic rows with the server's.
 */
import Dexie, { type Table } from 'dexie';
import type { EventRow } from '../../../domain/event.ts';
import type { IncidentSummary } from '../../../domain/incident.ts';
import type { IncidentPayload } from '../../../domain/incident-payload.ts';
import type { MirrorDatabase, SyncStateRow } from './mirror-database.ts';

/** Where the previous page ended, in the server's event order (start time, then id). */
export interface EventPosition {
  startTimestamp: number;
  id: number;
}

const keyText = (key: unknown) => JSON.stringify(key);

/** The ids of writes still in the outbox: their optimistic rows stay; those of sent writes go. */
export async function waitingWrites(db: MirrorDatabase): Promise<Set<string>> {
  return new Set((await db.outbox.toArray()).map((row) => row.id));
}

/** Puts `rows` and deletes the other rows found under `owner` in `index`, but optimistic rows of waiting writes. */
async function replaceOwned<T extends { outboxID?: string }, K>(
  table: Table<T, K, T>,
  index: string,
  owner: number,
  rows: NoInfer<T>[],
  keyOf: (row: NoInfer<T>) => K,
  waiting: Set<string>,
): Promise<void> {
  const fresh = new Set(rows.map((row) => keyText(keyOf(row))));
  const existing = await table.where(index).equals(owner).toArray();
  const kept = (row: T) => row.outboxID !== undefined && waiting.has(row.outboxID);
  const gone = existing.filter((row) => !kept(row) && !fresh.has(keyText(keyOf(row)))).map(keyOf);
  if (gone.length > 0) await table.bulkDelete(gone);
  if (rows.length > 0) await table.bulkPut(rows);
}

export function summaryOf(payload: IncidentSummary): IncidentSummary {
  const { id, organizationID, organizationName, name, description, firstTimestamp, lastTimestamp, hasMultipleStreams, incidentTags, createTimestamp, counts } =
    payload;
  return { id, organizationID, organizationName, name, description, firstTimestamp, lastTimestamp, hasMultipleStreams, incidentTags, createTimestamp, counts };
}

/** Everything of the payload but its events, in one transaction. */
export async function replaceIncidentPayload(db: MirrorDatabase, payload: IncidentPayload): Promise<void> {
  const id = payload.id;
  const tables = [db.incidents, db.streams, db.actors, db.collections, db.notes, db.links, db.tags, db.eventTags, db.streamTags, db.uploads, db.maps, db.relatedIncidents, db.outbox];
  await db.transaction('rw', tables, async () => {
    const waiting = await waitingWrites(db);
    await db.incidents.put(summaryOf(payload));
    await replaceOwned(db.streams, 'incidentID', id, payload.streams, (row) => row.id, waiting);
    await replaceOwned(db.actors, 'incidentID', id, payload.actors, (row) => row.id, waiting);
    await replaceOwned(db.collections, 'incidentID', id, payload.collections, (row) => row.id, waiting);
    await replaceOwned(db.notes, 'incidentID', id, payload.notes, (row) => row.id, waiting);
    await replaceOwned(db.links, 'incidentID', id, payload.links, (row) => row.id, waiting);
    await replaceOwned(db.tags, 'incidentID', id, payload.tags.map((tag) => ({ ...tag, incidentID: id })), (row) => [row.incidentID, row.itemType, row.name] as [number, string, string], waiting);
    const assignment = (row: { incidentID: number; itemID: number; name: string }) => [row.incidentID, row.itemID, row.name] as [number, number, string];
    await replaceOwned(db.eventTags, 'incidentID', id, payload.eventTags.map((tag) => ({ ...tag, incidentID: id })), assignment, waiting);
    await replaceOwned(db.streamTags, 'incidentID', id, payload.streamTags.map((tag) => ({ ...tag, incidentID: id })), assignment, waiting);
    await replaceOwned(db.uploads, 'incidentID', id, payload.incidentUploads, (row) => row.id, waiting);
    await replaceOwned(db.maps, 'incidentID', id, payload.incidentMaps.map((map) => ({ ...map, incidentID: id })), (row) => row.id, waiting);
    await replaceOwned(
      db.relatedIncidents,
      'sourceIncidentID',
      id,
      payload.relatedIncidents.map((related) => ({ ...related, sourceIncidentID: id })),
      (row) => [row.sourceIncidentID, row.incidentID] as [number, number],
      waiting,
    );
  });
}

const after = (a: EventPosition, startTimestamp: number, id: number) =>
  startTimestamp > a.startTimestamp || (startTimestamp === a.startTimestamp && id > a.id);

/**
 * One page of events (in the server's order) in one transaction: puts them, and deletes the
 * mirror's events of that incident lying between the previous page's end and this page's end that
 * the page does not hold (after the last page: everything beyond it). Answers where the page ended.
 */
export async function putEventPage(
  db: MirrorDatabase,
  incidentID: number,
  events: EventRow[],
  previous: EventPosition | null,
  isLast: boolean,
  progress: Omit<SyncStateRow, 'incidentID'>,
): Promise<EventPosition | null> {
  const last = events[events.length - 1];
  const end: EventPosition | null = last ? { startTimestamp: last.startTimestamp, id: last.id } : previous;
  await db.transaction('rw', db.events, db.syncState, db.outbox, async () => {
    const seen = new Set<number>();
    for (const event of events) seen.add(event.id);
    const lower = previous ? [incidentID, previous.startTimestamp] : [incidentID, Dexie.minKey];
    const upper = isLast || !end ? [incidentID, Dexie.maxKey] : [incidentID, end.startTimestamp];
    const gone: number[] = [];
    const optimistic: number[] = [];
    await db.events
      .where('[incidentID+startTimestamp]')
      .between(lower, upper, true, true)
      .eachKey((key, cursor) => {
        const id = cursor.primaryKey as number;
        const startTimestamp = (key as [number, number])[1];
        if (seen.has(id)) return;
        if (previous && !after(previous, startTimestamp, id)) return;
        if (!isLast && end && after(end, startTimestamp, id)) return;
        (id < 0 ? optimistic : gone).push(id);
      });
    if (optimistic.length > 0) {
      // Markers made offline (negative ids) stay while their write waits in the outbox.
      const waiting = await waitingWrites(db);
      for (const row of await db.events.bulkGet(optimistic)) {
        if (row && !(row.outboxID !== undefined && waiting.has(row.outboxID))) gone.push(row.id);
      }
    }
    if (gone.length > 0) await db.events.bulkDelete(gone);
    if (events.length > 0) {
      const rows = new Array(events.length);
      for (let index = 0; index < events.length; index += 1) rows[index] = { ...events[index], incidentID };
      await db.events.bulkPut(rows);
    }
    await db.syncState.put({ incidentID, ...progress });
  });
  return end;
}

/** Removes an incident and everything of it from this device. */
export async function removeIncidentFromMirror(db: MirrorDatabase, incidentID: number): Promise<void> {
  const tables = [db.incidents, db.events, db.syncState, db.streams, db.actors, db.collections, db.notes, db.links, db.tags, db.eventTags, db.streamTags, db.uploads, db.maps, db.relatedIncidents, db.mapPointPages, db.mapPointSync, db.eventSnapshots, db.eventChunks, db.eventChunkTexts, db.eventChunkKeys];
  await db.transaction('rw', tables, async () => {
    await db.eventChunks.where('incidentID').equals(incidentID).delete();
    await db.eventChunkTexts.where('incidentID').equals(incidentID).delete();
    await db.eventChunkKeys.where('incidentID').equals(incidentID).delete();
    await db.mapPointPages.where('incidentID').equals(incidentID).delete();
    await db.mapPointSync.where('incidentID').equals(incidentID).delete();
    await db.events.where('[incidentID+startTimestamp]').between([incidentID, Dexie.minKey], [incidentID, Dexie.maxKey], true, true).delete();
    for (const table of [db.streams, db.actors, db.collections, db.notes, db.links, db.uploads, db.maps]) {
      await table.where('incidentID').equals(incidentID).delete();
    }
    for (const table of [db.tags, db.eventTags, db.streamTags]) await table.where('incidentID').equals(incidentID).delete();
    await db.relatedIncidents.where('sourceIncidentID').equals(incidentID).delete();
    await db.eventSnapshots.delete(incidentID);
    await db.syncState.delete(incidentID);
    await db.incidents.delete(incidentID);
  });
}
