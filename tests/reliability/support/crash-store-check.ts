/*
 * What a crash must not leave behind, asked of the database directly: each check counts rows that
 * should not exist (goal 0 for every one). The crash tests run them after a SIGKILL and a restart,
 * and again after the work was redone, on PGlite (opened from its directory once the server has
 * stopped) and on PostgreSQL (a second connection).
 */
import type { Queryable } from '../../../server/db/database.ts';
import { eventVector } from '../../../server/repositories/search-repository.ts';

export interface StoreCheck {
  check: string;
  found: number;
}

const CHECKS: Array<[string, string]> = [
  [
    'events without their stream',
    'SELECT count(*) AS n FROM events e WHERE NOT EXISTS (SELECT 1 FROM streams s WHERE s.id = e.stream_id AND s.incident_id = e.incident_id)',
  ],
  [
    'events of a missing actor',
    'SELECT count(*) AS n FROM events e WHERE e.actor_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM incident_actors a WHERE a.id = e.actor_id)',
  ],
  [
    'blob chunks without their blob',
    'SELECT count(*) AS n FROM blob_chunks c WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.sha256 = c.sha256)',
  ],
  [
    'blobs no upload refers to',
    'SELECT count(*) AS n FROM blobs b WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.sha256 = b.sha256)',
  ],
  [
    'blobs whose chunks miss bytes',
    'SELECT count(*) AS n FROM blobs b WHERE b.size_bytes <> coalesce((SELECT sum(octet_length(c.data)) FROM blob_chunks c WHERE c.sha256 = b.sha256), 0)',
  ],
  [
    'event counts that disagree with the events',
    `SELECT count(*) AS n FROM (SELECT incident_id, stream_id, actor_id, event_count FROM event_counts WHERE event_count <> 0) c
       FULL JOIN (SELECT incident_id, stream_id, coalesce(actor_id, 0) AS actor_id, count(*) AS event_count FROM events GROUP BY 1, 2, 3) e
         ON e.incident_id = c.incident_id AND e.stream_id = c.stream_id AND e.actor_id = c.actor_id
      WHERE c.event_count IS DISTINCT FROM e.event_count`,
  ],
  ['events without search data', 'SELECT count(*) AS n FROM events WHERE search_vector IS NULL'],
  ['temporary (staging) tables left', "SELECT count(*) AS n FROM pg_class WHERE relpersistence = 't'"],
  ['idempotency keys never answered', 'SELECT count(*) AS n FROM idempotency_keys WHERE status_code IS NULL'],
];

// NOTE: only for stores whose streams all came from imports (a generated incident's streams have no source file).
const IMPORT_CHECKS: Array<[string, string]> = [
  [
    'imported streams without events',
    'SELECT count(*) AS n FROM streams s WHERE s.import_format IS NOT NULL AND NOT s.is_marker_stream AND NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = s.id)',
  ],
  [
    'imported streams without their source upload',
    'SELECT count(*) AS n FROM streams s WHERE s.import_format IS NOT NULL AND NOT s.is_marker_stream AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.id = s.source_upload_id AND u.stream_id = s.id AND u.is_system)',
  ],
];

/** Events whose stored search data is not what their message, actor, tags and notes make now. */
export const STALE_SEARCH_SQL = `SELECT count(*) AS n FROM events e WHERE e.search_vector IS DISTINCT FROM (${eventVector(
  'e.message',
  '(SELECT a.name FROM incident_actors a WHERE a.id = e.actor_id)',
  "(SELECT string_agg(t.name, ' ') FROM event_tags t WHERE t.event_id = e.id)",
  "(SELECT string_agg(n.body, ' ') FROM notes n WHERE n.event_id = e.id)",
)})`;

export async function count(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number | string | bigint }>(sql, params);
  return Number(row?.n ?? 0);
}

/**
 * Every check, in order. `imports`: the streams all came from imports (their checks apply);
 * `search`: also the stale-search check, which recomputes every event's search data (slow).
 */
export async function storeChecks(
  db: Queryable,
  options: { imports: boolean; search: boolean },
): Promise<StoreCheck[]> {
  const checks = [...CHECKS, ...(options.imports ? IMPORT_CHECKS : [])];
  if (options.search) checks.push(['events whose search data is stale', STALE_SEARCH_SQL]);
  const found: StoreCheck[] = [];
  for (const [check, sql] of checks) found.push({ check, found: await count(db, sql) });
  return found;
}

/** The checks that found something, for an assertion that names them. */
export const failing = (checks: readonly StoreCheck[]) => checks.filter((c) => c.found !== 0);
