/*
 * The charts on the demo data: each draws, and its table of counts (beside the chart, for screen
 * readers) holds the right numbers; bots stay out unless the analyst shows them; the connections
 * graph joins the incidents that share organization actors, tags or a relation.
 */
import { expect, test } from './fixtures.ts';
import { api, openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV });

interface EventPage {
  events: Array<{ actorID: number; isMarker: boolean }>;
}
interface IncidentPayload {
  actors: Array<{ id: number; name: string; isBot: boolean }>;
}

test("actor-bar, actor-scatter and actor-circle count each human actor's events", async ({ page }, testInfo) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  const { incident: payload } = await api<{ incident: IncidentPayload }>(
    page.request,
    'GET',
    `/api/incident/${incident.id}`,
  );
  const { events } = await api<EventPage>(page.request, 'GET', `/api/incident/${incident.id}/events?limit=10000`);
  // Counted here from the API's own events, independently of the chart code.
  const expected = new Map<string, number>();
  for (const event of events) {
    const actor = payload.actors.find((candidate) => candidate.id === event.actorID);
    if (!event.isMarker && actor && !actor.isBot) expected.set(actor.name, (expected.get(actor.name) ?? 0) + 1);
  }
  expect(expected.size).toBeGreaterThan(2);
  for (const name of ['actor-bar', 'actor-scatter', 'actor-circle']) {
    await page.goto(`/incident/${incident.id}/type/${name}`);
    const table = page.getByRole('table', { name: /Events per actor/ });
    await expect(table).toBeVisible();
    for (const [actor, count] of expected) {
      await expect(
        table
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: actor, exact: true }) })
          .getByRole('cell')
          .nth(name === 'actor-circle' ? 2 : 1),
      ).toHaveText(String(count));
    }
    // Bots are left out by default.
    const bot = payload.actors.find((actor) => actor.isBot);
    if (bot) await expect(table.getByRole('cell', { name: bot.name, exact: true })).toHaveCount(0);
    await attachScreenshots(page, testInfo, name);
  }
});

test('incident-bar counts per incident for the chosen count type', async ({ page }, testInfo) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  const list = await api<{
    incidents: {
      items: Array<{ id: number; name: string; organizationID: number; counts: { events: number; streams: number } }>;
    };
  }>(page.request, 'GET', '/api/incidents');
  const mine = list.incidents.items.filter((item) => item.organizationID === incident.organizationID);
  /** The table beside the bars gives each incident's count, as the API counts it. */
  const expectCountsShown = async (title: string, count: 'streams' | 'events') => {
    const table = page.getByRole('table', { name: `${title} per incident` });
    for (const item of mine) {
      const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: item.name, exact: true }) });
      await expect(row.getByRole('cell').nth(1)).toHaveText(item.counts[count].toLocaleString('en'));
    }
  };
  await page.goto(`/organization/${incident.organizationID}/type/incident-bar/count/streams`);
  await expectCountsShown('Streams', 'streams');
  await page.getByRole('combobox').filter({ hasText: 'Streams' }).selectOption('events');
  await expect(page).toHaveURL(/\/count\/events$/);
  await expectCountsShown('Events', 'events');
  await attachScreenshots(page, testInfo, 'incident-bar');
});

interface IncidentLinks {
  incidentTags: string[];
  actors: Array<{ organizationActorID: number | null }>;
  relatedIncidents: Array<{ incidentID: number }>;
}

test('cross-incident-connections joins the incidents that share an organization actor, a tag or a relation', async ({
  page,
}, testInfo) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  const list = await api<{ incidents: { items: Array<{ id: number; name: string; organizationID: number }> } }>(
    page.request,
    'GET',
    '/api/incidents',
  );
  const mine = list.incidents.items.filter((item) => item.organizationID === incident.organizationID);
  expect(mine.length).toBeGreaterThan(1);
  // What joins each pair, worked out here from each incident's own read, apart from the chart's code.
  const links = new Map<number, IncidentLinks>();
  for (const item of mine)
    links.set(
      item.id,
      (await api<{ incident: IncidentLinks }>(page.request, 'GET', `/api/incident/${item.id}`)).incident,
    );
  const kinds = (a: number, b: number): string[] => {
    const x = links.get(a)!;
    const y = links.get(b)!;
    const found: string[] = [];
    if (x.incidentTags.some((tag) => y.incidentTags.includes(tag))) found.push('tag');
    const actorsOf = (links: IncidentLinks) =>
      new Set(links.actors.map((actor) => actor.organizationActorID).filter((id) => id !== null));
    const theirs = actorsOf(y);
    if ([...actorsOf(x)].some((id) => theirs.has(id))) found.push('actor');
    if (
      x.relatedIncidents.some((related) => related.incidentID === b) ||
      y.relatedIncidents.some((related) => related.incidentID === a)
    )
      found.push('related');
    return found;
  };
  const expected = new Map(
    mine.map((item) => [
      item.name,
      mine.filter((other) => other.id !== item.id && kinds(item.id, other.id).length > 0),
    ]),
  );
  // The demo organization has incidents joined by shared actors and by a relation, not only tags.
  const allKinds = new Set(mine.flatMap((a) => mine.filter((b) => b.id > a.id).flatMap((b) => kinds(a.id, b.id))));
  expect(allKinds).toContain('actor');
  expect(allKinds).toContain('related');

  await page.goto(`/organization/${incident.organizationID}/type/cross-incident-connections`);
  const connections = page.getByRole('table', { name: 'Connections per incident' });
  await expect(connections.getByRole('row')).toHaveCount(mine.length + 1);
  await expect(page.getByRole('status')).toHaveCount(0);
  for (const [name, others] of expected) {
    const cells = connections
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) })
      .getByRole('cell');
    await expect(cells.nth(1)).toHaveText(String(others.length));
    for (const other of others) await expect(cells.nth(2)).toContainText(other.name);
  }
  // The pair the demo relates says so in the table.
  const related = mine.find((item) => links.get(item.id)!.relatedIncidents.length > 0)!;
  await expect(
    connections
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: related.name, exact: true }) })
      .getByRole('cell')
      .nth(2),
  ).toContainText('related incident');
  await attachScreenshots(page, testInfo, 'cross-incident-connections');
});
