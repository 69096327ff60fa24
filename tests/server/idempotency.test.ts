/*
 * Idempotency-Key on writes: what the outbox replays after a lost answer is applied once, a replay
 * gets the first answer back, and a key reused for another request is refused.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { T0, useIncidentServer } from '../support/incident-server.ts';
import type { Session } from '../support/test-server.ts';

let keyCounter = 0;
const newKey = () => `outbox-${Date.now()}-${(keyCounter += 1)}`;

describe.each(DATABASE_KINDS)('Idempotency-Key on %s', (kind) => {
  const suite = useIncidentServer(kind, { colleague: 'admin' });

  async function incident() {
    const organizationID = await suite.createOrganization('Ops');
    const incidentID = await suite.createIncident(organizationID, 'Outage');
    const streamID = await suite.createStream(incidentID, 'chat');
    const eventID = await suite.createEvent(incidentID, { streamID, message: 'db slow', startTimestamp: T0 });
    return { incidentID, streamID, eventID };
  }
  const notesOf = async (session: Session, incidentID: number) =>
    (await session.request({ url: `/api/incident/${incidentID}` })).json().incident.notes as Array<{
      id: number;
      text: string;
    }>;
  const auditCount = async (action: string, incidentID: number) => {
    const rows = await suite.server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM data_audit WHERE action = $1 AND (detail->>'incidentID')::bigint = $2",
      [action, incidentID],
    );
    return rows[0]!.count;
  };
  const postNote = (session: Session, incidentID: number, key: string | undefined, text: string) =>
    session.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/note`,
      payload: { kind: 'other', text },
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });

  /** An incident with a note saying `text` already written (201) under a new key; the incident and the key. */
  const noteWrittenUnderNewKey = async (text: string) => {
    const { incidentID } = await incident();
    const key = newKey();
    expect((await postNote(suite.writer, incidentID, key, text)).statusCode).toBe(201);
    return { incidentID, key };
  };

  it('applies a resent write once and answers the replay with the first answer', async () => {
    const { incidentID } = await incident();
    const key = newKey();
    const first = await postNote(suite.writer, incidentID, key, 'written offline');
    const second = await postNote(suite.writer, incidentID, key, 'written offline');
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((await notesOf(suite.writer, incidentID)).map((note) => note.text)).toEqual(['written offline']);
    expect(await auditCount('create note', incidentID)).toBe(1);
  });

  it('refuses the same key with another body (409 naming the header) and writes nothing', async () => {
    const { incidentID, key } = await noteWrittenUnderNewKey('first');
    const reused = await postNote(suite.writer, incidentID, key, 'something else');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatchObject({ code: 'conflict', field: 'Idempotency-Key' });
    expect((await notesOf(suite.writer, incidentID)).map((note) => note.text)).toEqual(['first']);
  });

  it('keeps keys apart per analyst, and writes without a key as before', async () => {
    const { incidentID, key } = await noteWrittenUnderNewKey('mine');
    const theirs = await postNote(suite.colleague, incidentID, key, 'mine');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((await postNote(suite.writer, incidentID, undefined, 'mine')).statusCode).toBe(201);
    expect((await postNote(suite.writer, incidentID, undefined, 'mine')).statusCode).toBe(201);
    expect((await notesOf(suite.writer, incidentID)).length).toBe(4);
  });

  it('refuses a malformed key before writing', async () => {
    const { incidentID } = await incident();
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(201), 'semi;colon-key']) {
      const response = await postNote(suite.writer, incidentID, bad, 'text');
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toMatchObject({ field: 'Idempotency-Key' });
    }
    expect(await notesOf(suite.writer, incidentID)).toEqual([]);
  });

  it('a refused write does not use up its key', async () => {
    const { incidentID } = await incident();
    const key = newKey();
    const refused = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/note`,
      payload: { kind: 'other', text: 'on a missing event', eventID: 999_999_999 },
      headers: { 'idempotency-key': key },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const rows = await suite.server.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
    expect(rows).toEqual([]);
    expect((await postNote(suite.writer, incidentID, key, 'fixed')).statusCode).toBe(201);
  });

  it('replays tag puts and deletes: a delete sent twice answers as the first did', async () => {
    const { eventID } = await incident();
    // Each call of `put` (and of `remove`) sends the same write under its one key.
    const tagWrite = (method: 'PUT' | 'DELETE', key: string) => () =>
      suite.writer.request({
        method,
        url: `/api/event/${eventID}/tag/root%20cause`,
        headers: { 'idempotency-key': key },
      });
    const put = tagWrite('PUT', newKey());
    const [a, b] = [await put(), await put()];
    expect(a.statusCode, a.body).toBeLessThan(300);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const remove = tagWrite('DELETE', newKey());
    const first = await remove();
    const again = await remove();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('two copies sent at once write once: the other is answered from the first or told to resend', async () => {
    const { incidentID } = await incident();
    const key = newKey();
    const answers = await Promise.all([
      postNote(suite.writer, incidentID, key, 'raced'),
      postNote(suite.writer, incidentID, key, 'raced'),
      postNote(suite.writer, incidentID, key, 'raced'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(201);
    for (const status of statuses) expect([201, 409]).toContain(status);
    expect((await notesOf(suite.writer, incidentID)).map((note) => note.text)).toEqual(['raced']);
    // Sent again later, the copy gets the stored answer.
    const later = await postNote(suite.writer, incidentID, key, 'raced');
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(answers.find((answer) => answer.statusCode === 201)!.json());
  });
});
