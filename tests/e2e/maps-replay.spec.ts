/*
 * Issue 9, "in step with the incident's events, with or without a network", in Chromium: the FR24
 * flight track as a map of an incident with markers at its pushback, take-off and landing. Playing
 * or scrubbing the map's clock marks the event the track is passing in the events list under the
 * globe (aria-current="time"); selecting an event moves the clock to it. The points are kept in the
 * device's mirror (IndexedDB), so after going offline and reloading the track is still drawn, with
 * no copy of the points call in the service worker's cache to answer for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { api } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { adminWithNewIncident, openMapPicture, postMap } from './map-session.ts';
import { chooseColorMode } from './stream-session.ts';
import { drawnGlobe } from './globe-pixels.ts';
import { mirroredPoints } from './mirror-idb.ts';

const FR24 = join(FIXTURES_DIR, 'geo', 'fr24_JAL516_2024-01-02.csv');
// Rows of the fixture: the first point, the start of the climb, the first point on the ground at Haneda.
const MARKERS = [
  { message: 'Pushback from the gate', startTimestamp: 1_704_180_175_000_000 },
  { message: 'Take-off roll', startTimestamp: 1_704_180_458_000_000 },
  { message: 'Touchdown at Haneda', startTimestamp: 1_704_185_236_000_000 },
];

const eventsList = (page: Page) => page.getByRole('table', { name: 'Events at the map time' });
const row = (page: Page, message: string) => eventsList(page).getByRole('row').filter({ hasText: message });
const currentRows = (page: Page) => eventsList(page).locator('[role="row"][aria-current="time"]');

test('the map replays in step with the events both ways, and its points replay offline from the mirror', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(360_000);
  const { dialogs, analyst, incidentID } = await adminWithNewIncident(page, 'Replay');
  for (const marker of MARKERS) await api(page.request, 'POST', `/api/incident/${incidentID}/marker`, marker);
  const mapID = await postMap(page, incidentID, {
    name: 'JAL516',
    icon: 'airplane',
    file: { name: 'fr24.csv', mimeType: 'text/csv', buffer: readFileSync(FR24) },
  });
  await page.evaluate(async () => navigator.serviceWorker.ready);

  await openMapPicture(page, incidentID, 'JAL516 (305 points)');
  await expect(eventsList(page).getByRole('row')).toHaveCount(3);

  // The clock starts at the track's first point: the pushback is the event being passed.
  await expect(page.getByTestId('map-time')).toHaveText('2024-01-02 07:22:55');
  await expect(currentRows(page)).toHaveCount(1);
  await expect(row(page, 'Pushback from the gate')).toHaveAttribute('aria-current', 'time');

  // Playing moves the clock along the track; the take-off roll becomes the current event.
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(row(page, 'Take-off roll')).toHaveAttribute('aria-current', 'time', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(row(page, 'Pushback from the gate')).not.toHaveAttribute('aria-current', 'time');

  // Scrubbing to the end: the landing is current.
  await page.getByRole('slider', { name: 'Map time' }).fill('1000');
  await expect(page.getByTestId('map-time')).toHaveText('2024-01-02 08:47:23');
  await expect(row(page, 'Touchdown at Haneda')).toHaveAttribute('aria-current', 'time');
  await expect(currentRows(page)).toHaveCount(1);

  // Selecting an event moves the clock to it (and opens it beside the picture).
  await row(page, 'Take-off roll').click();
  await expect(page).toHaveURL(new RegExp(`/incident/${incidentID}/type/map/event/\\d+$`));
  await expect(page.getByTestId('map-time')).toHaveText('2024-01-02 07:27:38');
  await expect(row(page, 'Take-off roll')).toHaveAttribute('aria-current', 'time');
  await expect(row(page, 'Take-off roll')).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: testInfo.outputPath('map-replay-light.png'), fullPage: true });
  await chooseColorMode(page, analyst.name, 'dark');
  await page.screenshot({ path: testInfo.outputPath('map-replay-dark.png'), fullPage: true });
  await chooseColorMode(page, analyst.name, 'light');

  // The points are on the device: every page of them, written by the mirror's own sync.
  await expect.poll(() => mirroredPoints(page, mapID)).toMatchObject({ status: 'complete', loaded: 305 });
  const cachedPointCalls = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls.filter((url) => url.includes('/points'));
  });
  expect(cachedPointCalls).toEqual([]);

  await context.setOffline(true);
  await page.goto(`/incident/${incidentID}/type/map`);
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText('JAL516 (305 points)', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('map-globe').locator('canvas').first()).toBeVisible();
  await expect(page.getByText('The map could not be loaded')).toHaveCount(0);
  await page.getByRole('slider', { name: 'Map time' }).fill('1000');
  await expect(row(page, 'Touchdown at Haneda')).toHaveAttribute('aria-current', 'time');
  await drawnGlobe(page, 1);
  await page.screenshot({ path: testInfo.outputPath('map-offline.png'), fullPage: true });
  await context.setOffline(false);
  expect(dialogs).toEqual([]);
});
