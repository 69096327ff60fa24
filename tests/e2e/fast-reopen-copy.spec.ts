/*
 * The fast copy of a large incident's event numbers (issue 20's reopen, src/data/mirror/event-numbers-copy.ts):
 * written once the page is idle, read by the next reopen; a copy older than a change caught up since is
 * never shown (the device reads IndexedDB and writes the copy again); the swimlane draws offline from it;
 * the storage list counts it and removing the incident removes it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api } from './app-session.ts';
import {
  COPY_DIRECTORY,
  LARGE_INCIDENT_START,
  adminWithLargeIncident,
  copyHeader,
  largeIncidentSwimlane,
  openSwimlaneUntilCopied,
} from './large-incident.ts';

/** Keeps the copy as it is now aside, or puts what was kept aside back in its place. */
function moveCopy(page: Page, incidentID: number, direction: 'aside' | 'back'): Promise<void> {
  return page.evaluate(
    async ({ directory, incidentID, direction }) => {
      const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(directory);
      const [from, to] =
        direction === 'aside'
          ? [`incident-${incidentID}.bin`, 'kept-aside.bin']
          : ['kept-aside.bin', `incident-${incidentID}.bin`];
      const bytes = await (await (await folder.getFileHandle(from)).getFile()).arrayBuffer();
      const writable = await (await folder.getFileHandle(to, { create: true })).createWritable();
      await writable.write(bytes);
      await writable.close();
    },
    { directory: COPY_DIRECTORY, incidentID, direction },
  );
}

const readFromCopy = (page: Page) =>
  page.evaluate(
    () =>
      performance
        .getEntriesByType('measure')
        .filter((entry) => entry.name.startsWith('churchkey: event numbers read from the fast copy')).length,
  );

test('a large incident reopens from its fast copy, never from one older than a change it caught up', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const incidentID = await adminWithLargeIncident(page, 'Fast reopen');
  const swimlane = largeIncidentSwimlane(page);

  await openSwimlaneUntilCopied(page, incidentID);

  // Reopened: the numbers come from the copy, and the swimlane counts every event as before.
  await page.reload();
  await expect(swimlane).toBeVisible({ timeout: 60_000 });
  await expect(swimlane).toHaveAttribute('data-swimlane-idle', 'true');
  expect(await readFromCopy(page)).toBe(1);
  // As the app started, by the copy's worker, with the stamps it was checked against.
  expect(
    await page.evaluate(
      () =>
        performance.getEntriesByName('churchkey: event numbers read from the fast copy, checked in its worker').length,
    ),
  ).toBe(1);
  await moveCopy(page, incidentID, 'aside');
  const keptAside = await copyHeader(page, incidentID);

  // Another device adds a marker; this one catches it up while its events are shown.
  await page.goto(`/incident/${incidentID}/events`);
  await expect(page.getByText('request 0', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await api(page.request, 'POST', `/api/incident/${incidentID}/marker`, {
    message: 'Impact after the copy',
    startTimestamp: (LARGE_INCIDENT_START - 60_000) * 1000,
  });
  await expect(page.getByText('Impact after the copy').first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => copyHeader(page, incidentID), { timeout: 60_000 }).not.toBe(keptAside);

  // The copy from before the marker put back: reopened with no network, the marker is still shown
  // (read from IndexedDB), and the copy is written again.
  await moveCopy(page, incidentID, 'back');
  expect(await copyHeader(page, incidentID)).toBe(keptAside);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Impact after the copy').first()).toBeVisible({ timeout: 60_000 });
  expect(await readFromCopy(page)).toBe(0);
  await expect.poll(() => copyHeader(page, incidentID), { timeout: 60_000 }).not.toBe(keptAside);

  // Offline still: the swimlane draws every event from the renewed copy.
  await page.goto(`/incident/${incidentID}/type/swimlane`);
  await expect(page.getByTestId('sync-status')).toContainText('Offline · last synced', { timeout: 60_000 });
  await expect(swimlane).toBeVisible({ timeout: 60_000 });
  await expect(swimlane).toHaveAttribute('data-swimlane-idle', 'true');
  expect(await readFromCopy(page)).toBe(1);
  await context.setOffline(false);

  // The storage list counts the copy; removing the incident from the device removes it.
  await page.goto('/settings/configuration');
  const row = page
    .getByRole('table', { name: 'Incidents on this device' })
    .locator(`[data-mirrored-incident="${incidentID}"]`);
  await expect(row).toContainText(/\d+(\.\d)? KB/);
  await page.screenshot({ path: test.info().outputPath('storage-with-fast-copy.png'), fullPage: true });
  await row.getByRole('button', { name: /^Remove .*Fast reopen.* from this device$/ }).click();
  await expect(row).toBeHidden();
  expect(await copyHeader(page, incidentID)).toBe('');
});
