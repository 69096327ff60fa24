/*
 * Every writer of an events row gives it its change number (migration 022: the per-row stamping trigger is
 * gone, so an import's COPY can use PostgreSQL's multi-insert). A writer that forgets is refused loudly
 * rather than writing change 0, which delta sync would never send; an event added through the API and
 * the rows of an imported file both reach another device.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseChangeRevision, type IncidentChanges } from '../../domain/incident-changes.ts';
import type { EventRow } from '../../domain/event.ts';
import { createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import type { Session } from '../support/test-server.ts';

const T0 = 1_700_000_000_000_000;

describe.each(DATABASE_KINDS)('events change numbers on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });

  const ok = async (request: Parameters<Session['request']>[0]) => {
    const response = await suite.writer.request(request);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const head = async (incidentID: number) =>
    parseChangeRevision((await ok({ url: `/api/incident/${incidentID}` })).incident.eventsRevision)!;
  const changesSince = async (incidentID: number, since: number, epoch: string): Promise<IncidentChanges> =>
    (await ok({ url: `/api/incident/${incidentID}/changes?${new URLSearchParams({ since: String(since), epoch })}` }))
      .changes;
  const fullRead = async (incidentID: number) => {
    const events: EventRow[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await ok({ url: `/api/incident/${incidentID}/events?limit=200${after ? `&after=${after}` : ''}` });
      events.push(...page.events);
      if (page.nextCursor === null) return events;
      after = page.nextCursor;
    }
  };
  const rowCount = async (incidentID: number) =>
    Number(
      (
        await suite.server.db.query<{ n: number }>('SELECT count(*) AS n FROM events WHERE incident_id = $1', [
          incidentID,
        ])
      )[0]!.n,
    );

  it('refuses an events row written without a change number, or with 0, and writes none of its statement', async () => {
    const incidentID = await createIncident(suite.writer, await createOrganization(suite.writer, 'Guard'), 'Guard');
    const streamID = await createStream(suite.writer, incidentID, 'chat');
    const db = suite.server.db;
    const insert = (columns: string, values: string) =>
      db.query(
        `INSERT INTO events (incident_id, stream_id, message, start_micros, end_micros, created_micros${columns})
         SELECT $1, $2, 'line ' || n, $3::bigint + n, $3::bigint + n, 0${values} FROM generate_series(1, 3) AS n`,
        [incidentID, streamID, T0],
      );
    await expect(insert('', '')).rejects.toThrow(/change_seq/);
    await expect(insert(', change_seq', ', 0')).rejects.toThrow(/without its change number/);
    await expect(insert(', change_seq', ', CASE WHEN n = 3 THEN 0 ELSE 5 END')).rejects.toThrow(
      /without its change number/,
    );
    expect(await rowCount(incidentID)).toBe(0);
    // The same statement with the number is written, and the check leaves updates of its rows alone.
    await insert(', change_seq', ', incident_change_number($1)');
    expect(await rowCount(incidentID)).toBe(3);
    await db.query('UPDATE events SET search_vector = NULL WHERE incident_id = $1', [incidentID]);
  });

  it('a new incident starts at 1, its first event comes by delta above 1, and a device at 0 syncs in full', async () => {
    const incidentID = await createIncident(suite.writer, await createOrganization(suite.writer, 'Start'), 'Start');
    const start = await head(incidentID);
    expect(start.seq).toBeGreaterThanOrEqual(1);
    const marker = (
      await ok({
        method: 'POST',
        url: `/api/incident/${incidentID}/marker`,
        payload: { message: 'Page', startTimestamp: T0 },
      })
    ).event.id as number;
    const delta = await changesSince(incidentID, start.seq, start.epoch);
    expect(delta.full).toBe(false);
    expect(delta.events.map((event) => event.id)).toEqual([marker]);
    expect(delta.seq).toBeGreaterThan(1);
    // Rows of change 1 are not in the change index: a device holding 0 (an incident older than that) reads in full.
    expect((await changesSince(incidentID, 0, start.epoch)).full).toBe(true);
  });

  it('an event added through the API and the rows of an imported file both reach another device', async () => {
    const incidentID = await createIncident(suite.writer, await createOrganization(suite.writer, 'Reach'), 'Reach');
    const before = await head(incidentID);

    const fileName = 'm365_defender_activity_log.csv';
    const imported = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(new Uint8Array(readFileSync(join(FIXTURES_DIR, 'events', fileName))), fileName),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const importedRows = await rowCount(incidentID);
    expect(importedRows).toBeGreaterThan(10);
    const afterImport = await head(incidentID);

    const marker = (
      await ok({
        method: 'POST',
        url: `/api/incident/${incidentID}/marker`,
        payload: { message: 'Containment', startTimestamp: T0 },
      })
    ).event.id as number;
    const now = await head(incidentID);
    expect(now.seq).toBeGreaterThan(afterImport.seq);

    // A device that synced after the import is sent the new event, and only it.
    const delta = await changesSince(incidentID, afterImport.seq, afterImport.epoch);
    expect(delta).toMatchObject({ full: false, seq: now.seq, deletedEventIDs: [] });
    expect(delta.events.map((event) => [event.id, event.message])).toEqual([[marker, 'Containment']]);
    // A device from before the import is sent to a full sync, which holds the file's rows and the event.
    expect((await changesSince(incidentID, before.seq, before.epoch)).full).toBe(true);
    const full = await fullRead(incidentID);
    expect(full).toHaveLength(importedRows + 1);
    expect(full.map((event) => event.id)).toContain(marker);
    // What delta sync relies on: no stored row of either kind holds change 0.
    const [numbers] = await suite.server.db.query<{ least: number; marker_seq: number }>(
      'SELECT min(change_seq) AS least, max(change_seq) FILTER (WHERE id = $2) AS marker_seq FROM events WHERE incident_id = $1',
      [incidentID, marker],
    );
    expect(Number(numbers!.least)).toBeGreaterThan(0);
    expect(Number(numbers!.marker_seq)).toBe(now.seq);
  });
});
