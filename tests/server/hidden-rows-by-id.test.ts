/*
 * While an import runs, its stream, events, marker and actors are out of sight (migration 010), and
 * a guessed id must not reach them either: over a real socket, every by-id read or write of a hidden
 * event, stream or actor answers exactly as an id that does not exist, and changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { writeHiddenBatch } from '../support/hidden-import-batch.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useSocketAnalystServer } from '../support/analyst-server.ts';

interface Hidden {
  streamID: number;
  eventID: number;
  markerID: number;
  actorID: number;
}

describe.each(DATABASE_KINDS)('rows a running import hides, by id, on %s', (kind) => {
  const suite = useSocketAnalystServer(kind, { writer: 'write' });
  let incidentID: number;
  let hidden: Hidden;
  /** Status and JSON answer of a request; the server version is left out, since only the answer matters. */
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await suite.fetchAs(suite.writer, path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { version: _version, ...answer } = (await response.json()) as Record<string, unknown>;
    return { status: response.status, answer };
  };

  beforeAll(async () => {
    const organizationID = await createOrganization(suite.writer, 'Hidden by id');
    incidentID = await createIncident(suite.writer, organizationID, 'Import running');
    // What an import has written so far while it runs: its stream, an event by a new actor, and a marker.
    const incident = { id: incidentID, organization_id: organizationID, name: 'Import running' };
    hidden = await suite.server.db.transaction(async (tx) => {
      const importId = await writeHiddenBatch(tx, incident, {
        fileName: 'running.tsv',
        words: 'hidden',
        startedMicros: Date.now() * 1000,
      });
      const [stream] = await tx.query<{ id: number }>('SELECT id FROM streams WHERE import_id = $1', [importId]);
      const [event] = await tx.query<{ id: number }>('SELECT id FROM events WHERE stream_id = $1', [stream!.id]);
      const [shown] = await tx.query<{ id: number }>('SELECT id FROM events WHERE import_stream_id = $1', [stream!.id]);
      const [actor] = await tx.query<{ id: number }>('SELECT id FROM incident_actors WHERE import_id = $1', [importId]);
      return { streamID: stream!.id, eventID: event!.id, markerID: shown!.id, actorID: actor!.id };
    });
  });

  // An id no row has: far past every id this test database hands out.
  const NONE = 900_000_000;

  it('answers every by-id read and write of a hidden event, marker, stream or actor as for an id that does not exist', async () => {
    const requests: [string, (id: number) => string, unknown][] = [
      ['GET', (id) => `/api/event/${id}`, undefined],
      ['PUT', (id) => `/api/event/${id}`, { message: 'found you' }],
      ['PUT', (id) => `/api/event/${id}/symbol`, { symbol: 'rocket' }],
      ['DELETE', (id) => `/api/event/${id}`, undefined],
      ['GET', (id) => `/api/stream/${id}`, undefined],
      ['PUT', (id) => `/api/stream/${id}`, { name: 'found you' }],
      ['DELETE', (id) => `/api/stream/${id}`, undefined],
      ['PUT', (id) => `/api/incident/${incidentID}/actor/${id}`, { name: 'found you' }],
      ['DELETE', (id) => `/api/incident/${incidentID}/actor/${id}`, undefined],
    ];
    const ids: Record<string, number[]> = {
      event: [hidden.eventID, hidden.markerID],
      stream: [hidden.streamID],
      actor: [hidden.actorID],
    };
    for (const [method, path, body] of requests) {
      const noun = path(0).includes('/actor/') ? 'actor' : path(0).startsWith('/api/stream') ? 'stream' : 'event';
      const absent = await send(method, path(NONE), body);
      expect(absent.status, `${method} ${path(NONE)}`).toBe(404);
      for (const id of ids[noun]!) expect(await send(method, path(id), body), `${method} ${path(id)}`).toEqual(absent);
    }
  });

  it('refuses a hidden stream, actor or event as the target of a new event or note, in the words used for a stranger', async () => {
    const event = (streamID: number, actorID: number) =>
      ['POST', `/api/incident/${incidentID}/event`, { streamID, actorID, message: 'new', startTimestamp: 5 }] as const;
    const note = (eventID: number) =>
      ['POST', `/api/incident/${incidentID}/note`, { kind: 'other', text: 'seen', eventID }] as const;
    const created = await send('POST', `/api/incident/${incidentID}/stream`, { name: 'Visible' });
    expect(created.status).toBe(201);
    const visibleStream = (created.answer as { stream: { id: number } }).stream.id;
    expect((await send(...event(NONE, 0))).status).toBe(400);
    expect(await send(...event(hidden.streamID, 0))).toEqual(await send(...event(NONE, 0)));
    expect((await send(...event(visibleStream, NONE))).status).toBe(400);
    expect(await send(...event(visibleStream, hidden.actorID))).toEqual(await send(...event(visibleStream, NONE)));
    expect(await send(...note(hidden.eventID))).toEqual(await send(...note(NONE)));
    expect((await send(...note(NONE))).status).toBe(400);
  });

  it('leaves the hidden rows as the import wrote them', async () => {
    const [row] = await suite.server.db.query<{ message: string; name: string }>(
      'SELECT e.message, s.name FROM events e JOIN streams s ON s.id = e.stream_id WHERE e.id = $1',
      [hidden.eventID],
    );
    expect(row).toEqual({ message: 'hidden one', name: expect.any(String) });
    const [actor] = await suite.server.db.query<{ name: string }>('SELECT name FROM incident_actors WHERE id = $1', [
      hidden.actorID,
    ]);
    expect(actor!.name).toBe('mallory');
    const [stream] = await suite.server.db.query<{ name: string }>('SELECT name FROM streams WHERE id = $1', [
      hidden.streamID,
    ]);
    expect(stream!.name).not.toBe('found you');
  });
});
