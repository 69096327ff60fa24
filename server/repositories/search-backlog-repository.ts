/*
 * Search data prepared after the flip (migration 015): a large import leaves the range of event ids
 * whose search vectors are still NULL; batches fill them in id order and move the range's cursor on.
 * Searches read the backlog to tell the analyst how far preparation has come.
 */
import type { SearchPreparing } from '../../domain/search.ts';
import type { Queryable } from '../db/database.ts';
import { memberClause } from './access-repository.ts';
import type { AnalystRow } from './analysts-repository.ts';
import { refreshEventSearch, searchScopeFilters, type SearchScope } from './search-repository.ts';

interface NewBacklog {
  incidentId: number;
  streamIds: readonly number[];
  /** Every event the import made has an id in [firstEventId, lastEventId]. */
  firstEventId: number;
  lastEventId: number;
  eventCount: number;
  nowMicros: number;
}

/** The next id the events' sequence gives: an import's lower bound when it begins, its upper at the flip. */
export async function nextEventId(tx: Queryable): Promise<number> {
  const [row] = await tx.query<{ id: number | string }>("SELECT nextval(pg_get_serial_sequence('events', 'id')) AS id");
  return Number(row!.id);
}

export async function addSearchBacklog(tx: Queryable, backlog: NewBacklog): Promise<void> {
  await tx.query(
    `INSERT INTO search_backlog (incident_id, stream_ids, first_event_id, last_event_id, next_event_id, event_count, created_micros)
     VALUES ($1, $2::bigint[], $3, $4, $3, $5, $6)`,
    [
      backlog.incidentId,
      backlog.streamIds,
      backlog.firstEventId,
      backlog.lastEventId,
      backlog.eventCount,
      backlog.nowMicros,
    ],
  );
}

interface BacklogRow {
  id: number;
  incident_id: number;
  last_event_id: number;
  next_event_id: number;
}

/**
 * One batch of the oldest backlog no other server is working on: the next `rows` events of its range,
 * those still without search data given theirs. Answers how many events it looked at (0: nothing left).
 */
export async function prepareSearchBatch(tx: Queryable, rows: number): Promise<number> {
  // SKIP LOCKED: behind several servers on one PostgreSQL, each works on a backlog of its own.
  const [backlog] = await tx.query<BacklogRow>(
    'SELECT id, incident_id, last_event_id, next_event_id FROM search_backlog ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED',
  );
  if (!backlog) return 0;
  const found = await tx.query<{ id: number | string; pending: boolean; own: boolean }>(
    `SELECT id, search_vector IS NULL AS pending, incident_id = $3 AS own FROM events
      WHERE id >= $1 AND id <= $2 ORDER BY id LIMIT $4`,
    [backlog.next_event_id, backlog.last_event_id, backlog.incident_id, rows],
  );
  const pending = found.filter((row) => row.pending).map((row) => Number(row.id));
  await refreshEventSearch(tx, pending);
  const last = found.at(-1);
  if (found.length < rows || !last) {
    await tx.query('DELETE FROM search_backlog WHERE id = $1', [backlog.id]);
  } else {
    await tx.query(
      'UPDATE search_backlog SET next_event_id = $2, prepared_count = least(event_count, prepared_count + $3) WHERE id = $1',
      [backlog.id, Number(last.id) + 1, found.filter((row) => row.own).length],
    );
  }
  return Math.max(found.length, 1);
}

export async function hasSearchBacklog(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT 1 FROM search_backlog LIMIT 1')).length > 0;
}

/** What is still being prepared among the incidents a search covers, or undefined when nothing is. */
export async function searchPreparation(
  db: Queryable,
  analyst: AnalystRow,
  scope: SearchScope,
): Promise<SearchPreparing | undefined> {
  const params: unknown[] = [analyst.id];
  const filters = [memberClause('i.organization_id', '$1', analyst.permission === 'admin')];
  filters.push(...searchScopeFilters(scope, 'b.incident_id', params));
  const [row] = await db.query<{
    events: number | string | null;
    prepared: number | string | null;
    names: string[] | null;
  }>(
    `WITH pending AS (SELECT b.event_count, b.prepared_count, b.stream_ids FROM search_backlog b JOIN incidents i ON i.id = b.incident_id
                       WHERE ${filters.join(' AND ')})
     SELECT (SELECT sum(event_count) FROM pending) AS events, (SELECT sum(prepared_count) FROM pending) AS prepared,
            (SELECT array_agg(s.name ORDER BY s.id) FROM streams s WHERE s.id IN (SELECT unnest(stream_ids) FROM pending)) AS names`,
    params,
  );
  if (!row || row.events === null) return undefined;
  return {
    eventCount: Number(row.events),
    preparedCount: Number(row.prepared ?? 0),
    streamNames: row.names ?? [],
  };
}
