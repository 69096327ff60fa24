/*
 * A map's points reach the device with its incident, not only when the map picture is opened: syncing
 * the incident (opening its timeline) brings its maps' points into the mirror too. The demo's drone
 * incident and its flight log, in Chromium: the timeline only, then the map picture with every points
 * call refused draws its 1,281 points from the mirror.
 * NOTE: the globe's own code (Cesium, lazily loaded) reaching the device with the sync is what
 * maps-globe-offline.spec.ts covers.
 */
import { collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { DRONE_DEMO_SHOWN } from './demo-counts.ts';
import { drawnGlobe } from './globe-pixels.ts';
import { DEMO_ENV, droneDemoMap } from './screens-demo.ts';
import { mirroredPoints } from './mirror-idb.ts';

test.use({ serverEnv: DEMO_ENV });

test("the incident's sync brings its map's points: the map picture draws them with the points call refused", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const dialogs = collectDialogs(page);
  await openAsAdmin(page, '/');
  const { incident, map } = await droneDemoMap(page.request);
  expect(map).toMatchObject({ name: 'Survey drone flight (PX4 ulog)', validPointCount: 1281 });

  // The timeline only: the map picture is never opened while online.
  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByText(`${DRONE_DEMO_SHOWN} of ${DRONE_DEMO_SHOWN} events`)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => mirroredPoints(page, map.id), { timeout: 60_000 })
    .toMatchObject({ status: 'complete', loaded: 1281 });

  const pointCalls: string[] = [];
  await page.route('**/map/*/points**', (route) => {
    pointCalls.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await page.getByRole('link', { name: 'Map', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText(
    'Survey drone flight (PX4 ulog) (1,281 points)',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('map-globe').locator('canvas').first()).toBeVisible();
  await expect(page.getByText('The map could not be loaded')).toHaveCount(0);
  // The drone's flight framed obliquely: a path with its curtain, not a knot of dots under a label.
  await drawnGlobe(page, 1);
  await page.screenshot({ path: testInfo.outputPath('map-drone.png') });
  expect(pointCalls).toEqual([]);
  expect(dialogs).toEqual([]);
});
