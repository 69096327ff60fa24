/*
 * Offline-first in Chromium: an incident opened once opens again with the network cut, after a
 * reload too, from the local mirror; writes made offline wait in the outbox (the header counts
 * them), survive closing the page, and reach the server once each, in order, when the network
 * returns, even when an answer is lost on the way back.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { analystMenuButton, api, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';

// A server of its own, with the demo organization a fresh server loads (server/demo/).
test.use({ serverEnv: { DEMO_DATA: 'true' } });

interface IncidentSummary {
  id: number;
  name: string;
  counts: { events: number };
}

async function demoIncident(request: APIRequestContext): Promise<IncidentSummary> {
  const { incidents } = await api<{ incidents: { items: IncidentSummary[] } }>(request, 'GET', '/api/incidents');
  const incident = incidents.items.find((item) => item.counts.events > 0);
  if (!incident) throw new Error('the demo incident is missing');
  return incident;
}

/** Opens the incident and waits until this device holds it whole and a service worker controls the page. */
async function openAndMirror(page: Page, incident: IncidentSummary) {
  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByRole('heading', { name: incident.name })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Last synced', { timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The mirror's own record of the incident, read straight from IndexedDB. */
function mirroredEventCount(page: Page, incidentID: number): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('churchkey-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const index = open.result.transaction('events').objectStore('events').index('[incidentID+startTimestamp]');
          const count = index.count(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    incidentID,
  );
}

test('an incident opened once opens again with no network, after a reload too, and is listed as kept on this device', async ({ page, context }, testInfo) => {
  const { analyst } = await openAsAdmin(page);
  const incident = await demoIncident(page.request);
  const firstPage = await api<{ events: Array<{ message: string }> }>(page.request, 'GET', `/api/incident/${incident.id}/events?limit=1`);
  await openAndMirror(page, incident);
  expect(await mirroredEventCount(page, incident.id)).toBe(incident.counts.events);

  await context.setOffline(true);
  await page.reload();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  await expect(page.getByRole('heading', { name: incident.name })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Offline · last synced');
  await expect(page.getByText(firstPage.events[0]!.message, { exact: false }).first()).toBeVisible();
  await testInfo.attach('incident offline', { body: await page.screenshot({ path: testInfo.outputPath('incident-offline.png') }), contentType: 'image/png' });

  await page.goto('/settings/configuration');
  const row = page.getByRole('table', { name: 'Incidents on this device' }).getByRole('row', { name: new RegExp(incident.name) });
  await expect(row).toContainText(incident.counts.events.toLocaleString('en'));
  await expect(page.getByTestId('storage-usage')).toContainText(/used of/);
  await testInfo.attach('storage offline', { body: await page.screenshot({ path: testInfo.outputPath('storage-offline.png'), fullPage: true }), contentType: 'image/png' });

  // Removing it frees the device of it (the server keeps it).
  await row.getByRole('button', { name: `Remove ${incident.name} from this device` }).click();
  await expect(row).toBeHidden();
  expect(await mirroredEventCount(page, incident.id)).toBe(0);
  await context.setOffline(false);
});
