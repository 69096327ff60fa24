/*
 * Every picture route of spec section 2, under an organization and under an incident, draws a real
 * picture (coloured pixels, rows or tables) in light and dark, never placeholder text; the
 * organization's timeline shows the events of two incidents on one axis; an import without actors
 * (a Timesketch JSONL export) says why the pictures drawn by actor are empty and what to do.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, openAsAdmin, uniqueName } from './app-session.ts';
import { attachScreenshots, demoIncident, WRITABLE_DEMO_ENV } from './screens-demo.ts';
import { importThroughPage } from './stream-session.ts';
import { pngPixels } from './png-pixels.ts';
import { EVENT_PICTURES } from '../../src/ui/picture-labels.ts';
import { twoIncidentsSharingAnActor } from './two-incidents-sharing-an-actor.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV });

test.beforeEach(async ({ page }) => {
  await openAsAdmin(page, '/');
});

// The pictures drawn from events (in the product's own list), and those only one level offers.
const PICTURES = [...EVENT_PICTURES, 'create-map', 'incident-bar', 'cross-incident-connections'] as const;
type Picture = (typeof PICTURES)[number];
const CANVAS_CHARTS = new Set<Picture>([
  'actor-bar',
  'actor-circle',
  'actor-scatter',
  'incident-bar',
  'cross-incident-connections',
]);

/** Distinct saturated colours in a screenshot of the element. */
async function saturatedColours(page: Page, target: Locator): Promise<number> {
  const { data } = await pngPixels(page, await target.screenshot());
  const colours = new Set<string>();
  for (let at = 0; at < data.length; at += 4) {
    const [r, g, b] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60) colours.add(`${r >> 5},${g >> 5},${b >> 5}`);
  }
  return colours.size;
}

async function expectDrawn(page: Page, picture: Picture, level: 'organization' | 'incident'): Promise<void> {
  await expect(page.locator('body')).not.toContainText('coming with its issue');
  await expect(page.locator('[data-empty="true"]')).toHaveCount(0);
  if (picture === 'event-timeline') {
    await expect(page.locator('[data-picture="event-timeline"] [role="row"]').first()).toBeVisible();
  } else if (picture === 'swimlane') {
    const canvas = page.locator('[data-swimlane-canvas]');
    await expect(canvas).toHaveAttribute('data-mode', /boxes|bins/);
    await expect.poll(() => saturatedColours(page, canvas)).toBeGreaterThan(0);
  } else if (CANVAS_CHARTS.has(picture)) {
    const frame = page.locator(`[data-picture="${picture}"]`);
    await expect(frame.getByRole('status')).toHaveCount(0);
    await expect(frame.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect
      .poll(() => saturatedColours(page, page.locator(`[data-chart-canvas="${picture}"]`)))
      .toBeGreaterThan(0);
  } else if (picture === 'map') {
    await expect(page.getByTestId('map-globe').locator('canvas').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('list', { name: 'Maps shown' }).getByRole('listitem').first()).toContainText(
      /[1-9][\d,]* points/,
      { timeout: 60_000 },
    );
  } else if (level === 'organization') {
    await expect(page.getByRole('combobox', { name: 'Incident' })).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { name: 'Create map' })).toBeVisible();
  }
}

async function checkBothThemes(
  page: Page,
  testInfo: TestInfo,
  picture: Picture,
  level: 'organization' | 'incident',
): Promise<void> {
  await expectDrawn(page, picture, level);
  await page.evaluate(() => (document.documentElement.dataset['theme'] = 'dark'));
  await expectDrawn(page, picture, level);
  await attachScreenshots(page, testInfo, `${level}-${picture}`);
}

test("every picture route under an organization draws the organization's incidents, in light and dark", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const incident = await demoIncident(page.request);
  for (const picture of PICTURES) {
    await page.goto(`/organization/${incident.organizationID}/type/${picture}`);
    await expect(
      page
        .getByRole('navigation', { name: 'Organization pictures' })
        .getByRole('link', { name: /./ })
        .and(page.locator('[aria-current="page"]')),
    ).toHaveCount(1);
    await checkBothThemes(page, testInfo, picture, 'organization');
  }
  // create-map asks which incident, then goes on to that incident's create-map.
  await page.goto(`/organization/${incident.organizationID}/type/create-map`);
  await page.getByRole('combobox', { name: 'Incident' }).click();
  await page.getByRole('option', { name: incident.name }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/incident/${incident.id}/type/create-map$`));
  await expect(page.getByRole('heading', { name: 'Create map' })).toBeVisible();
});

test('every picture route under an incident draws, incident-bar and connections marking the incident, in light and dark', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const incident = await demoIncident(page.request);
  const drone = (
    await api<{ incidents: { items: Array<{ id: number; organizationID: number }> } }>(
      page.request,
      'GET',
      '/api/incidents',
    )
  ).incidents.items;
  const withMap = [];
  for (const item of drone) {
    const payload = await api<{ incident: { incidentMaps: unknown[] } }>(
      page.request,
      'GET',
      `/api/incident/${item.id}`,
    );
    if (payload.incident.incidentMaps.length > 0) withMap.push(item.id);
  }
  expect(withMap.length).toBeGreaterThan(0);
  for (const picture of PICTURES) {
    await page.goto(`/incident/${picture === 'map' ? withMap[0] : incident.id}/type/${picture}`);
    await checkBothThemes(page, testInfo, picture, 'incident');
    if (picture === 'incident-bar' || picture === 'cross-incident-connections') {
      await expect(page.getByText('(marked) among the')).toBeVisible();
      await expect(page.getByRole('table').getByRole('cell', { name: incident.name, exact: true })).toBeVisible();
    }
  }
});

test("the organization's timeline shows the events of two incidents on one axis, and a selection opens the organization's event route", async ({
  page,
}, testInfo) => {
  const { organizationID, incidents } = await twoIncidentsSharingAnActor(page.request, 'Two incidents');
  const names = incidents.map((incident) => incident.name);
  const base = Date.UTC(2026, 2, 1) * 1000;
  for (const [index, { id: incidentID, name, streamID, danaID }] of incidents.entries()) {
    for (let minute = 0; minute < 2; minute += 1) {
      await api(page.request, 'POST', `/api/incident/${incidentID}/event`, {
        streamID,
        actorID: danaID,
        message: `${name} message ${minute}`,
        startTimestamp: base + (2 * minute + index) * 60_000_000,
      });
    }
  }
  await page.goto(`/organization/${organizationID}/type/event-timeline`);
  const rows = page.locator('[data-picture="event-timeline"] [role="row"]');
  await expect(rows).toHaveCount(4);
  // Interleaved in time: the incidents alternate, each named in the stream column.
  for (const [index, name] of [names[0], names[1], names[0], names[1]].entries()) {
    await expect(rows.nth(index)).toContainText(`${name} message`);
    await expect(rows.nth(index).getByRole('cell', { name: `stream ${name}` })).toBeVisible();
    await expect(rows.nth(index)).toContainText('Dana Ops');
  }
  await rows.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${organizationID}/type/event-timeline/event/\\d+$`));
  await expect(page.locator('[data-detail-panel="event"]')).toContainText(`${names[1]} message 0`);
  // One organization actor, one swimlane column, for both incidents' actors.
  await page.goto(`/organization/${organizationID}/type/actor-bar`);
  const table = page.getByRole('table', { name: /Events per actor/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Dana Ops');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('4');
  // No maps yet: the map says so and where to start.
  await page.goto(`/organization/${organizationID}/type/map`);
  await expect(page.locator('[data-picture="map"][data-empty="true"]')).toContainText(
    'No incident of this organization has a map yet.',
  );
  await expect(page.getByRole('link', { name: 'Create a map from a geo file' })).toBeVisible();
  await attachScreenshots(page, testInfo, 'organization-map-empty');
});

test('events without an actor: the swimlane and actor charts say why they are empty or what they leave out, and what to do', async ({
  page,
}, testInfo) => {
  const reason = "These events have no actor: choose an actor column in the stream's import settings.";
  // A stream of events none of which names an actor.
  const organization = await api<{ organization: { id: number } }>(page.request, 'POST', '/api/organization', {
    name: uniqueName('No actors'),
  });
  const organizationID = organization.organization.id;
  const made = await api<{ incident: { id: number } }>(
    page.request,
    'POST',
    `/api/organization/${organizationID}/incident`,
    { name: uniqueName('Disk audit') },
  );
  const incidentID = made.incident.id;
  const stream = await api<{ stream: { id: number } }>(page.request, 'POST', `/api/incident/${incidentID}/stream`, {
    name: 'audit log',
  });
  for (const minute of [0, 1, 2]) {
    await api(page.request, 'POST', `/api/incident/${incidentID}/event`, {
      streamID: stream.stream.id,
      message: `disk check ${minute}`,
      startTimestamp: Date.UTC(2026, 0, 5) * 1000 + minute * 60_000_000,
    });
  }
  for (const picture of ['swimlane', 'actor-bar', 'actor-circle', 'actor-scatter'] as const) {
    await page.goto(`/incident/${incidentID}/type/${picture}`);
    const empty = page.locator(`[data-picture="${picture}"][data-empty="true"]`);
    await expect(empty).toContainText(reason);
    await expect(empty.getByRole('link', { name: 'Open the stream audit log' })).toBeVisible();
  }
  await attachScreenshots(page, testInfo, 'no-actor-swimlane-empty');
  await page.getByRole('link', { name: 'Open the stream audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Stream audit log' })).toBeVisible();
  await page.goto(`/incident/${incidentID}/type/event-timeline`);
  await expect(page.locator('[data-picture="event-timeline"] [role="row"]')).toHaveCount(3);
  await page.goto(`/organization/${organizationID}/type/swimlane`);
  await expect(page.locator('[data-picture="swimlane"][data-empty="true"]')).toContainText(reason);

  // A Timesketch export: only the record that names a computer has an actor; the others are counted out loud.
  const timesketch = await importThroughPage(page, 'events/timesketch_sigma_events.jsonl');
  for (const picture of ['swimlane', 'actor-bar'] as const) {
    await page.goto(`/incident/${timesketch}/type/${picture}`);
    const note = page.getByRole('note').filter({
      hasText: "have no actor and are not drawn here: choose an actor column in the stream's import settings.",
    });
    await expect(note).toContainText(/^\d+ events? of \d+ have no actor/);
    await expect(note.getByRole('link', { name: /^Open the stream timesketch_sigma_events/ })).toBeVisible();
  }
  await attachScreenshots(page, testInfo, 'timesketch-swimlane-note');
});
