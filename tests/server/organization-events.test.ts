/*
 * The organization's pictures' data on a real database: events of all its incidents on one axis
 * (keyset pages in time order) and the streams, actors and maps they refer to, behind the wall:
 * another organization's analyst gets 404, a read-only member reads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { addMember, giveAnalyst, signIn } from '../support/test-server.ts';

describe.each(DATABASE_KINDS)('organization events on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write', reader: 'read', outsider: 'write' });
  beforeAll(async () => {
    const admin = await signIn(suite.server);
    await giveAnalyst(suite.server, admin, 'admin');
    organizationID = await createOrganization(suite.writer, 'Ops');
    await addMember(admin, organizationID, suite.reader);
    await build();
  });

  let organizationID = 0;
  const ids = { outage: 0, earlier: 0, alice: 0, outageAlice: 0, earlierAlice: 0, loner: 0 };

  async function post(url: string, payload: object): Promise<{ id: number }> {
    const response = await suite.writer.request({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as Record<string, { id: number }>;
    return Object.values(body).find((value) => typeof value === 'object' && value !== null && 'id' in value) as {
      id: number;
    };
  }

  async function build() {
    ids.outage = await createIncident(suite.writer, organizationID, 'Outage');
    ids.earlier = await createIncident(suite.writer, organizationID, 'Earlier outage');
    const foreignOrganization = await createOrganization(suite.outsider, 'Elsewhere');
    const foreign = await createIncident(suite.outsider, foreignOrganization, 'Foreign');
    ids.alice = (await post(`/api/organization/${organizationID}/actor`, { displayName: 'Alice' })).id;
    ids.outageAlice = (
      await post(`/api/incident/${ids.outage}/actor`, { name: 'alice', organizationActorID: ids.alice })
    ).id;
    ids.earlierAlice = (
      await post(`/api/incident/${ids.earlier}/actor`, { name: 'alice@laptop', organizationActorID: ids.alice })
    ).id;
    ids.loner = (await post(`/api/incident/${ids.earlier}/actor`, { name: 'pager', organizationActorID: null })).id;
    const chat = await createStream(suite.writer, ids.outage, 'chat');
    const log = await createStream(suite.writer, ids.earlier, 'log');
    await createEvent(suite.writer, ids.outage, {
      streamID: chat,
      actorID: ids.outageAlice,
      message: 'second',
      startTimestamp: 2_000_000,
    });
    await createEvent(suite.writer, ids.earlier, {
      streamID: log,
      actorID: ids.earlierAlice,
      message: 'first',
      startTimestamp: 1_000_000,
    });
    await createEvent(suite.writer, ids.earlier, {
      streamID: log,
      actorID: ids.loner,
      message: 'third',
      startTimestamp: 3_000_000,
      endTimestamp: 3_500_000,
    });
    const foreignStream = await createStream(suite.outsider, foreign, 'theirs');
    const response = await suite.outsider.request({
      method: 'POST',
      url: `/api/incident/${foreign}/event`,
      payload: { streamID: foreignStream, message: 'not ours', startTimestamp: 1_500_000 },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  it('pages the events of all its incidents in time order, and only its own', async () => {
    const seen: Array<{ message: string; incidentID: number }> = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/organization/${organizationID}/events?limit=2${after ? `&after=${after}` : ''}`;
      const response = await suite.reader.request({ url });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as {
        events: Array<{ message: string; incidentID: number }>;
        nextCursor: string | null;
      };
      seen.push(...page.events.map(({ message, incidentID }) => ({ message, incidentID })));
      after = page.nextCursor;
      pages += 1;
    } while (after !== null && pages < 5);
    expect(seen).toEqual([
      { message: 'first', incidentID: ids.earlier },
      { message: 'second', incidentID: ids.outage },
      { message: 'third', incidentID: ids.earlier },
    ]);
    const windowed = await suite.reader.request({
      url: `/api/organization/${organizationID}/events?minTimestamp=1500000&maxTimestamp=2500000`,
    });
    expect((windowed.json() as { events: Array<{ message: string }> }).events.map((event) => event.message)).toEqual([
      'second',
    ]);
  });

  it('lists the streams, actors with their organization actors, maps and the event count', async () => {
    const response = await suite.reader.request({ url: `/api/organization/${organizationID}/event-sources` });
    expect(response.statusCode, response.body).toBe(200);
    const sources = response.json() as {
      actors: Array<{ id: number; name: string; organizationActorID: number | null }>;
      streams: Array<{ name: string; isMarkerStream: boolean }>;
      maps: unknown[];
      eventCount: number;
    };
    expect(sources.eventCount).toBe(3);
    expect(sources.maps).toEqual([]);
    expect(
      sources.streams
        .filter((stream) => !stream.isMarkerStream)
        .map((stream) => stream.name)
        .sort(),
    ).toEqual(['chat', 'log']);
    const linked = new Map(sources.actors.map((actor) => [actor.id, actor.organizationActorID]));
    expect(linked.get(ids.outageAlice)).toBe(ids.alice);
    expect(linked.get(ids.earlierAlice)).toBe(ids.alice);
    expect(linked.get(ids.loner)).toBeNull();
  });

  it("answers 404 for another organization's analyst, 400 for a bad cursor", async () => {
    for (const path of ['events', 'event-sources']) {
      const refused = await suite.outsider.request({ url: `/api/organization/${organizationID}/${path}` });
      expect(refused.statusCode).toBe(404);
    }
    const missing = await suite.writer.request({ url: '/api/organization/987654321/events' });
    expect(missing.statusCode).toBe(404);
    const bad = await suite.writer.request({ url: `/api/organization/${organizationID}/events?after=nope` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ field: 'after' });
  });
});
