/*
 * The change sequence of migration 009 read back: what changed in an incident since a device's number,
 * in pages, and the compaction of old tombstones. The head is read first and every row is bounded by
 * it, so a change committed meanwhile waits for the next ask instead of being half seen.
 */
import type { Queryable } from '../db/database.ts';
import type { EventRow } from '../../domain/event.ts';
import { EVENT_COLUMNS, toEventRow } from './events-repository.ts';
import { visibleEvent } from './hidden-imports.ts';

export const CHANGE_PAGE_SIZE = 10_000;
/** More deleted events than this since a device's number: a full sync is cheaper than the list. */
const TOMBSTONE_LIMIT = 50_000;
/** Tombstones kept this long: a device away longer syncs in full. */
const TOMBSTONE_KEEP_SECONDS = 14 * 24 * 3600;

interface ChangeHead {
  seq: number;
  epoch: string;
  floor: number;
  payloadSeq: number;
}

interface ChangeCursor {
  until: number;
  seq: number;
  id: number;
}

function encodeChangeCursor(cursor: ChangeCursor): string {
  return `${cursor.until}.${cursor.seq}.${cursor.id}`;
}

export function decodeChangeCursor(text: string): ChangeCursor | undefined {
  const match = /^(\d{1,15})\.(\d{1,15})\.(\d{1,16})$/.exec(text);
  if (!match) return undefined;
  const [until, seq, id] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return Number.isSafeInteger(id) ? { until, seq, id } : undefined;
}

async function changeHead(db: Queryable, incidentId: number): Promise<ChangeHead | undefined> {
  const rows = await db.query<{ change_seq: number; change_epoch: string; change_floor: number; payload_seq: number }>(
    'SELECT change_seq, change_epoch::text, change_floor, payload_seq FROM incidents WHERE id = $1',
    [incidentId],
  );
  const row = rows[0];
  return (
    row && {
      seq: Number(row.change_seq),
      epoch: row.change_epoch,
      floor: Number(row.change_floor),
      payloadSeq: Number(row.payload_seq),
    }
  );
}

interface ChangeRequest {
  since: number;
  epoch?: string | undefined;
  after?: ChangeCursor | undefined;
  limit: number;
}

interface ChangeSet {
  head: ChangeHead;
  /** The number this answer (with its pages) brings the device to. */
  until: number;
  full: boolean;
  payloadChanged: boolean;
  events: EventRow[];
  deletedEventIDs: number[];
  nextCursor: string | null;
}

export async function incidentChanges(
  db: Queryable,
  incidentId: number,
  request: ChangeRequest,
): Promise<ChangeSet | undefined> {
  const head = await changeHead(db, incidentId);
  if (!head) return undefined;
  const { since, after, limit } = request;
  const until = after?.until ?? head.seq;
  const fullAnswer: ChangeSet = {
    head,
    until: head.seq,
    full: true,
    payloadChanged: true,
    events: [],
    deletedEventIDs: [],
    nextCursor: null,
  };
  if (
    (request.epoch !== undefined && request.epoch !== head.epoch) ||
    since > head.seq ||
    until > head.seq ||
    since < head.floor ||
    // Rows of change 1 are not in the change index (migration 023): only a device of an incident made before
    // it, read while it had never changed, holds 0.
    (since < 1 && head.seq > since)
  )
    return fullAnswer;

  const rows = await db.query<Parameters<typeof toEventRow>[0] & { change_seq: number }>(
    `SELECT ${EVENT_COLUMNS}, e.change_seq FROM events e
      WHERE e.incident_id = $1 AND e.change_seq > 1 AND e.change_seq > $2 AND e.change_seq <= $3 AND (e.change_seq, e.id) > ($4, $5) AND ${visibleEvent('e')}
      ORDER BY e.change_seq, e.id LIMIT $6`,
    [incidentId, since, until, after?.seq ?? 0, after?.id ?? 0, limit],
  );
  let deletedEventIDs: number[] = [];
  if (!after) {
    const gone = await db.query<{ item_id: number }>(
      `SELECT item_id FROM incident_tombstones WHERE incident_id = $1 AND kind = 'event' AND seq > $2 AND seq <= $3 LIMIT $4`,
      [incidentId, since, until, TOMBSTONE_LIMIT + 1],
    );
    if (gone.length > TOMBSTONE_LIMIT) return fullAnswer;
    deletedEventIDs = gone.map((row) => Number(row.item_id));
    // Compaction may have removed tombstones after the head was read: then this device is behind it.
    const now = await changeHead(db, incidentId);
    if (!now || since < now.floor) return fullAnswer;
  }
  const last = rows[rows.length - 1];
  return {
    head,
    until,
    full: false,
    payloadChanged: head.payloadSeq > since,
    events: rows.map(toEventRow),
    deletedEventIDs,
    nextCursor:
      rows.length === limit && last ? encodeChangeCursor({ until, seq: Number(last.change_seq), id: last.id }) : null,
  };
}

/**
 * Removes tombstones older than `keepSeconds`, raising each incident's floor to the newest removed:
 * a device whose number is below it can no longer learn every deletion and syncs in full.
 */
export async function compactTombstones(db: Queryable, keepSeconds = TOMBSTONE_KEEP_SECONDS): Promise<number> {
  const rows = await db.query<{ removed: number }>(
    `WITH gone AS (
       DELETE FROM incident_tombstones WHERE created_at <= now() - make_interval(secs => $1::double precision) RETURNING incident_id, seq
     ), floors AS (
       SELECT incident_id, max(seq) AS floor, count(*) AS removed FROM gone GROUP BY incident_id
     ), raised AS (
       UPDATE incidents i SET change_floor = greatest(i.change_floor, f.floor) FROM floors f WHERE i.id = f.incident_id RETURNING f.removed
     )
     SELECT coalesce(sum(removed), 0)::bigint AS removed FROM raised`,
    [keepSeconds],
  );
  return Number(rows[0]?.removed ?? 0);
}
