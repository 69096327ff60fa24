/*
 * Issue 9 in Chromium: a map made from the FR24 flight track through the create-map view (columns
 * detected in the worker, valid and invalid counts shown before saving), then the globe draws the
 * track over Cesium's own imagery (pixels differ from the same view with the map hidden), and the
 * map is still drawn after an offline reload (service worker caches of Cesium and the API).
 */
import { join } from 'node:path';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { api } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { adminWithNewIncident, expectGeoCounts, firstGeoRow } from './map-session.ts';
import { differingPixels, globeShot } from './globe-pixels.ts';

const FR24 = join(FIXTURES_DIR, 'geo', 'fr24_JAL516_2024-01-02.csv');
const AIRDATA = join(FIXTURES_DIR, 'geo', 'airdata_dji_air2s_2021-09-05.csv');

test('a flight track becomes a map through the page, is drawn on the globe, and still is after an offline reload', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(240_000);
  const { dialogs, incidentID } = await adminWithNewIncident(page, 'Maps');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.goto(`/incident/${incidentID}/type/create-map`);
  await expect(page.getByRole('heading', { name: 'Create map' })).toBeVisible();

  // A log with rows that have no fix: the invalid rows are listed with line and reason.
  await page.getByLabel('Geo CSV').setInputFiles(AIRDATA);
  await expectGeoCounts(page, '11,498 valid points · 116 invalid rows');
  await expect(firstGeoRow(page, 'Invalid rows')).toContainText('has no position fix (latitude and longitude both 0)');

  await page.getByLabel('Geo CSV').setInputFiles(FR24);
  await expectGeoCounts(page, '305 valid points · 0 invalid rows');
  await expect(page.getByLabel('Read column 3 "Position" as')).toHaveValue('position');
  await expect(page.getByLabel('Read column 0 "Timestamp" as')).toHaveValue('timestamp');
  await expect(firstGeoRow(page, 'Valid points')).toContainText('2024-01-02 07:22:55');
  // A wrong mapping is named beside the columns; correcting it brings the points back.
  await page.getByLabel('Read column 3 "Position" as').selectOption('');
  await expect(page.getByRole('alert').filter({ hasText: 'latitude' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save map' })).toBeDisabled();
  await page.getByLabel('Read column 3 "Position" as').selectOption('position');
  await expectGeoCounts(page, '305 valid points · 0 invalid rows');
  await page.getByLabel('Name').fill('JAL516');
  await page.getByLabel('Icon').selectOption('airplane');
  await page.screenshot({ path: testInfo.outputPath('create-map.png'), fullPage: true });

  await page.getByRole('button', { name: 'Save map' }).click();
  await expect(page).toHaveURL(new RegExp(`/incident/${incidentID}/type/map$`), { timeout: 60_000 });
  const { incident } = await api<{
    incident: { incidentMaps: { id: number; name: string; validPointCount: number }[] };
  }>(page.request, 'GET', `/api/incident/${incidentID}`);
  expect(incident.incidentMaps).toMatchObject([{ name: 'JAL516', validPointCount: 305 }]);
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText('JAL516 (305 points)', {
    timeout: 60_000,
  });
  // Making the map is an audited UI action, with the map as its context (sent through the outbox).
  await expect
    .poll(async () =>
      (
        await api<{ actions: Array<{ incidentID: number | null; mapID: number | null; value: unknown }> }>(
          page.request,
          'GET',
          `/api/audit/ui?action=${encodeURIComponent('create map')}`,
        )
      ).actions.find((action) => action.incidentID === incidentID),
    )
    .toMatchObject({
      mapID: incident.incidentMaps[0]!.id,
      value: { name: 'JAL516', validPointCount: 305, invalidItemCount: 0 },
    });
  const withTrack = await globeShot(page, 1);
  await testInfo.attach('map', {
    body: await page.screenshot({ path: testInfo.outputPath('map.png'), fullPage: true }),
    contentType: 'image/png',
  });

  // The same view with the map hidden: the track and its symbol are what differs.
  const show = page.getByRole('checkbox', { name: 'Show map JAL516' });
  await show.click();
  await expect(page.getByRole('list', { name: 'Maps shown' })).not.toContainText('JAL516');
  const empty = await globeShot(page, 0);
  expect(await differingPixels(page, withTrack, empty)).toBeGreaterThan(200);
  await show.click();
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText('JAL516 (305 points)', {
    timeout: 60_000,
  });
  await page.evaluate(async () => navigator.serviceWorker.ready);

  // The map's own panel names its track and leads back to the picture.
  await page.goto(`/incident/${incidentID}/map/${incident.incidentMaps[0]!.id}`);
  const panel = page.getByRole('complementary', { name: 'map details' });
  await expect(panel.getByRole('heading', { name: 'JAL516' })).toBeVisible();
  await expect(panel).toContainText('305');
  await expect(panel).toContainText('2024-01-02 07:22:55');
  await panel.getByRole('link', { name: 'Replay on the map' }).click();
  await expect(page).toHaveURL(new RegExp(`/incident/${incidentID}/type/map$`));
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText('JAL516 (305 points)', {
    timeout: 60_000,
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText('JAL516 (305 points)', {
    timeout: 60_000,
  });
  const offline = await globeShot(page, 1);
  await testInfo.attach('map offline', {
    body: await page.screenshot({ path: testInfo.outputPath('map-offline.png'), fullPage: true }),
    contentType: 'image/png',
  });
  await context.setOffline(false);

  expect(await differingPixels(page, offline, empty)).toBeGreaterThan(200);
  expect(dialogs).toEqual([]);
});
