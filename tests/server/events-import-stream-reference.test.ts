/*
 * A marker an import brought names that import's stream (events.import_stream_id). Since migration 021 that
 * reference is checked once per statement with the others, not by a foreign key's row trigger: a marker may
 * not name a stream that does not exist, on insert or update, and a deleted stream's markers stay, naming none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { insertIncident } from '../../server/repositories/incidents-repository.ts';
import { useOrganizationDatabase } from '../support/organization-database.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';

describe.each(DATABASE_KINDS)("a marker's import stream on %s", (kind) => {
  const store = useOrganizationDatabase(kind, 'Import streams');
  let db: Db;
  let incidentId: number;
  let markerStream: number;

  const insertMarker = async (importStream: number | null) =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO events (incident_id, stream_id, is_marker, message, start_micros, end_micros, created_micros, import_stream_id, change_seq)
         VALUES ($1, $2, true, 'page', 0, 0, 0, $3, incident_change_number($1)) RETURNING id`,
        [incidentId, markerStream, importStream],
      )
    ).map((row) => Number(row.id))[0]!;
  const importStreamOf = async (eventId: number) => {
    const [row] = await db.query<{ s: number | string | null }>(
      'SELECT import_stream_id AS s FROM events WHERE id = $1',
      [eventId],
    );
    return row?.s === null || row?.s === undefined ? row?.s : Number(row.s);
  };
  const newStream = async (name: string) =>
    (
      await db.query<{ id: number }>(
        'INSERT INTO streams (incident_id, name, created_micros) VALUES ($1, $2, 0) RETURNING id',
        [incidentId, name],
      )
    ).map((row) => Number(row.id))[0]!;

  beforeAll(async () => {
    db = store.db;
    incidentId = await insertIncident(db, {
      organizationId: store.organizationID,
      name: 'HAR pages',
      description: '',
      analystId: null,
    });
    markerStream = (
      await db.query<{ id: number }>('SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream', [incidentId])
    )[0]!.id;
  });

  it('is refused when the stream does not exist, on insert and on update', async () => {
    const missing = 987_654_321;
    await expect(insertMarker(missing)).rejects.toMatchObject({ code: '23503' });
    const marker = await insertMarker(null);
    await expect(
      db.query('UPDATE events SET import_stream_id = $2 WHERE id = $1', [marker, missing]),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await importStreamOf(marker)).toBeNull();
  });

  it("is let go when its stream is deleted, the marker kept; another stream's markers keep theirs", async () => {
    const gone = await newStream('capture.har');
    const kept = await newStream('other.har');
    const first = await insertMarker(gone);
    const second = await insertMarker(kept);
    expect(await importStreamOf(first)).toBe(gone);
    await db.query('DELETE FROM streams WHERE id = $1', [gone]);
    expect(await importStreamOf(first)).toBeNull();
    expect(await importStreamOf(second)).toBe(kept);
  });
});
