/*
 * Cheap reads in Chromium: an incident opened again in the same page sends back the ETag its last
 * answer carried, the server answers 304 with no payload, and the page shows the incident as synced
 * from what it already holds.
 */
import type { APIRequestContext } from '@playwright/test';
import { api, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { WRITABLE_DEMO_ENV } from './screens-demo.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV });

async function demoIncident(request: APIRequestContext) {
  const { incidents } = await api<{ incidents: { items: Array<{ id: number; name: string; counts: { events: number } }> } }>(request, 'GET', '/api/incidents');
  const incident = incidents.items.find((item) => item.counts.events > 0);
  if (!incident) throw new Error('the demo incident is missing');
  return incident;
}

test('an incident opened again is revalidated: 304, no payload, and it still shows as synced', async ({ page }) => {
  await openAsAdmin(page);
  const incident = await demoIncident(page.request);
  const payloadPath = `/api/incident/${incident.id}`;
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === payloadPath) statuses.push(response.status());
  });

  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByRole('heading', { name: incident.name })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Last synced', { timeout: 30_000 });
  expect(statuses[0], 'the first open gets the payload').toBe(200);

  await page.getByRole('banner').getByRole('link', { name: 'Churchkey' }).click();
  await expect(page.getByRole('heading', { name: incident.name })).toBeHidden();
  const revalidated = page.waitForResponse((response) => new URL(response.url()).pathname === payloadPath && response.status() === 304);
  await page.goBack();
  const answer = await revalidated;
  expect(answer.headers()['content-length'] ?? '0', 'a 304 carries no payload').toBe('0');
  await expect(page.getByRole('heading', { name: incident.name })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Last synced');
});
