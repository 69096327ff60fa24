/*
 * Cheap reads in Chromium: an incident opened again in the same page asks only what changed since the
 * number it holds (delta sync): no payload and no event page travel, and the page still shows the
 * incident as synced from what it already holds. A payload asked for again is revalidated (ETag, 304).
 */
import type { APIRequestContext } from '@playwright/test';
import { api, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { WRITABLE_DEMO_ENV } from './screens-demo.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV });

async function demoIncident(request: APIRequestContext) {
  const { incidents } = await api<{
    incidents: { items: Array<{ id: number; name: string; counts: { events: number } }> };
  }>(request, 'GET', '/api/incidents');
  const incident = incidents.items.find((item) => item.counts.events > 0);
  if (!incident) throw new Error('the demo incident is missing');
  return incident;
}

test('an incident opened again asks only what changed: no payload body and no event page travel', async ({ page }) => {
  // Every incident read from the start, so a payload read before the incident is known is seen too.
  const answers: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/incident/')) answers.push({ path, status: response.status() });
  });
  await openAsAdmin(page);
  const incident = await demoIncident(page.request);
  const payloadPath = `/api/incident/${incident.id}`;

  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByRole('heading', { name: incident.name })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Last synced', { timeout: 30_000 });
  // Playwright may report the response a moment after the page shows what it brought.
  await expect
    .poll(() => answers.find((answer) => answer.path === payloadPath)?.status, {
      message: 'the first open gets the payload',
    })
    .toBe(200);

  await page.getByRole('banner').getByRole('link', { name: 'Churchkey' }).click();
  await expect(page.getByRole('heading', { name: incident.name })).toBeHidden();
  answers.length = 0;
  const caughtUp = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `${payloadPath}/changes` && response.status() === 200,
  );
  await page.goBack();
  await caughtUp;
  await expect(page.getByRole('heading', { name: incident.name })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Last synced');
  // Nothing changed: the payload, if asked for at all, is answered 304 with no body, and no events are paged.
  expect(answers.filter((answer) => answer.path === payloadPath && answer.status === 200)).toEqual([]);
  expect(answers.filter((answer) => answer.path === `${payloadPath}/events`)).toEqual([]);
});
