/*
 * A large incident's first open on a fresh device, as columnar chunks: the swimlane draws the first
 * page while the next one is still on its way (held here until the first is drawn: no timing), then
 * every event. With the network cut it opens again from its chunks, a marker added offline shows at
 * once among them, and reaches the server once when the network returns.
 */
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api } from './app-session.ts';
import { LARGE_INCIDENT_EVENTS, adminWithLargeIncident } from './large-incident.ts';
import { openMarkerDialog, submitMarker } from './marker-dialog.ts';

test('a large incident draws its first page while the rest arrives, then opens offline from its chunks and takes a marker', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(240_000);
  const incidentID = await adminWithLargeIncident(page, 'Columnar first open', 'columnar request');

  // The second page waits until the first one is on the screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const secondPage = /\/api\/incident\/\d+\/events\?.*after=/;
  await context.route(secondPage, async (route: Route) => {
    await held;
    await route.continue();
  });
  const swimlane = (events: number) =>
    page.locator(`[data-swimlane-canvas][aria-label^="Swimlane: ${events.toLocaleString('en')} events"]`);
  await page.goto(`/incident/${incidentID}/type/swimlane`);
  await expect(swimlane(10_000)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('sync-status')).not.toContainText(/Last synced \d/);
  await testInfo.attach('first page drawn', {
    body: await page.screenshot({ path: testInfo.outputPath('first-page.png') }),
    contentType: 'image/png',
  });
  release();
  await expect(swimlane(LARGE_INCIDENT_EVENTS)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('sync-status')).toContainText(/Last synced \d/, { timeout: 60_000 });
  await context.unroute(secondPage);

  // No network: the incident opens from its chunks, and a marker joins them at once.
  await page.goto(`/incident/${incidentID}`);
  await expect(page.getByTestId('sync-status')).toContainText(/Last synced \d/, { timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('sync-status')).toContainText('Offline · last synced', { timeout: 60_000 });
  await expect(page.getByText('columnar request 0', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  const dialog = await openMarkerDialog(page);
  await dialog.getByLabel('Time (UTC)').fill('2026-03-14 08:59:00');
  await dialog.getByLabel('Marker label').fill('Columnar marker, offline');
  const marker = await submitMarker(page, dialog, 'Columnar marker, offline');

  // Back online: the marker is sent once, and after the catch-up the list holds it once.
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const page1 = await api<{ events: Array<{ message: string; isMarker: boolean }> }>(
          page.request,
          'GET',
          `/api/incident/${incidentID}/events?limit=5`,
        );
        return page1.events.filter((event) => event.isMarker && event.message === 'Columnar marker, offline').length;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  await page.reload();
  await expect(page.getByTestId('sync-status')).toContainText(/Last synced \d/, { timeout: 60_000 });
  await expect(marker).toHaveCount(1);
  await expect(page.getByText('columnar request 0', { exact: true }).first()).toBeVisible();
});
