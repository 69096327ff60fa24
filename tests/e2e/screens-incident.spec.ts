/*
 * The incident page on the demo data: the timeline with its rows and markers, the side panel's
 * switches and filter modes, the toolbar (zone, interval, search) with their errors, the views,
 * and the view state surviving a reload.
 */
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV });

test('the incident page shows the timeline with markers, the side panel and the sync state', async ({
  page,
}, testInfo) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByRole('heading', { name: 'Orders database failover' })).toBeVisible();
  const list = page.getByTestId('event-timeline-list');
  await expect(list.getByText('ack #4821, looking.', { exact: false })).toBeVisible();
  await expect(list.locator('[data-marker="true"]').first()).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Last synced');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Demo: Example Corp' })).toHaveAttribute(
    'href',
    `/organization/${incident.organizationID}`,
  );
  await expect(breadcrumb.getByRole('link', { name: 'Orders database failover' })).toHaveAttribute(
    'href',
    `/incident/${incident.id}`,
  );
  const panel = page.getByTestId('incident-side-panel');
  await expect(panel.getByText('#inc-4821-orders-db (chat)')).toBeVisible();
  await expect(panel.getByText('Marcus Chen')).toBeVisible();
  await attachScreenshots(page, testInfo, 'incident-timeline');
});

test('the views: events table sorted on several fields, server search with marked snippets, annotations, tags, streams, actors, other pictures', async ({
  page,
}, testInfo) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  await page.goto(`/incident/${incident.id}/events`);
  const table = page.getByRole('table', { name: 'Events table' });
  await expect(table.locator('[data-event-id]').first()).toContainText('PostgresReplicationLag');
  await table.getByRole('button', { name: 'Actor' }).click();
  await expect(table.getByRole('columnheader', { name: /Actor/ })).toHaveAttribute('aria-sort', 'ascending');
  await table.getByRole('button', { name: /Time/ }).click({ modifiers: ['Shift'] });
  await expect(table.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', /ascending|descending/);
  // Markers have no actor and sort first; the time order holds within each actor.
  await expect(table.locator('[data-event-id]').first()).toContainText('marker');
  await expect(table.locator('[data-event-id]').filter({ hasText: 'alertmanager' }).first()).toContainText(
    'PostgresReplicationLag',
  );
  await attachScreenshots(page, testInfo, 'events-table');
  await table.locator('[data-event-id]').first().click();
  await expect(page.locator('[data-detail-panel="event"]')).toBeVisible();

  await page.goto(`/incident/${incident.id}/event-search`);
  await page.getByLabel('Search the incident').fill('failover');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.locator('mark').first()).toHaveText(/failover/i);
  await page.getByLabel('Search the incident').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('search').getByRole('alert')).toHaveText('is required');

  await page.goto(`/incident/${incident.id}/annotations`);
  await page.getByLabel('Annotation type').selectOption('marker');
  await expect(page.locator('[data-annotation-type]').first()).toHaveAttribute('data-annotation-type', 'marker');
  await expect(page.locator('[data-annotation-type="event_note"]')).toHaveCount(0);
  await page.getByLabel('Annotation type').selectOption('all');
  await page.getByLabel('Containing').fill('grafana');
  await expect(page.locator('[data-annotation-type="incident_link"]').first()).toBeVisible();

  await page.goto(`/incident/${incident.id}/tags`);
  await expect(page.getByRole('region', { name: 'Tags' }).getByRole('row', { name: /root-cause/ })).toContainText('2');
  await page.goto(`/incident/${incident.id}/streams`);
  await expect(
    page.getByRole('region', { name: 'Streams' }).getByRole('link', { name: 'db-orders admin shell log' }),
  ).toBeVisible();
  await page.goto(`/incident/${incident.id}/actors`);
  await expect(page.getByRole('region', { name: 'Actors' }).getByRole('row', { name: /Marcus Chen/ })).toContainText(
    '13',
  );
  await page.goto(`/incident/${incident.id}/type/incident-bar`);
  // This incident among its organization's, at the analyst's visualization height.
  const picture = page.locator('[data-picture="incident-bar"]');
  await expect(
    picture.getByRole('table').getByRole('cell', { name: 'Orders database failover', exact: true }),
  ).toBeVisible();
  expect((await page.locator('[data-chart-canvas="incident-bar"]').boundingBox())?.height).toBe(600);
});
