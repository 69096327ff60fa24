/*
 * The globe's own code reaches the device with an incident that has a map, not only when the map
 * picture is first opened: in a fresh Chromium profile the demo's drone incident is opened online on
 * its timeline only; its sync warms the files the build lists in /globe-files.json (the lazily loaded
 * globe chunk, Cesium's workers, imagery and assets) into the service worker's Cesium cache. Offline,
 * the map picture then draws the globe with the flight track and the bundled context (coastlines,
 * borders, populated places, airports), every file it asks for answered.
 */
import { collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { DRONE_DEMO_SHOWN } from './demo-counts.ts';
import { differingPixels, globeShot } from './globe-pixels.ts';
import { mirroredPoints } from './mirror-idb.ts';
import { DEMO_ENV, droneDemoMap } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV });

const MAP_NAME = 'Survey drone flight (PX4 ulog)';

interface GlobeFiles {
  version: string;
  files: { url: string; bytes: number }[];
}

test('an incident synced online brings the globe: its map picture, never opened online, draws offline', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(240_000);
  const dialogs = collectDialogs(page);
  await openAsAdmin(page, '/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const { incident, map } = await droneDemoMap(page.request);
  expect(map).toMatchObject({ name: MAP_NAME, validPointCount: 1281 });
  const list = (await (await page.request.get('/globe-files.json')).json()) as GlobeFiles;
  const globeChunk = list.files.find((file) => /^\/assets\/map-globe-[\w-]+\.js$/.test(file.url));
  expect(globeChunk, 'the build lists the globe chunk').toBeDefined();
  expect(list.files.some((file) => file.url.startsWith('/cesium/Workers/'))).toBe(true);
  expect(list.files.some((file) => file.url.startsWith('/cesium/Assets/Textures/NaturalEarthII/'))).toBe(true);

  // Online, the timeline only: the map picture (and with it the globe's chunk) is never opened.
  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByText(`${DRONE_DEMO_SHOWN} of ${DRONE_DEMO_SHOWN} events`)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => mirroredPoints(page, map.id), { timeout: 60_000 })
    .toMatchObject({ status: 'complete', loaded: 1281 });

  // The warm-up is done when it remembers this build's list, and every listed file is in a cache.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('churchkey-globe-files-warmed')), { timeout: 120_000 })
    .toBe(list.version);
  const missing = await page.evaluate(
    async (urls) => {
      const absent: string[] = [];
      for (const url of urls) if (!(await caches.match(url))) absent.push(url);
      return absent;
    },
    list.files.map((file) => file.url),
  );
  expect(missing).toEqual([]);
  expect(
    await page.evaluate(
      async (url) => Boolean(await (await caches.open('churchkey-cesium')).match(url)),
      globeChunk!.url,
    ),
  ).toBe(true);

  await context.setOffline(true);
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/cesium/') || pathname.startsWith('/assets/'))
      failed.push(`${pathname}: ${request.failure()?.errorText}`);
  });
  await page.goto(`/incident/${incident.id}/type/map`);
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText(`${MAP_NAME} (1,281 points)`, {
    timeout: 60_000,
  });
  const withTrack = await globeShot(page, 1);
  // The offline context, from the service worker's precache: lines, populated places and airports.
  const globe = page.getByTestId('map-globe').locator('[data-drawn-tracks="1"]');
  await expect(globe).toHaveAttribute('data-context-lines', String(1597 + 362));
  await expect(globe).toHaveAttribute('data-context-places', '243');
  await expect(globe).toHaveAttribute('data-context-airports', '463');
  await expect(page.getByText('Loading the globe…')).toHaveCount(0);
  await expect(page.getByText('The map could not be loaded')).toHaveCount(0);
  await testInfo.attach('map offline', {
    body: await page.screenshot({ path: testInfo.outputPath('map-offline.png'), fullPage: true }),
    contentType: 'image/png',
  });

  // The same view with the map hidden: the drawn track is what differs.
  const show = page.getByRole('checkbox', { name: `Show map ${MAP_NAME}` });
  await show.click();
  await expect(page.getByRole('list', { name: 'Maps shown' })).not.toContainText(MAP_NAME);
  const empty = await globeShot(page, 0);
  expect(await differingPixels(page, withTrack, empty)).toBeGreaterThan(200);
  await show.click();
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText(`${MAP_NAME} (1,281 points)`, {
    timeout: 60_000,
  });
  await context.setOffline(false);

  expect(failed).toEqual([]);
  expect(dialogs).toEqual([]);
});
