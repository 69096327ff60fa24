/*
 * GET /api/incident/{id} answered from what proves it unchanged: an ETag a device sends back gets
 * 304 with no body until a write changes what the payload shows; the server's payload cache never
 * answers an analyst who may not read the incident; logout ends a session the server remembers.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { T0, useIncidentServer } from '../support/incident-server.ts';
import { giveAnalyst, signIn, type Session } from '../support/test-server.ts';

describe.each(DATABASE_KINDS)('cheap incident reads on %s', (kind) => {
  const suite = useIncidentServer(kind);

  const read = (session: Session, incidentID: number, etag?: string) =>
    session.request({
      url: `/api/incident/${incidentID}`,
      headers: etag === undefined ? {} : { 'if-none-match': etag },
    });

  it('answers 304 with no body while unchanged, and 200 with a new ETag after each kind of write', async () => {
    const organizationID = await suite.createOrganization('Cheap reads');
    const incidentID = await suite.createIncident(organizationID, 'Cheap reads');
    const chat = await suite.createStream(incidentID, 'chat');
    const ada = await suite.createActor(incidentID, 'Ada');
    const eventID = await suite.createEvent(incidentID, {
      streamID: chat,
      actorID: ada,
      message: 'disk full',
      startTimestamp: T0,
    });

    const first = await read(suite.writer, incidentID);
    expect(first.statusCode).toBe(200);
    let etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toContain('no-cache');
    const again = await read(suite.writer, incidentID);
    expect(again.body, 'the cached answer is the same answer').toBe(first.body);
    expect(again.headers.etag).toBe(etag);

    const unchanged = await read(suite.writer, incidentID, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(
      (await read(suite.writer, incidentID, `"other", W/${etag}`)).statusCode,
      'a list and a weak form match too',
    ).toBe(304);

    const seen = new Set([etag]);
    const changes = async (
      what: string,
      write: () => Promise<unknown>,
      shows: (incident: Record<string, unknown>) => boolean,
    ) => {
      await write();
      const response = await read(suite.writer, incidentID, etag);
      expect(response.statusCode, `${what}: a device holding the old ETag gets the new payload`).toBe(200);
      const next = String(response.headers.etag);
      expect(seen.has(next), `${what} changes the ETag`).toBe(false);
      expect(shows(response.json().incident), `${what} shows in the payload`).toBe(true);
      seen.add(next);
      etag = next;
      expect((await read(suite.writer, incidentID, etag)).statusCode, `${what}: then unchanged again`).toBe(304);
    };
    type Payload = Record<string, unknown>;
    const list = (incident: Payload, key: string) => incident[key] as Array<Record<string, unknown>>;

    await changes(
      'an event',
      () =>
        suite.createEvent(incidentID, {
          streamID: chat,
          actorID: ada,
          message: 'second',
          startTimestamp: T0 + 1,
        }),
      (incident) => list(incident, 'events').some((event) => event.message === 'second'),
    );
    await changes(
      'a marker',
      () =>
        suite.write({
          method: 'POST',
          url: `/api/incident/${incidentID}/marker`,
          payload: { message: 'Impact', startTimestamp: T0 + 2 },
        }),
      (incident) => list(incident, 'events').some((event) => event.message === 'Impact'),
    );
    await changes(
      'a note',
      () =>
        suite.write({
          method: 'POST',
          url: `/api/incident/${incidentID}/note`,
          payload: { text: 'first sign', kind: 'other', eventID },
        }),
      (incident) => list(incident, 'notes').some((note) => note.text === 'first sign'),
    );
    await changes(
      'a tag',
      () => suite.write({ method: 'PUT', url: `/api/event/${eventID}/tag/outage` }),
      (incident) => list(incident, 'eventTags').some((tag) => tag.name === 'outage'),
    );
    await changes(
      'a stream rename',
      () => suite.write({ method: 'PUT', url: `/api/stream/${chat}`, payload: { name: 'team chat' } }),
      (incident) => list(incident, 'streams').some((stream) => stream.name === 'team chat'),
    );
    await changes(
      'an actor edit',
      () =>
        suite.write({ method: 'PUT', url: `/api/incident/${incidentID}/actor/${ada}`, payload: { name: 'Ada L.' } }),
      (incident) => list(incident, 'actors').some((actor) => actor.name === 'Ada L.'),
    );
    await changes(
      'an incident rename',
      () =>
        suite.write({ method: 'PUT', url: `/api/incident/${incidentID}`, payload: { name: 'Cheap reads, renamed' } }),
      (incident) => incident.name === 'Cheap reads, renamed',
    );
  });

  it('never answers an analyst who may not read the incident from the cache', async () => {
    const organizationID = await suite.createOrganization('Walled');
    const incidentID = await suite.createIncident(organizationID, 'Walled');
    const owner = await read(suite.writer, incidentID);
    expect(owner.statusCode).toBe(200);
    const stranger = await signIn(suite.server);
    await giveAnalyst(suite.server, stranger, 'write');
    const plain = await read(stranger, incidentID);
    expect(plain.statusCode).toBe(404);
    expect(plain.headers.etag).toBeUndefined();
    const withTag = await read(stranger, incidentID, String(owner.headers.etag));
    expect(withTag.statusCode, "the owner's ETag proves nothing for another analyst").toBe(404);
    expect(withTag.body).not.toContain('Walled');
  });

  it('ends a remembered session at logout in this process', async () => {
    const leaving = await signIn(suite.server);
    await giveAnalyst(suite.server, leaving, 'read');
    expect((await leaving.request({ url: '/auth/user' })).statusCode).toBe(200);
    expect((await leaving.request({ url: '/auth/user' })).statusCode, 'answered again, now from memory').toBe(200);
    const logout = await leaving.request({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: 'http://localhost' },
    });
    expect(logout.statusCode, logout.body).toBe(303);
    expect((await leaving.request({ url: '/auth/user' })).statusCode).toBe(401);
    expect((await leaving.request({ url: '/api/incidents' })).statusCode).toBe(401);
  });

  it('applies a permission change at once in this process, though the session is remembered', async () => {
    const admin = await signIn(suite.server);
    await giveAnalyst(suite.server, admin, 'admin');
    const demoted = await signIn(suite.server);
    await giveAnalyst(suite.server, demoted, 'write');
    const organization = () =>
      demoted.request({ method: 'POST', url: '/api/organization', payload: { name: 'Before demotion' } });
    expect((await organization()).statusCode, 'a writer may write').toBe(201);
    const change = await admin.request({
      method: 'PUT',
      url: `/api/analyst/${demoted.userID}/permission`,
      payload: { permission: 'read' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await organization()).statusCode, 'a reader may not, from the next request on').toBe(403);
  });
});
