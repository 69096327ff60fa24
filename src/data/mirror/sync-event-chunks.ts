/*
 * The paged part of a large incident's full sync, kept as columnar chunks: pages come over the
 * columnar wire where the source has it, each is stored as one chunk with its progress row, and the
 * next page is fetched while one is written. Screens read the chunks as they arrive (progressive).
 */
import { columnsOfRows } from '../../../domain/events/event-columns-rows.ts';
import type { EventColumns } from '../../../domain/events/event-columns.ts';
import { putEventChunk } from './event-chunks.ts';
import type { IncidentSource } from './incident-source.ts';
import type { MirrorDatabase, SyncStateRow } from './mirror-database.ts';

type ColumnPage = { columns: EventColumns; nextCursor: string | null };

function fetchColumnPage(source: IncidentSource, incidentID: number, after: string | undefined, pageSize: number, signal: AbortSignal | undefined): Promise<ColumnPage> {
  const request = source.eventColumnPage
    ? source.eventColumnPage(incidentID, after, pageSize, signal)
    : source.eventPage(incidentID, after, pageSize, signal).then((page) => ({ columns: columnsOfRows(page.events), nextCursor: page.nextCursor }));
  // A prefetched page may fail after the loop has already failed: its rejection is handled where it is awaited, or not at all.
  request.catch(() => undefined);
  return request;
}

/** Stores every page as a chunk (the first of `pageSizes.first` events, the rest of `pageSizes.rest`); `progress(loaded)` gives the sync state row written with each. Answers the events stored. */
export async function syncEventChunks(
  db: MirrorDatabase,
  source: IncidentSource,
  incidentID: number,
  pageSizes: { first: number; rest: number },
  signal: AbortSignal | undefined,
  progress: (loaded: number) => Omit<SyncStateRow, 'incidentID'>,
): Promise<number> {
  let loaded = 0;
  let chunk = 0;
  let page = fetchColumnPage(source, incidentID, undefined, pageSizes.first, signal);
  for (;;) {
    const { columns, nextCursor } = await page;
    signal?.throwIfAborted();
    if (nextCursor !== null) page = fetchColumnPage(source, incidentID, nextCursor, pageSizes.rest, signal);
    loaded += columns.count;
    await putEventChunk(db, incidentID, chunk, columns, progress(loaded));
    chunk += 1;
    if (nextCursor === null) return loaded;
  }
}
