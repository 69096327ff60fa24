/*
 * What proves an incident payload unchanged, read with the organization wall in one query: the ETag
 * of GET /api/incident/{id} and the key of the payload cache. The one place that decides it, so a
 * per-incident change sequence can replace it here alone.
 */
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http-error.ts';
import { memberClause, type IncidentRef } from './access-repository.ts';
import type { AnalystRow } from './analysts-repository.ts';

/**
 * Audit ids counted below the newest: ids are taken before commit, so a write can commit after a
 * later one; counting the recent ids sees it land (its id fills a hole) unless that many newer writes
 * committed while it was still open.
 */
const LATE_COMMIT_WINDOW = 1_000;

interface IncidentVersion {
  ref: IncidentRef;
  /** Changes with every write the payload can show: opaque, compared only for equality. */
  version: string;
}

/**
 * Every write records a data_audit row in its own transaction (audit-repository.ts), and event changes
 * also change the incident's events_revision (migration 007), so (events revision, newest audit id,
 * recent audit count) changes with anything the payload holds: the incident's own rows, its counts,
 * tags of its organization, related incidents' names, memberships. Writes to other incidents change it
 * too (needless misses, never a stale answer), in every server process sharing the database.
 */
export async function readableIncidentVersion(
  db: Queryable,
  analyst: AnalystRow,
  incidentId: number,
): Promise<IncidentVersion> {
  const rows = await db.query<
    IncidentRef & { events_revision: string; last_write: number | null; recent_writes: number }
  >(
    `WITH newest AS (SELECT max(id) AS id FROM data_audit)
     SELECT i.id, i.organization_id, i.name, i.events_revision::text AS events_revision, newest.id AS last_write,
            (SELECT count(*) FROM data_audit a WHERE a.id > newest.id - ${LATE_COMMIT_WINDOW})::int AS recent_writes
       FROM incidents i, newest
      WHERE i.id = $1 AND ${memberClause('i.organization_id', '$2', analyst.permission === 'admin')}`,
    [incidentId, analyst.id],
  );
  const row = rows[0];
  if (!row) throw notFound('incident');
  const { events_revision: events, last_write: lastWrite, recent_writes: recent, ...ref } = row;
  return { ref, version: `${events}.${lastWrite ?? 0}.${recent}` };
}
