/*
 * The incident's data through the API: building an incident, counts through moves and deletes,
 * event paging, sorting, organization walls, read-only refusals, clock offsets, bulk actor edits.
 * Long because: one suite of the incident routes on one server, each case a short story of writes and reads.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { T0, useIncidentServer } from '../support/incident-server.ts';
import { addMember, countRows, giveAnalyst, signIn } from '../support/test-server.ts';

describe.each(DATABASE_KINDS)('incident data on %s', (kind) => {
  const suite = useIncidentServer(kind, { admin: 'admin' });

  it('builds an incident and answers it with its counts, derived times and payload', async () => {
    const organizationID = await suite.createOrganization('Ops');
    const incidentID = await suite.createIncident(organizationID, 'Outage');
    const chat = await suite.createStream(incidentID, 'chat');
    const logs = await suite.createStream(incidentID, 'logs');
    const ada = await suite.createActor(incidentID, 'Ada');
    const bot = await suite.createActor(incidentID, 'alertbot', true);
    const first = await suite.createEvent(incidentID, {
      streamID: chat,
      actorID: ada,
      message: 'database is slow',
      startTimestamp: T0 + 5_000_000,
      endTimestamp: T0 + 7_500_000,
    });
    await suite.createEvent(incidentID, {
      streamID: logs,
      actorID: bot,
      message: 'ALERT p99 latency',
      startTimestamp: T0,
    });
    await suite.createEvent(incidentID, {
      streamID: logs,
      message: 'no actor here',
      startTimestamp: T0 + 60_000_000,
    });
    const marker = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/marker`,
      payload: { message: 'Impact starts', startTimestamp: T0 + 1_000_000 },
    });
    expect(marker.statusCode).toBe(201);

    const response = await suite.writer.request({ url: `/api/incident/${incidentID}` });
    expect(response.statusCode).toBe(200);
    const incident = response.json().incident;
    expect(incident).toMatchObject({
      id: incidentID,
      organizationID,
      name: 'Outage',
      firstTimestamp: T0,
      lastTimestamp: T0 + 60_000_000,
      hasMultipleStreams: true,
      eventsComplete: true,
      counts: {
        events: 4,
        streams: 2,
        uploads: 0,
        actorEventCount: 2,
        eventNoteCount: 0,
        humanActorCount: 1,
        humanActorEventCount: 1,
      },
    });
    expect(incident.streams.map((s: { name: string; isMarkerStream: boolean }) => [s.name, s.isMarkerStream])).toEqual([
      ['chat', false],
      ['logs', false],
      ['Markers', true],
    ]);
    expect(incident.actors.map((a: { name: string; eventCount: number }) => [a.name, a.eventCount])).toEqual([
      ['Ada', 1],
      ['alertbot', 1],
    ]);
    expect(incident.events.map((e: { message: string }) => e.message)).toEqual([
      'ALERT p99 latency',
      'Impact starts',
      'database is slow',
      'no actor here',
    ]);
    const markerRow = incident.events.find((e: { isMarker: boolean }) => e.isMarker);
    expect(markerRow).toMatchObject({ actorID: 0, message: 'Impact starts' });

    const event = (await suite.writer.request({ url: `/api/event/${first}` })).json().event;
    expect(event).toMatchObject({
      id: first,
      eventID: first,
      incidentID,
      incidentName: 'Outage',
      actorID: ada,
      actorDisplayName: 'Ada',
      streamName: 'chat',
      startTimestampElapsed: 5_000_000,
      endTimestampElapsed: 7_500_000,
      durationMicroseconds: 2_500_000,
      durationMilliseconds: 2500,
      hasDuration: true,
      analystID: suite.writer.userID,
      collectionIDs: [],
      tags: [],
      snippets: [],
    });
    const instant = (await suite.writer.request({ url: `/api/event/${markerRow.id}` })).json().event;
    expect(instant).toMatchObject({
      isMarker: true,
      actorID: 0,
      hasDuration: false,
      durationMicroseconds: 0,
      startTimestampElapsed: 1_000_000,
    });
  });

  it('keeps counts right through moves and deletes', async () => {
    const organizationID = await suite.createOrganization();
    const incidentID = await suite.createIncident(organizationID);
    const stream = await suite.createStream(incidentID);
    const human = await suite.createActor(incidentID, 'Grace');
    const eventID = await suite.createEvent(incidentID, { streamID: stream, message: 'm', startTimestamp: T0 });
    const counts = async () =>
      (await suite.writer.request({ url: `/api/incident/${incidentID}` })).json().incident.counts;
    expect((await counts()).humanActorEventCount).toBe(0);
    await suite.writer.request({ method: 'PUT', url: `/api/event/${eventID}`, payload: { actorID: human } });
    expect(await counts()).toMatchObject({ events: 1, actorEventCount: 1, humanActorEventCount: 1 });
    await suite.writer.request({
      method: 'PUT',
      url: `/api/incident/${incidentID}/actor/${human}`,
      payload: { isBot: true },
    });
    expect(await counts()).toMatchObject({ humanActorCount: 0, humanActorEventCount: 0 });
    await suite.writer.request({ method: 'DELETE', url: `/api/event/${eventID}` });
    expect(await counts()).toMatchObject({ events: 0, actorEventCount: 0 });
  });

  it('pages events by time and id, and streams them as NDJSON', async () => {
    const organizationID = await suite.createOrganization();
    const incidentID = await suite.createIncident(organizationID);
    const stream = await suite.createStream(incidentID);
    // Two events share each timestamp, so the cursor must break ties by id.
    await suite.server.db.query(
      `INSERT INTO events (incident_id, stream_id, message, start_micros, end_micros, created_micros, change_seq)
       SELECT $1, $2, 'event ' || g, $3::bigint + (g / 2) * 1000000, $3::bigint + (g / 2) * 1000000, 0, incident_change_number($1) FROM generate_series(0, 24) g`,
      [incidentID, stream, T0],
    );
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const response = await suite.writer.request({
        url: `/api/incident/${incidentID}/events?limit=7${after ? `&after=${after}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      seen.push(...body.events.map((e: { message: string }) => e.message));
      after = body.nextCursor;
      pages += 1;
    } while (after);
    expect(pages).toBe(4);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, g) => `event ${g}`));

    const window = await suite.writer.request({
      url: `/api/incident/${incidentID}/events?minTimestamp=${T0 + 3_000_000}&maxTimestamp=${T0 + 4_000_000}`,
    });
    expect(window.json().events.map((e: { message: string }) => e.message)).toEqual([
      'event 6',
      'event 7',
      'event 8',
      'event 9',
    ]);

    const ndjson = await suite.writer.request({ url: `/api/incident/${incidentID}/events.ndjson` });
    expect(ndjson.headers['content-type']).toContain('application/x-ndjson');
    const lines = ndjson.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ eventCount: 25 });
    expect(lines.slice(1).map((e: { message: string }) => e.message)).toEqual(seen);

    for (const bad of ['after=abc', 'after=1.2.3', 'limit=0', 'limit=50001', 'minTimestamp=-1']) {
      const response = await suite.writer.request({ url: `/api/incident/${incidentID}/events?${bad}` });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('sorts incident and organization lists by several fields', async () => {
    const organizationID = await suite.createOrganization('Sorting');
    const ids = [];
    for (const name of ['b', 'a', 'b']) ids.push(await suite.createIncident(organizationID, name));
    const response = await suite.writer.request({
      url: `/api/incidents?organizationID=${organizationID}&sortField=name,createTimestamp&sortDirection=asc,desc`,
    });
    const list = response.json().incidents;
    expect(list.sortField).toEqual(['name', 'createTimestamp']);
    expect(list.sortDirection).toEqual(['asc', 'desc']);
    expect(list.items.map((item: { id: number }) => item.id)).toEqual(ids);
    expect(list.sortedItems).toEqual([ids[1], ids[2], ids[0]]);
    const bad = await suite.writer.request({ url: '/api/incidents?sortField=password' });
    expect(bad.json().error.field).toBe('sortField');
    const badDirection = await suite.writer.request({ url: '/api/organizations?sortField=name&sortDirection=up' });
    expect(badDirection.json().error.field).toBe('sortDirection');
    const organizations = (
      await suite.writer.request({ url: '/api/organizations?sortField=incidentCount&sortDirection=desc' })
    ).json().organizations;
    expect(organizations.sortedItems[0]).toBe(organizationID);
  });

  it("keeps organizations apart: another organization's things answer 404, and lists leave them out", async () => {
    const outsider = await signIn(suite.server);
    await giveAnalyst(suite.server, outsider, 'write');
    const organizationID = await suite.createOrganization('Private');
    const incidentID = await suite.createIncident(organizationID, 'Secret incident');
    const stream = await suite.createStream(incidentID);
    const eventID = await suite.createEvent(incidentID, {
      streamID: stream,
      message: 'secret',
      startTimestamp: T0,
    });
    for (const url of [
      `/api/organization/${organizationID}`,
      `/api/incident/${incidentID}`,
      `/api/stream/${stream}`,
      `/api/event/${eventID}`,
      `/api/incident/${incidentID}/events`,
    ]) {
      const response = await outsider.request({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    const writes = [
      { method: 'PUT' as const, url: `/api/incident/${incidentID}`, payload: { name: 'pwned' } },
      { method: 'POST' as const, url: `/api/incident/${incidentID}/stream`, payload: { name: 'x' } },
      {
        method: 'POST' as const,
        url: `/api/incident/${incidentID}/event`,
        payload: { streamID: stream, message: 'x', startTimestamp: T0 },
      },
      { method: 'DELETE' as const, url: `/api/event/${eventID}` },
      { method: 'POST' as const, url: '/api/incident', payload: { organizationID, name: 'x' } },
    ];
    const before = await countRows(suite.server.db, 'data_audit');
    for (const write of writes) {
      const response = await outsider.request(write);
      expect(response.statusCode, write.url).toBe(404);
    }
    expect(await countRows(suite.server.db, 'data_audit')).toBe(before);
    const mine = (await outsider.request({ url: '/api/incidents' })).json().incidents.items;
    expect(mine.map((i: { id: number }) => i.id)).not.toContain(incidentID);
    // An administrator reaches every organization, and can make the outsider a member.
    expect((await suite.admin.request({ url: `/api/incident/${incidentID}` })).statusCode).toBe(200);
    await addMember(suite.admin, organizationID, outsider);
    expect((await outsider.request({ url: `/api/incident/${incidentID}` })).statusCode).toBe(200);
  });

  it('refuses writes from a read-only analyst and requests with no session', async () => {
    const reader = await signIn(suite.server);
    await giveAnalyst(suite.server, reader, 'read');
    const organizationID = await suite.createOrganization();
    await addMember(suite.admin, organizationID, reader);
    const incidentID = await suite.createIncident(organizationID);
    expect((await reader.request({ url: `/api/incident/${incidentID}` })).statusCode).toBe(200);
    const write = await reader.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/stream`,
      payload: { name: 'x' },
    });
    expect(write.statusCode).toBe(403);
    const anonymous = await suite.server.app.inject({ url: `/api/incident/${incidentID}` });
    expect(anonymous.statusCode).toBe(401);
    const deleteByWriter = await suite.writer.request({ method: 'DELETE', url: `/api/incident/${incidentID}` });
    expect(deleteByWriter.statusCode).toBe(403);
  });

  it.each([
    [
      'a stream of another incident',
      (s: number) => ({ streamID: s + 100_000, message: 'x', startTimestamp: T0 }),
      'streamID',
    ],
    [
      'an end before the start',
      (s: number) => ({ streamID: s, message: 'x', startTimestamp: T0, endTimestamp: T0 - 1 }),
      'endTimestamp',
    ],
    ['a fractional timestamp', (s: number) => ({ streamID: s, message: 'x', startTimestamp: 1.5 }), 'startTimestamp'],
    ['a negative timestamp', (s: number) => ({ streamID: s, message: 'x', startTimestamp: -5 }), 'startTimestamp'],
    [
      'a timestamp as text',
      (s: number) => ({ streamID: s, message: 'x', startTimestamp: '2024-01-01' }),
      'startTimestamp',
    ],
    [
      'an unknown actor',
      (s: number) => ({ streamID: s, actorID: 999_999, message: 'x', startTimestamp: T0 }),
      'actorID',
    ],
    [
      'a message over 100,000 characters',
      (s: number) => ({ streamID: s, message: 'x'.repeat(100_001), startTimestamp: T0 }),
      'message',
    ],
  ])('refuses an event with %s, storing nothing', async (_name, make, field) => {
    const organizationID = await suite.createOrganization();
    const incidentID = await suite.createIncident(organizationID);
    const stream = await suite.createStream(incidentID);
    const before = await countRows(suite.server.db, 'events');
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/event`,
      payload: make(stream),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(field);
    expect(await countRows(suite.server.db, 'events')).toBe(before);
  });

  it('shifts a stream by its clock offset and back, and never deletes the marker stream', async () => {
    const organizationID = await suite.createOrganization();
    const incidentID = await suite.createIncident(organizationID);
    const stream = await suite.createStream(incidentID);
    const eventID = await suite.createEvent(incidentID, { streamID: stream, message: 'x', startTimestamp: T0 });
    const shift = (offset: number) =>
      suite.writer.request({
        method: 'PUT',
        url: `/api/stream/${stream}`,
        payload: { clockOffsetMicroseconds: offset },
      });
    expect((await shift(-90_000_000)).statusCode).toBe(200);
    expect((await suite.writer.request({ url: `/api/event/${eventID}` })).json().event.startTimestamp).toBe(
      T0 - 90_000_000,
    );
    expect((await shift(0)).statusCode).toBe(200);
    expect((await suite.writer.request({ url: `/api/event/${eventID}` })).json().event.startTimestamp).toBe(T0);
    const tooFar = await shift(-T0 - 1);
    expect(tooFar.statusCode).toBe(400);
    const incident = (await suite.writer.request({ url: `/api/incident/${incidentID}` })).json().incident;
    const markerStream = incident.streams.find((s: { isMarkerStream: boolean }) => s.isMarkerStream).id;
    expect((await suite.writer.request({ method: 'DELETE', url: `/api/stream/${markerStream}` })).statusCode).toBe(409);
    expect((await suite.writer.request({ method: 'DELETE', url: `/api/stream/${stream}` })).statusCode).toBe(200);
    expect((await suite.writer.request({ url: `/api/event/${eventID}` })).statusCode).toBe(404);
  });

  it('bulk edits organization actors all at once or not at all', async () => {
    const organizationID = await suite.createOrganization();
    const make = async (displayName: string) =>
      (
        await suite.writer.request({
          method: 'POST',
          url: `/api/organization/${organizationID}/actor`,
          payload: { displayName, startDate: '2020-02-29' },
        })
      ).json().actor.id;
    const a = await make('Ada');
    const b = await make('Bob');
    const ok = await suite.writer.request({
      method: 'PUT',
      url: `/api/organization/${organizationID}/actors`,
      payload: {
        actors: [
          { id: a, isBot: true },
          { id: b, description: 'on call' },
        ],
      },
    });
    expect(ok.json().updated).toBe(2);
    const failed = await suite.writer.request({
      method: 'PUT',
      url: `/api/organization/${organizationID}/actors`,
      payload: {
        actors: [
          { id: a, displayName: 'Changed' },
          { id: 987654, isBot: true },
        ],
      },
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error.field).toBe('actors.1.id');
    const actors = (await suite.writer.request({ url: `/api/organization/${organizationID}` })).json().organization
      .actors;
    expect(
      actors.map((x: { displayName: string; isBot: boolean; description: string }) => [
        x.displayName,
        x.isBot,
        x.description,
      ]),
    ).toEqual([
      ['Ada', true, ''],
      ['Bob', false, 'on call'],
    ]);
    const badDate = await suite.writer.request({
      method: 'POST',
      url: `/api/organization/${organizationID}/actor`,
      payload: { displayName: 'C', startDate: '2021-02-30' },
    });
    expect(badDate.json().error.field).toBe('startDate');
  });
});
