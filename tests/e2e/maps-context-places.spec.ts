/*
 * The globe's offline point context in Chromium (software WebGL), in light and dark: Natural Earth's
 * populated places and OurAirports' large airports are drawn, and a place's label that a track
 * runs through is hidden (data-context-labels-cleared), shown again once the track is hidden.
 * Waits on the globe's own signals (data-globe-idle, data-camera), never on time.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminWithNewIncident, openMapPicture, postMap } from './map-session.ts';
import { drawnGlobe } from './globe-pixels.ts';
import { chooseColorMode } from './stream-session.ts';

const MAP_NAME = 'Along the Seine';
const POINTS = 31;
const START_MICROS = Date.UTC(2024, 4, 2, 9, 0, 0) * 1000;
/** Paris in Natural Earth's populated places: its label starts just east of this point. */
const PARIS = { longitude: 2.353, latitude: 48.8581 };

/** 25 km due east through Paris at 400 m, along the row its label is drawn in. */
function eastwardGpx(): string {
  const points = Array.from({ length: POINTS }, (_, index) => {
    const longitude = PARIS.longitude - 0.05 + (index / (POINTS - 1)) * 0.35;
    const time = new Date(START_MICROS / 1000 + index * 20_000).toISOString();
    return `<trkpt lat="${PARIS.latitude.toFixed(6)}" lon="${longitude.toFixed(6)}"><ele>400</ele><time>${time}</time></trkpt>`;
  });
  return `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${MAP_NAME}</name><trkseg>${points.join('')}</trkseg></trk></gpx>`;
}

/** Zooms the camera out with the wheel over the globe, and waits until it is drawn where it stopped. */
async function zoomOut(page: Page, notches: number) {
  const canvas = page.getByTestId('map-globe').locator('canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the globe has no box');
  const camera = page.getByTestId('map-globe').locator('[data-camera]');
  const before = await camera.getAttribute('data-camera');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let notch = 0; notch < notches; notch += 1) await page.mouse.wheel(0, 200);
  await expect(camera).not.toHaveAttribute('data-camera', before ?? '', { timeout: 30_000 });
  await expect(page.getByTestId('map-globe').locator('[data-globe-idle="true"]')).toHaveCount(1, { timeout: 90_000 });
  // The wheel scrolls the page too: back to where the globe was looked at.
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function globeScreenshot(page: Page, path: string) {
  await page.getByTestId('map-globe').screenshot({ path });
}

test('places and airports are drawn on the globe, and a label a track runs through gives way to it', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const { dialogs, analyst, incidentID } = await adminWithNewIncident(page, 'Places');
  await postMap(page, incidentID, {
    name: MAP_NAME,
    icon: 'circle',
    colour: '#00b3ff',
    file: { name: 'seine.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(eastwardGpx()) },
  });
  await openMapPicture(page, incidentID, `${MAP_NAME} (${POINTS} points)`);
  const globe = await drawnGlobe(page, 1);
  await expect(globe).toHaveAttribute('data-context-places', '243');
  await expect(globe).toHaveAttribute('data-context-airports', '463');
  // Framed on the track, Paris's label would lie on it: it is hidden.
  await expect(globe).not.toHaveAttribute('data-context-labels-cleared', '0');
  await page.screenshot({ path: testInfo.outputPath('places-near-light.png') });

  const show = page.getByRole('checkbox', { name: `Show map ${MAP_NAME}` });
  await show.click();
  const empty = await drawnGlobe(page, 0);
  await expect(empty).toHaveAttribute('data-context-labels-cleared', '0');
  await show.click();
  await drawnGlobe(page, 1);

  // Higher up, northern France and its neighbours: places and airports with their labels.
  await zoomOut(page, 4);
  await globeScreenshot(page, testInfo.outputPath('places-region-light.png'));
  await chooseColorMode(page, analyst.name, 'dark');
  await drawnGlobe(page, 1);
  await page.screenshot({ path: testInfo.outputPath('places-region-dark.png') });
  await zoomOut(page, 4);
  await globeScreenshot(page, testInfo.outputPath('places-wide-dark.png'));
  await chooseColorMode(page, analyst.name, 'light');
  expect(dialogs).toEqual([]);
});
