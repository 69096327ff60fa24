import { beforeAll, describe, expect, it } from 'vitest';
import { refreshEventSearch } from '../../server/repositories/search-repository.ts';
import { createEvent, createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { T0, useIncidentServer } from '../support/incident-server.ts';
import { giveAnalyst, signIn, type Session } from '../support/test-server.ts';

interface Result {
  event: {
    id: number;
    incidentID: number;
    incidentName: string;
    streamName: string;
    actorName: string;
    isMarker: boolean;
    message: string;
  };
  rank: number;
  snippets: string[];
}

describe.each(DATABASE_KINDS)('event search on %s', (kind) => {
  const suite = useIncidentServer(kind, { admin: 'admin' });
  let organizationID: number;
  let incidentID: number;
  let stream: number;

  const search = async (session: Session, query: string) => {
    const response = await session.request({ url: `/api/events/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { results: Result[]; total: number; version: string };
  };
  const addNote = async (eventID: number, body: string) => {
    await suite.server.db.query(
      `INSERT INTO notes (incident_id, event_id, kind, body, created_micros, updated_micros) VALUES ($1, $2, 'interview', $3, 0, 0)`,
      [incidentID, eventID, body],
    );
    await refreshEventSearch(suite.server.db, [eventID]);
  };

  beforeAll(async () => {
    organizationID = await suite.createOrganization('Search org');
    incidentID = await suite.createIncident(organizationID, 'Replication outage');
    stream = await suite.createStream(incidentID, 'chat');
  });

  it('ranks a message match above a note match, and highlights both with « »', async () => {
    const inNote = await suite.createEvent(incidentID, {
      streamID: stream,
      message: 'looking at the graphs now',
      startTimestamp: T0,
    });
    const inMessage = await suite.createEvent(incidentID, {
      streamID: stream,
      message: 'replication lag on db-07 keeps growing',
      startTimestamp: T0 + 1,
    });
    await addNote(inNote, 'Interview: she saw the replication slot fill up before anyone else did.');

    const body = await search(suite.writer, 'q=replication');
    expect(body.total).toBe(2);
    expect(body.version).toMatch(/^[0-9a-f]{40}$/);
    expect(body.results.map((r) => r.event.id)).toEqual([inMessage, inNote]);
    expect(body.results[0]!.rank).toBeGreaterThan(body.results[1]!.rank);
    expect(body.results[0]!.snippets).toEqual(['«replication» lag on db-07 keeps growing']);
    expect(body.results[1]!.snippets).toHaveLength(1);
    expect(body.results[1]!.snippets[0]).toContain('the «replication» slot');
    expect(body.results[0]!.event).toMatchObject({
      incidentID,
      incidentName: 'Replication outage',
      streamName: 'chat',
      actorName: '',
      isMarker: false,
    });
  });

  it('finds events by tag and by actor name, and keeps angle brackets and guillemets as plain text', async () => {
    const hopper = await suite.createActor(incidentID, 'Grace Hopper');
    const byActor = await suite.createEvent(incidentID, {
      streamID: stream,
      actorID: hopper,
      message: 'restarting the pooler',
      startTimestamp: T0 + 2,
    });
    const tagged = await suite.createEvent(incidentID, {
      streamID: stream,
      message: 'disk full on the replica',
      startTimestamp: T0 + 3,
    });
    await suite.server.db.query(
      `INSERT INTO event_tags (event_id, incident_id, name, created_micros) VALUES ($1, $2, 'kumquat', 0)`,
      [tagged, incidentID],
    );
    await refreshEventSearch(suite.server.db, [tagged]);

    const byName = await search(suite.writer, 'q=hopper');
    expect(byName.results.map((r) => r.event.id)).toEqual([byActor]);
    expect(byName.results[0]!.event.actorName).toBe('Grace Hopper');
    expect(byName.results[0]!.snippets).toEqual([]);
    const byTag = await search(suite.writer, 'q=kumquat');
    expect(byTag.results.map((r) => r.event.id)).toEqual([tagged]);

    const code = await suite.createEvent(incidentID, {
      streamID: stream,
      message: 'List<Quokka> cast failed in <b>parser</b> «as quoted» today',
      startTimestamp: T0 + 4,
    });
    const found = await search(suite.writer, `q=${encodeURIComponent('quokka parser')}`);
    expect(found.results.map((r) => r.event.id)).toEqual([code]);
    expect(found.results[0]!.snippets).toEqual(['List<«Quokka»> cast failed in <b>«parser»</b> ‹as quoted› today']);
  });

  it('gives markers no snippets, and understands phrases and exclusions', async () => {
    const marker = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/marker`,
      payload: { message: 'Failover of the walrus cluster', startTimestamp: T0 + 5 },
    });
    expect(marker.statusCode).toBe(201);
    const other = await suite.createEvent(incidentID, {
      streamID: stream,
      message: 'walrus is fine, cluster is not',
      startTimestamp: T0 + 6,
    });
    const walrus = await search(suite.writer, 'q=walrus');
    expect(walrus.total).toBe(2);
    const markerResult = walrus.results.find((r) => r.event.isMarker)!;
    expect(markerResult.snippets).toEqual([]);
    const phrase = await search(suite.writer, `q=${encodeURIComponent('"walrus cluster"')}`);
    expect(phrase.results.map((r) => r.event.id)).toEqual([marker.json().event.id]);
    const without = await search(suite.writer, `q=${encodeURIComponent('walrus -failover')}`);
    expect(without.results.map((r) => r.event.id)).toEqual([other]);
  });

  it('keeps other organizations out of results and totals', async () => {
    const outsider = await signIn(suite.server);
    await giveAnalyst(suite.server, outsider, 'write');
    const theirOrganization = await createOrganization(outsider, 'Elsewhere');
    const theirIncident = await createIncident(outsider, theirOrganization, 'Their incident');
    const theirStream = await createStream(outsider, theirIncident);
    await createEvent(outsider, theirIncident, {
      streamID: theirStream,
      message: 'tangerine secrets',
      startTimestamp: T0,
    });
    const mine = await suite.createEvent(incidentID, {
      streamID: stream,
      message: 'tangerine in the cafeteria',
      startTimestamp: T0,
    });

    const forWriter = await search(suite.writer, 'q=tangerine');
    expect(forWriter.total).toBe(1);
    expect(forWriter.results.map((r) => r.event.id)).toEqual([mine]);
    expect(JSON.stringify(forWriter)).not.toContain('secrets');
    expect((await search(outsider, 'q=tangerine')).total).toBe(1);
    expect((await search(suite.admin, 'q=tangerine')).total).toBe(2);
    expect((await search(suite.admin, `q=tangerine&organizationID=${theirOrganization}`)).total).toBe(1);
    for (const filter of [`incidentID=${theirIncident}`, `organizationID=${theirOrganization}`]) {
      const response = await suite.writer.request({ url: `/api/events/search?q=tangerine&${filter}` });
      expect(response.statusCode, filter).toBe(404);
      expect(response.body).not.toContain('Their incident');
    }
  });

  it('pages results with a stable order and the total of all matches', async () => {
    const pagedIncident = await suite.createIncident(organizationID, 'Paging');
    const pagedStream = await suite.createStream(pagedIncident);
    const ids: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      ids.push(
        await suite.createEvent(pagedIncident, {
          streamID: pagedStream,
          message: `pelican sighting number ${i}`,
          startTimestamp: T0 + i,
        }),
      );
    }
    const seen: number[] = [];
    for (const offset of [0, 10, 20, 30]) {
      const page = await search(suite.writer, `q=pelican&incidentID=${pagedIncident}&limit=10&offset=${offset}`);
      expect(page.total).toBe(25);
      expect(page.results).toHaveLength(offset === 30 ? 0 : offset === 20 ? 5 : 10);
      seen.push(...page.results.map((r) => r.event.id));
    }
    // Equal ranks fall back to time order.
    expect(seen).toEqual(ids);
  });

  it('answers 400 naming the field for a bad query', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'a'.repeat(501)}`, 'q'],
      ['q=x&limit=0', 'limit'],
      ['q=x&limit=501', 'limit'],
      ['q=x&offset=-1', 'offset'],
      ['q=x&incidentID=abc', 'incidentID'],
    ] as const) {
      const response = await suite.writer.request({ url: `/api/events/search?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.field, query).toBe(field);
    }
    expect((await search(suite.writer, `q=${'a'.repeat(500)}`)).total).toBe(0);
    // Only stop words: a query with no lexemes matches nothing rather than failing.
    expect((await search(suite.writer, 'q=the')).total).toBe(0);
  });

  it('rebuilds the search data for administrators only, and search works after it', async () => {
    await suite.createEvent(incidentID, {
      streamID: stream,
      message: 'albatross overhead',
      startTimestamp: T0,
    });
    const refused = await suite.writer.request({ method: 'POST', url: '/api/events/search' });
    expect(refused.statusCode).toBe(403);

    await suite.server.db.query('UPDATE events SET search_vector = NULL');
    expect((await search(suite.writer, 'q=albatross')).total).toBe(0);
    const [{ count }] = (await suite.server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events',
    )) as [{ count: number }];
    // No body, even when the client labels the nothing it sends as JSON.
    const rebuilt = await suite.admin.request({
      method: 'POST',
      url: '/api/events/search',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json()).toMatchObject({ rebuilt: count, version: expect.any(String) });
    expect((await search(suite.writer, 'q=albatross')).total).toBe(1);
    expect((await search(suite.writer, 'q=hopper')).total).toBe(1);

    const audit = await suite.admin.request({ url: '/api/audit/data?action=recreate%20search%20data' });
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json())).toContain('recreate search data');
  });
});
