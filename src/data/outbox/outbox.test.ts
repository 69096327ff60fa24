import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshMirrors } from '../../../tests/support/fresh-mirror.ts';
import type { MirrorDatabase, OutboxRow } from '../mirror/mirror-database.ts';
import { readIncidentMirror } from '../mirror/mirror-queries.ts';
import { flushOutboxWith } from './flush-outbox.ts';
import { addToOutbox, discardFromOutbox, retryInOutbox, type NewOutboxEntry } from './outbox-store.ts';

const freshMirror = freshMirrors('outbox-test');

const entry = (id: string, overrides: Partial<NewOutboxEntry> = {}): NewOutboxEntry => ({
  id,
  kind: 'annotation',
  method: 'POST',
  path: `/api/incident/1/note#${id}`,
  body: { kind: 'other', text: id },
  label: `Note ${id}`,
  analystID: 5,
  incidentID: 1,
  createdAt: Date.now(),
  ...overrides,
});
const note = (id: number, text: string) => ({ id, incidentID: 1, eventID: null, kind: 'other' as const, text, analystID: 5, analystName: null, createTimestamp: 1, updateTimestamp: 1 });
const refused = (status: number, message: string) => Object.assign(new Error(message), { name: 'ApiRequestError', status, apiError: { message, field: 'text' } });
const offline = () => Object.assign(new Error('POST got no answer'), { name: 'NetworkError' });

async function seedIncident(db: MirrorDatabase) {
  await db.incidents.put({
    id: 1, organizationID: 1, organizationName: 'Org', name: 'Outage', description: '', firstTimestamp: null, lastTimestamp: null,
    hasMultipleStreams: false, incidentTags: [], createTimestamp: 1,
    counts: { events: 0, streams: 0, uploads: 0, actorEventCount: 0, eventNoteCount: 0, humanActorCount: 0, humanActorEventCount: 0 },
  });
}

describe('the outbox', () => {
  it('stores a write with its optimistic rows, shown at once; discarding takes both away', async () => {
    const db = freshMirror();
    await seedIncident(db);
    await db.notes.put(note(40, 'from the server'));
    await addToOutbox(db, entry('a'), [{ table: 'notes', put: note(-1, 'written offline') }]);
    await addToOutbox(db, entry('b', { method: 'DELETE' }), [{ table: 'notes', delete: 40 }]);
    expect((await readIncidentMirror(db, 1))?.notes.map((row) => [row.text, row.outboxID])).toEqual([['written offline', 'a']]);

    await discardFromOutbox(db, 'a');
    expect((await readIncidentMirror(db, 1))?.notes).toEqual([]);
    expect((await db.outbox.toArray()).map((row) => row.id)).toEqual(['b']);
  });

  it('sends in the order written, each once; a network failure stops the round and keeps the rest', async () => {
    const db = freshMirror();
    for (const id of ['a', 'b', 'c', 'd']) await addToOutbox(db, entry(id));
    const sent: string[] = [];
    let online = true;
    const send = async (row: OutboxRow) => {
      if (!online) throw offline();
      sent.push(row.id);
      if (row.id === 'b') online = false;
    };
    const first = await flushOutboxWith(db, send);
    expect(first.sent.map((row) => row.id)).toEqual(['a', 'b']);
    expect(first.interrupted).toBe(true);
    expect((await db.outbox.toArray()).map((row) => [row.id, row.status, row.attempts])).toEqual([['c', 'pending', 1], ['d', 'pending', 0]]);

    online = true;
    const second = await flushOutboxWith(db, send);
    expect(second).toMatchObject({ interrupted: false });
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a refused write as failed with the server’s reason, goes on, and sends it again on retry in its place', async () => {
    const db = freshMirror();
    for (const id of ['a', 'b', 'c']) await addToOutbox(db, entry(id));
    let refuse = true;
    const sent: string[] = [];
    const send = async (row: OutboxRow) => {
      if (row.id === 'b' && refuse) throw refused(400, 'text is required');
      sent.push(row.id);
    };
    const round = await flushOutboxWith(db, send);
    expect(round.interrupted).toBe(false);
    expect(sent).toEqual(['a', 'c']);
    expect(await db.outbox.toArray()).toMatchObject([{ id: 'b', status: 'failed', error: 'text is required', attempts: 1 }]);

    // Not sent again by later rounds until the analyst says so.
    await flushOutboxWith(db, send);
    expect(sent).toEqual(['a', 'c']);
    refuse = false;
    await retryInOutbox(db, 'b');
    await flushOutboxWith(db, send);
    expect(sent).toEqual(['a', 'c', 'b']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('waits on a server error, a lost session or a copy being applied, but drops a refused audit action (spec: logged only)', async () => {
    const db = freshMirror();
    await addToOutbox(db, entry('audit', { kind: 'audit', path: '/api/audit/action/bad%20%3F' }));
    await addToOutbox(db, entry('note'));
    const failures = [
      Object.assign(new Error('503'), { name: 'ApiRequestError', status: 503 }),
      Object.assign(new Error('401'), { name: 'ApiRequestError', status: 401 }),
      Object.assign(new Error('a request with this Idempotency-Key is being applied; send it again for its answer'), {
        name: 'ApiRequestError',
        status: 409,
        apiError: { field: 'Idempotency-Key', message: 'being applied' },
      }),
    ];
    const errorLog = console.error;
    console.error = () => undefined;
    try {
      for (const failure of failures) {
        const round = await flushOutboxWith(db, async (row) => {
          if (row.kind === 'audit') throw refused(400, 'actionName may hold letters, digits, spaces and _ . : / - only');
          throw failure;
        });
        expect(round.interrupted).toBe(true);
        expect(await db.outbox.toArray()).toMatchObject([{ id: 'note', status: 'pending' }]);
      }
    } finally {
      console.error = errorLog;
    }
  });
});
