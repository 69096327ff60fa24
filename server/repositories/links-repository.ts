/* Links on an incident, optionally pinned to one of its events or streams. */
import type { Queryable } from '../db/database.ts';
import type { URL_TYPES } from '../../domain/annotations.ts';
import { nowMicros } from '../time.ts';

export async function insertLink(
  db: Queryable,
  link: {
    incidentId: number;
    eventId: number | null;
    streamId: number | null;
    url: string;
    urlType: (typeof URL_TYPES)[number];
    title: string;
    analystId: number;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO links (incident_id, event_id, stream_id, url, url_type, title, created_micros, analyst_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [link.incidentId, link.eventId, link.streamId, link.url, link.urlType, link.title, nowMicros(), link.analystId],
  );
  return rows[0]!.id;
}

/** Deletes the link and says its address; undefined when it was deleted since it was found. */
export async function deleteLink(db: Queryable, linkId: number): Promise<string | undefined> {
  const [gone] = await db.query<{ url: string }>('DELETE FROM links WHERE id = $1 RETURNING url', [linkId]);
  return gone?.url;
}
