/*
 * Full-text search data: each event's search_vector holds its message (weight A), its actor's name
 * and its tags (B) and its notes (C). Writes that change any of them refresh the events they touch.
 * The search itself ranks with ts_rank_cd and highlights with ts_headline, walled by organization.
 */
import { SEARCH_START_MARK, SEARCH_STOP_MARK, type SearchResult } from '../../domain/search.ts';
import type { Queryable } from '../db/database.ts';
import { memberClause } from './access-repository.ts';
import type { AnalystRow } from './analysts-repository.ts';
import { visibleEvent } from './hidden-imports.ts';
import type { NamedEventRow } from './named-event-row.ts';

/**
 * Messages and notes are plain text, not HTML, but PostgreSQL's default parser skips anything that
 * looks like a tag (`List<String>`, `<b>x</b>`), so those words were never searchable and vanished
 * from ts_headline's output. A zero-width space after every '<' stops the parser seeing tags;
 * snippets take it out again (see searchEvents).
 */
export const plainText = (expr: string) => `replace(${expr}, '<', '<' || chr(8203))`;

/** The search vector from its parts; the generator computes it in bulk with the same expression. */
export function eventVector(message: string, actorName: string, tagNames: string, noteBodies: string): string {
  return `
  setweight(to_tsvector('english', ${plainText(message)}), 'A') ||
  setweight(to_tsvector('english', ${plainText(`coalesce(${actorName}, '')`)}), 'B') ||
  setweight(to_tsvector('english', ${plainText(`coalesce(${tagNames}, '')`)}), 'B') ||
  setweight(to_tsvector('english', ${plainText(`coalesce(${noteBodies}, '')`)}), 'C')`;
}

const VECTOR = eventVector(
  'e.message',
  '(SELECT a.name FROM incident_actors a WHERE a.id = e.actor_id)',
  "(SELECT string_agg(t.name, ' ') FROM event_tags t WHERE t.event_id = e.id)",
  "(SELECT string_agg(n.body, ' ') FROM notes n WHERE n.event_id = e.id)",
);

export async function refreshEventSearch(db: Queryable, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.query(`UPDATE events e SET search_vector = ${VECTOR} WHERE e.id = ANY($1::bigint[])`, [eventIds]);
}

/**
 * After an actor is renamed: every event of that actor, found by its incident (events have no index by
 * actor since migration 019: one pass over the incident's events).
 */
export async function refreshActorSearch(db: Queryable, incidentId: number, actorId: number): Promise<void> {
  await db.query(`UPDATE events e SET search_vector = ${VECTOR} WHERE e.incident_id = $1 AND e.actor_id = $2`, [
    incidentId,
    actorId,
  ]);
}

// NOTE: two rebuilds at once would each rewrite every row and wait on the other's row locks.
const REBUILD_LOCK = 7_270_021;

/** Rebuilds the search data of every event, or of one incident's; answers how many events it rebuilt. */
export async function rebuildSearch(db: Queryable, incidentId?: number): Promise<number> {
  if (incidentId === undefined) await db.query('SELECT pg_advisory_xact_lock($1)', [REBUILD_LOCK]);
  const rows =
    incidentId === undefined
      ? await db.query<{ count: number }>(
          `WITH u AS (UPDATE events e SET search_vector = ${VECTOR} RETURNING 1) SELECT count(*)::bigint AS count FROM u`,
        )
      : await db.query<{ count: number }>(
          `WITH u AS (UPDATE events e SET search_vector = ${VECTOR} WHERE e.incident_id = $1 RETURNING 1) SELECT count(*)::bigint AS count FROM u`,
          [incidentId],
        );
  // Every event has its search data now: nothing is left for the preparer (migration 015).
  if (incidentId === undefined) await db.query('DELETE FROM search_backlog');
  else await db.query('DELETE FROM search_backlog WHERE incident_id = $1', [incidentId]);
  return Number(rows[0]?.count ?? 0);
}

/** The incident or organization a search is narrowed to (neither: all the analyst may read). */
export interface SearchScope {
  incidentId?: number | undefined;
  organizationId?: number | undefined;
}

interface SearchOptions extends SearchScope {
  q: string;
  limit: number;
  offset: number;
}

/**
 * The scope as filters on a query joined to `incidents i`, its values appended to `params`: the
 * search and what its backlog says is still being prepared cover the same incidents.
 */
export function searchScopeFilters(scope: SearchScope, incidentColumn: string, params: unknown[]): string[] {
  const filters: string[] = [];
  if (scope.incidentId !== undefined) {
    params.push(scope.incidentId);
    filters.push(`${incidentColumn} = $${params.length}`);
  }
  if (scope.organizationId !== undefined) {
    params.push(scope.organizationId);
    filters.push(`i.organization_id = $${params.length}`);
  }
  return filters;
}

// « and » in the text itself become ‹ and ›, so every « and » in a snippet is a highlight mark.
const HEADLINE_OPTIONS = `StartSel=${SEARCH_START_MARK}, StopSel=${SEARCH_STOP_MARK}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
const snippetText = (expr: string) =>
  plainText(`replace(replace(${expr}, '${SEARCH_START_MARK}', '‹'), '${SEARCH_STOP_MARK}', '›')`);

interface SearchRow extends NamedEventRow {
  total: number;
  rank: number | null;
  id: number | null;
  incident_id: number;
  incident_name: string;
  message_snippet: string | null;
  note_snippets: string[] | null;
}

// A constant expression, so the planner can use the GIN index on search_vector.
const QUERY = `websearch_to_tsquery('english', $1)`;

const unmarkTags = (snippet: string) => snippet.replaceAll('<\u200b', '<');

/**
 * Events of the organizations the analyst may reach that match `q` (web search syntax: words,
 * "phrases", or, -not), best first, with the total. The total and the ranking cover every match;
 * snippets are made for the page only, since ts_headline re-parses the text.
 */
export async function searchEvents(
  db: Queryable,
  analyst: AnalystRow,
  options: SearchOptions,
): Promise<{ results: SearchResult[]; total: number }> {
  const params: unknown[] = [options.q, analyst.id, options.limit, options.offset];
  const filters = [
    `e.search_vector @@ ${QUERY}`,
    visibleEvent('e'),
    memberClause('i.organization_id', '$2', analyst.permission === 'admin'),
  ];
  filters.push(...searchScopeFilters(options, 'e.incident_id', params));
  // NOTE: the matches are materialized once: counted for the total, and top-N sorted for the page.
  const rows = await db.query<SearchRow>(
    `WITH matched AS MATERIALIZED (
       SELECT e.id, e.start_micros, ts_rank_cd(e.search_vector, ${QUERY}) AS rank
         FROM events e JOIN incidents i ON i.id = e.incident_id
        WHERE ${filters.join(' AND ')}
     ),
     page AS (SELECT id, rank FROM matched ORDER BY rank DESC, start_micros, id LIMIT $3 OFFSET $4)
     SELECT t.total, r.* FROM (SELECT count(*)::bigint AS total FROM matched) t
     LEFT JOIN (
       SELECT p.rank, e.id, e.incident_id, i.name AS incident_name, e.stream_id, s.name AS stream_name,
              e.actor_id, a.name AS actor_name, e.is_marker, e.message, e.start_micros, e.end_micros, e.extra,
              CASE WHEN NOT e.is_marker AND to_tsvector('english', ${plainText('e.message')}) @@ ${QUERY}
                   THEN ts_headline('english', ${snippetText('e.message')}, ${QUERY}, '${HEADLINE_OPTIONS}') END AS message_snippet,
              (SELECT array_agg(ts_headline('english', ${snippetText('n.body')}, ${QUERY}, '${HEADLINE_OPTIONS}') ORDER BY n.id)
                 FROM notes n
                WHERE n.event_id = e.id AND NOT e.is_marker AND to_tsvector('english', ${plainText('n.body')}) @@ ${QUERY}) AS note_snippets
         FROM page p JOIN events e ON e.id = p.id JOIN incidents i ON i.id = e.incident_id
         JOIN streams s ON s.id = e.stream_id LEFT JOIN incident_actors a ON a.id = e.actor_id
     ) r ON true
     ORDER BY r.rank DESC, r.start_micros, r.id`,
    params,
  );
  const total = Number(rows[0]?.total ?? 0);
  const results: SearchResult[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    results.push({
      event: {
        id: row.id,
        incidentID: row.incident_id,
        incidentName: row.incident_name,
        streamID: row.stream_id,
        streamName: row.stream_name,
        actorID: row.actor_id ?? 0,
        actorName: row.actor_name ?? '',
        isMarker: row.is_marker,
        message: row.message,
        startTimestamp: row.start_micros,
        endTimestamp: row.end_micros,
        extra: row.extra,
      },
      rank: Number(row.rank ?? 0),
      snippets: [row.message_snippet, ...(row.note_snippets ?? [])]
        .filter((s): s is string => s !== null)
        .map(unmarkTags),
    });
  }
  return { results, total };
}
