/*
 * Issue 18's 3D map in Chromium (software WebGL): a climbing track framed obliquely shows its curtain
 * (pixels between the symbol and the ground under it turn towards the map's colour), in light and
 * dark; the Follow toggle keeps the camera on the replay and leaves it still when off; the Natural
 * Earth coastlines and borders, populated places and airports are drawn, also after an offline reload. Waits on the globe's own signals
 * (data-globe-idle, data-cursor), never on time.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminWithNewIncident, openMapPicture, postMap } from './map-session.ts';
import { drawnGlobe, globeShot } from './globe-pixels.ts';
import { pngPixels } from './png-pixels.ts';
import { chooseColorMode } from './stream-session.ts';

const MAP_NAME = 'Climb out';
const COLOUR = '#ff00ff';
const POINTS = 41;
const START_MICROS = Date.UTC(2024, 2, 1, 10, 0, 0) * 1000;
const STEP_SECONDS = 10;
/** The Natural Earth lines bundled (public/natural-earth/context.json): coastlines and borders. */
const CONTEXT_LINES = 1597 + 362;
/** Natural Earth's populated places and OurAirports' large airports bundled in the same file. */
const CONTEXT_PLACES = 243;
const CONTEXT_AIRPORTS = 463;

async function expectContext(globe: Locator) {
  await expect(globe).toHaveAttribute('data-context-lines', String(CONTEXT_LINES));
  await expect(globe).toHaveAttribute('data-context-places', String(CONTEXT_PLACES));
  await expect(globe).toHaveAttribute('data-context-airports', String(CONTEXT_AIRPORTS));
}

/** A 10 km climb to 3,000 m towards the north-east, one point every 10 s. */
function climbGpx(): string {
  const points = Array.from({ length: POINTS }, (_, index) => {
    const share = index / (POINTS - 1);
    const time = new Date(START_MICROS / 1000 + index * STEP_SECONDS * 1000).toISOString();
    return `<trkpt lat="${(35 + share * 0.064).toFixed(6)}" lon="${(139 + share * 0.078).toFixed(6)}"><ele>${(share * 3000).toFixed(1)}</ele><time>${time}</time></trkpt>`;
  });
  return `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${MAP_NAME}</name><trkseg>${points.join('')}</trkseg></trk></gpx>`;
}

/** The cursor the map's slider sets at `permille` of the track's span. */
const cursorAt = (permille: number) => START_MICROS + Math.round((permille / 1000) * (POINTS - 1) * STEP_SECONDS * 1e6);

async function scrubTo(page: Page, permille: number) {
  await page.getByRole('slider', { name: 'Map time' }).fill(String(permille));
  const globe = page.getByTestId('map-globe').locator(`[data-cursor="${cursorAt(permille)}"][data-globe-idle="true"]`);
  await expect(globe).toHaveCount(1, { timeout: 60_000 });
  return globe;
}

const pairOf = (text: string | null): [number, number] => {
  const [x = Number.NaN, y = Number.NaN] = (text ?? '').split(',').map(Number);
  return [x, y];
};

/** Share of pixels on the line from the symbol to the ground (ends left out) tinted towards magenta in `shown` against `hidden`. */
async function tintedShare(
  page: Page,
  shown: Buffer,
  hidden: Buffer,
  from: [number, number],
  to: [number, number],
): Promise<number> {
  const [a, b] = [await pngPixels(page, shown), await pngPixels(page, hidden)];
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  let [tinted, sampled] = [0, 0];
  // Past the symbol and its leader (18 px), short of the shadow on the ground (6 px).
  for (let along = 18; along < length - 6; along += 1) {
    const x = Math.round(from[0] + ((to[0] - from[0]) * along) / length);
    const y = Math.round(from[1] + ((to[1] - from[1]) * along) / length);
    const at = (y * a.width + x) * 4;
    const [dr, dg, db] = [
      a.data[at]! - b.data[at]!,
      a.data[at + 1]! - b.data[at + 1]!,
      a.data[at + 2]! - b.data[at + 2]!,
    ];
    sampled += 1;
    if (dr + db - 2 * dg > 40) tinted += 1;
  }
  return sampled === 0 ? 0 : tinted / sampled;
}

test('the map frames a climb obliquely with its curtain, follows the replay when asked, and draws its context offline', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(300_000);
  const { dialogs, analyst, incidentID } = await adminWithNewIncident(page, 'Oblique');
  await postMap(page, incidentID, {
    name: MAP_NAME,
    icon: 'airplane',
    colour: COLOUR,
    file: { name: 'climb.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(climbGpx()) },
  });
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await openMapPicture(page, incidentID, `${MAP_NAME} (${POINTS} points)`);
  await expectContext(await drawnGlobe(page, 1));

  // Halfway up the climb (1,500 m): the curtain hangs between the symbol and the ground under it.
  const halfway = await scrubTo(page, 500);
  const symbol = pairOf(await halfway.getAttribute('data-symbol'));
  const ground = pairOf(await halfway.getAttribute('data-symbol-ground'));
  expect(ground[1] - symbol[1], 'the ground lies below the symbol on screen: the view is oblique').toBeGreaterThan(40);
  expect(Math.abs(ground[0] - symbol[0])).toBeLessThan((ground[1] - symbol[1]) / 2);
  // The track runs across the view (its curtain face-on), not away from the camera.
  const early = pairOf(await (await scrubTo(page, 300)).getAttribute('data-symbol'));
  const late = pairOf(await (await scrubTo(page, 700)).getAttribute('data-symbol'));
  expect(Math.abs(late[0] - early[0])).toBeGreaterThan(2 * Math.abs(late[1] - early[1]));
  await scrubTo(page, 500);
  const shown = await globeShot(page, 1);
  await page.screenshot({ path: testInfo.outputPath('map-oblique-light.png') });
  const show = page.getByRole('checkbox', { name: `Show map ${MAP_NAME}` });
  await show.click();
  const hidden = await globeShot(page, 0);
  expect(await tintedShare(page, shown, hidden, symbol, ground)).toBeGreaterThan(0.8);
  await show.click();
  await chooseColorMode(page, analyst.name, 'dark');
  await scrubTo(page, 500);
  const shownDark = await globeShot(page, 1);
  await page.screenshot({ path: testInfo.outputPath('map-oblique-dark.png') });
  expect(await tintedShare(page, shownDark, hidden, symbol, ground)).toBeGreaterThan(0.8);
  await chooseColorMode(page, analyst.name, 'light');

  // Follow: the camera moves with the map time as the track does; off, it stays where it is.
  const follow = page.getByRole('button', { name: 'Follow' });
  await follow.press('Enter');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  const before = pairOf(await (await scrubTo(page, 0)).getAttribute('data-camera'));
  const after = pairOf(await (await scrubTo(page, 1000)).getAttribute('data-camera'));
  // The track runs 0.078° east and 0.064° north; the camera keeps its bearing to the symbol.
  expect(after[0] - before[0]).toBeCloseTo(0.078, 2);
  expect(after[1] - before[1]).toBeCloseTo(0.064, 2);
  const camera = page.getByTestId('map-globe').locator('[data-camera]');
  const atEnd = await camera.getAttribute('data-camera');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(camera).not.toHaveAttribute('data-camera', atEnd ?? '', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Pause' }).click();
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const still = await (await scrubTo(page, 1000)).getAttribute('data-camera');
  expect(await (await scrubTo(page, 200)).getAttribute('data-camera')).toBe(still);

  // Offline after this first load: the coastlines and borders come from the service worker's precache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText(`${MAP_NAME} (${POINTS} points)`, {
    timeout: 60_000,
  });
  await expectContext(await drawnGlobe(page, 1));
  await page.screenshot({ path: testInfo.outputPath('map-oblique-offline.png'), fullPage: true });
  await context.setOffline(false);
  expect(dialogs).toEqual([]);
});
