/*
 * Delta sync (issue 20): GET /api/incident/{id}/changes answers what changed since a device's change
 * number and nothing else; deletions arrive as tombstones; an unknown epoch or a number below the
 * compaction floor asks for a full sync; and writers running in parallel with a polling reader never
 * make it miss a change or hold one twice (its final state equals a full read).
 */
import { describe, expect, it } from 'vitest';
import { parseChangeRevision, type IncidentChanges } from '../../domain/incident-changes.ts';
import type { EventRow } from '../../domain/event.ts';
import { compactTombstones } from '../../server/repositories/changes-repository.ts';
import { createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import type { Session } from '../support/test-server.ts';

const T0 = 1_700_000_000_000_000;

describe.each(DATABASE_KINDS)('delta sync on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });

  const ok = async (request: Parameters<Session['request']>[0]) => {
    const response = await suite.writer.request(request);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const head = async (incidentID: number) =>
    parseChangeRevision((await ok({ url: `/api/incident/${incidentID}` })).incident.eventsRevision)!;
  const changesSince = async (
    incidentID: number,
    since: number,
    epoch?: string,
    after?: string,
  ): Promise<IncidentChanges> => {
    const query = new URLSearchParams({
      since: String(since),
      ...(epoch ? { epoch } : {}),
      ...(after ? { after } : {}),
    });
    return (await ok({ url: `/api/incident/${incidentID}/changes?${query}` })).changes;
  };
  const addMarker = async (incidentID: number, message: string, at: number): Promise<number> =>
    (await ok({ method: 'POST', url: `/api/incident/${incidentID}/marker`, payload: { message, startTimestamp: at } }))
      .event.id;

  it('answers only what changed since the number: added, edited, deleted, and the payload flag', async () => {
    const incidentID = await createIncident(suite.writer, await createOrganization(suite.writer, 'Delta'), 'Delta');
    const start = await head(incidentID);
    expect(start.epoch).toMatch(/^[0-9a-f-]{36}$/);

    const first = await addMarker(incidentID, 'Impact', T0);
    const afterFirst = await head(incidentID);
    expect(afterFirst.seq).toBeGreaterThan(start.seq);
    const one = await changesSince(incidentID, start.seq, start.epoch);
    expect(one).toMatchObject({
      full: false,
      payloadChanged: false,
      seq: afterFirst.seq,
      deletedEventIDs: [],
      nextCursor: null,
    });
    expect(one.events.map((event) => [event.id, event.message])).toEqual([[first, 'Impact']]);
    expect(one.summary?.id).toBe(incidentID);

    const nothing = await changesSince(incidentID, afterFirst.seq, afterFirst.epoch);
    expect(nothing).toMatchObject({
      full: false,
      payloadChanged: false,
      events: [],
      deletedEventIDs: [],
      summary: null,
      streams: null,
    });

    const second = await addMarker(incidentID, 'Recovery', T0 + 10);
    await ok({ method: 'PUT', url: `/api/event/${first}`, payload: { message: 'Impact begins' } });
    const two = await changesSince(incidentID, afterFirst.seq, afterFirst.epoch);
    expect(two.events.map((event) => [event.id, event.message]).sort()).toEqual(
      [
        [first, 'Impact begins'],
        [second, 'Recovery'],
      ].sort(),
    );

    const beforeDelete = await head(incidentID);
    await ok({ method: 'DELETE', url: `/api/event/${second}` });
    const gone = await changesSince(incidentID, beforeDelete.seq, beforeDelete.epoch);
    expect(gone).toMatchObject({ full: false, events: [], deletedEventIDs: [second] });

    const beforeNote = await head(incidentID);
    await ok({
      method: 'POST',
      url: `/api/incident/${incidentID}/note`,
      payload: { text: 'first sign', kind: 'other', eventID: first },
    });
    const noted = await changesSince(incidentID, beforeNote.seq, beforeNote.epoch);
    expect(noted).toMatchObject({ full: false, payloadChanged: true, events: [] });
    const beforeRename = await head(incidentID);
    await ok({ method: 'PUT', url: `/api/incident/${incidentID}`, payload: { name: 'Delta, renamed' } });
    expect(await changesSince(incidentID, beforeRename.seq, beforeRename.epoch)).toMatchObject({
      full: false,
      payloadChanged: true,
    });
  });

  it('an import sends open devices to a full sync when it shows; a refused one shows them nothing', async () => {
    const incidentID = await createIncident(
      suite.writer,
      await createOrganization(suite.writer, 'Import delta'),
      'Imported',
    );
    const before = await head(incidentID);
    const { strToU8 } = await import('fflate');
    const { fileForm } = await import('../support/multipart.ts');
    const rows = Array.from(
      { length: 300 },
      (_, index) =>
        `2024-06-04 09:${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}\tana\tline ${index}`,
    );
    const good = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(strToU8(['time\tactor\tmessage', ...rows, ''].join('\n')), 'log.tsv'),
    });
    expect(good.statusCode, good.body).toBe(201);
    // The rows were written out of sight in batches: a device from before the import syncs in full.
    expect((await changesSince(incidentID, before.seq, before.epoch)).full).toBe(true);
    const after = await head(incidentID);
    expect(await changesSince(incidentID, after.seq, after.epoch)).toMatchObject({ events: [], full: false });

    const refused = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(strToU8(['time\tactor\tmessage', ...rows, ''].join('\n')), 'log.tsv', {
        settings: '{"format":"nope"}',
      }),
    });
    expect(refused.statusCode).toBe(400);
    expect(await changesSince(incidentID, after.seq, after.epoch)).toMatchObject({ events: [], full: false });
  });

  it('asks for a full sync for another epoch, a number it never gave, or one below the compaction floor', async () => {
    const incidentID = await createIncident(suite.writer, await createOrganization(suite.writer, 'Floors'), 'Floors');
    const kept = await addMarker(incidentID, 'kept', T0);
    const doomed = await addMarker(incidentID, 'doomed', T0 + 1);
    const old = await head(incidentID);
    expect((await changesSince(incidentID, old.seq, '00000000-0000-4000-8000-000000000000')).full).toBe(true);
    expect((await changesSince(incidentID, old.seq + 1000, old.epoch)).full).toBe(true);

    await ok({ method: 'DELETE', url: `/api/event/${doomed}` });
    const afterDelete = await head(incidentID);
    expect((await changesSince(incidentID, old.seq, old.epoch)).deletedEventIDs).toEqual([doomed]);
    expect(await compactTombstones(suite.server.db, 0)).toBeGreaterThanOrEqual(1);
    expect((await changesSince(incidentID, old.seq, old.epoch)).full).toBe(true);
    // A device that already has the deletion is not sent back to a full sync.
    expect((await changesSince(incidentID, afterDelete.seq, afterDelete.epoch)).full).toBe(false);
    expect(kept).toBeGreaterThan(0);
  });

  it('writers in parallel with a polling reader: nothing missed, nothing held twice', async () => {
    const incidentID = await createIncident(
      suite.writer,
      await createOrganization(suite.writer, 'Concurrent'),
      'Concurrent',
    );
    const streamID = await createStream(suite.writer, incidentID, 'chat');
    const start = await head(incidentID);
    const held = new Map<number, EventRow>();
    let since = start.seq;
    const poll = async () => {
      let after: string | undefined;
      let next: number;
      for (;;) {
        const page = await changesSince(incidentID, since, start.epoch, after);
        expect(page.full).toBe(false);
        for (const id of page.deletedEventIDs) held.delete(id);
        for (const event of page.events) held.set(event.id, event);
        next = page.seq;
        if (page.nextCursor === null) break;
        after = page.nextCursor;
      }
      since = next;
    };
    const db = suite.server.db;
    // Each writer: its own transactions adding events, editing and deleting some, and a note.
    const writerRun = async (w: number) => {
      for (let round = 0; round < 6; round += 1) {
        await db.transaction(async (tx) => {
          const ids: number[] = [];
          for (let k = 0; k < 5; k += 1) {
            const [row] = await tx.query<{ id: number }>(
              'INSERT INTO events (incident_id, stream_id, message, start_micros, end_micros, created_micros, change_seq) VALUES ($1, $2, $3, $4, $4, 0, incident_change_number($1)) RETURNING id',
              [incidentID, streamID, `w${w} r${round} k${k}`, T0 + w * 1000 + round * 10 + k],
            );
            ids.push(row!.id);
          }
          await tx.query('UPDATE events SET message = message || $2 WHERE id = $1', [ids[0], ' (edited)']);
          await tx.query('DELETE FROM events WHERE id = $1', [ids[1]]);
        });
        await db.query(
          `UPDATE events SET start_micros = start_micros + 1, end_micros = end_micros + 1 WHERE incident_id = $1 AND message LIKE $2`,
          [incidentID, `w${w} r${round} k2`],
        );
        await db.query(
          `INSERT INTO notes (incident_id, body, kind, created_micros, updated_micros) VALUES ($1, $2, 'other', 0, 0)`,
          [incidentID, `note ${w}.${round}`],
        );
      }
    };
    let writing = true;
    const writers = Promise.all([0, 1, 2, 3].map(writerRun)).finally(() => {
      writing = false;
    });
    let polls = 0;
    while (writing) {
      await poll();
      polls += 1;
    }
    await writers;
    await poll();
    expect(polls).toBeGreaterThan(0);

    const full: EventRow[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await ok({ url: `/api/incident/${incidentID}/events?limit=50${after ? `&after=${after}` : ''}` });
      full.push(...page.events);
      if (page.nextCursor === null) break;
      after = page.nextCursor;
    }
    const byID = (a: EventRow, b: EventRow) => a.id - b.id;
    expect([...held.values()].sort(byID)).toEqual(full.sort(byID));
    expect(full).toHaveLength(4 * 6 * 4);
  });
});
