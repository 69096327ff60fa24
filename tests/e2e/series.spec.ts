/*
 * The uPlot series on the demo incidents, in Chromium, light and dark: events over time under the
 * timeline and the swimlane draws coloured bars (read from its canvas pixels), follows the shared
 * time cursor (data-cursor-micros), and a brush across it sets the incident's time interval; the
 * track telemetry beside the map draws the drone's altitude and speeds, in switchable units.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident, DRONE_INCIDENT } from './screens-demo.ts';

// Tall enough that the picture and the series under it are both on screen.
test.use({ serverEnv: DEMO_ENV, viewport: { width: 1280, height: 1200 } });

/** Pixels of a series' canvas that carry a saturated colour (bars and lines, not the grid or text), and how many distinct such colours. */
async function seriesInk(plot: Locator): Promise<{ inked: number; colours: number }> {
  return plot
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context) return { inked: 0, colours: 0 };
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let inked = 0;
      const colours = new Set<number>();
      for (let at = 0; at < data.length; at += 4) {
        const [r, g, b, a] = [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
        if (a < 200 || Math.max(r, g, b) - Math.min(r, g, b) < 60) continue;
        inked += 1;
        colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
      }
      return { inked, colours: colours.size };
    });
}

async function openPicture(page: Page, picture: string, incidentName?: string): Promise<number> {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request, incidentName);
  await page.goto(`/incident/${incident.id}/type/${picture}`);
  return incident.id;
}

function eventsOverTime(page: Page): Locator {
  return page.locator('[data-picture="events-over-time"]');
}

for (const theme of ['light', 'dark'] as const) {
  test(`events over time draws the demo incident in stream colours under the timeline and the swimlane (${theme})`, async ({
    page,
  }, testInfo) => {
    const incidentID = await openPicture(page, 'event-timeline');
    await page.evaluate((value) => (document.documentElement.dataset['theme'] = value), theme);
    const series = eventsOverTime(page);
    await expect(series).toHaveAttribute('data-state', 'drawn');
    await expect(
      series.getByRole('heading', { name: /^Events over time, [\d,]+ events, \d+ markers?$/ }),
    ).toBeVisible();
    const ink = await seriesInk(series);
    expect(ink.inked).toBeGreaterThan(300);
    // Several streams stacked: several colours.
    expect(ink.colours).toBeGreaterThanOrEqual(2);

    await page.goto(`/incident/${incidentID}/type/swimlane`);
    await page.evaluate((value) => (document.documentElement.dataset['theme'] = value), theme);
    await expect(page.locator('[data-swimlane-canvas]')).toHaveAttribute('data-mode', /boxes|bins/);
    await expect(series).toHaveAttribute('data-state', 'drawn');
    expect((await seriesInk(series)).inked).toBeGreaterThan(300);
    await series.getByRole('button', { name: 'By actor' }).press('Enter');
    await expect(series).toHaveAttribute('data-stack-by', 'actor');
    await expect(series.getByRole('button', { name: 'By actor' })).toHaveAttribute('aria-pressed', 'true');
    await attachScreenshots(page, testInfo, `events-over-time-${theme}`);
  });
}

/** The swimlane of the demo incident with its events over time beneath, both drawn. */
async function openSwimlaneWithSeries(page: Page): Promise<{ canvas: Locator; series: Locator }> {
  await openPicture(page, 'swimlane');
  const canvas = page.locator('[data-swimlane-canvas]');
  await expect(canvas).toHaveAttribute('data-mode', /boxes|bins/);
  const series = eventsOverTime(page);
  await expect(series).toHaveAttribute('data-state', 'drawn');
  return { canvas, series };
}

test('hovering events over time sets the shared cursor, and leaving it clears it', async ({ page }) => {
  const { series } = await openSwimlaneWithSeries(page);
  await expect(series).not.toHaveAttribute('data-cursor-micros', /./);

  await series.locator('.u-over').scrollIntoViewIfNeeded();
  const over = await series.locator('.u-over').boundingBox();
  if (!over) throw new Error('the series has no plot');
  await page.mouse.move(over.x + over.width * 0.25, over.y + over.height / 2);
  await expect(series).toHaveAttribute('data-cursor-micros', /^\d+$/);
  const early = Number(await series.getAttribute('data-cursor-micros'));
  await page.mouse.move(over.x + over.width * 0.75, over.y + over.height / 2);
  await expect(series).not.toHaveAttribute('data-cursor-micros', String(early));
  expect(Number(await series.getAttribute('data-cursor-micros'))).toBeGreaterThan(early);
  // Leaving the series clears the cursor it set.
  await page.mouse.move(over.x + over.width / 2, over.y + over.height + 80);
  await expect(series).not.toHaveAttribute('data-cursor-micros', /./);
});

// The swimlane sets the shared cursor on hover (features/swimlane/swimlane-canvas.tsx, from the selection work).
test('hovering the swimlane moves the cursor in events over time', async ({ page }) => {
  const { canvas, series } = await openSwimlaneWithSeries(page);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the swimlane has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3);
  await expect(series).toHaveAttribute('data-cursor-micros', /^\d+$/);
  const upper = Number(await series.getAttribute('data-cursor-micros'));
  // Further down the swimlane is later in time: the series' cursor follows.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.8);
  await expect(series).not.toHaveAttribute('data-cursor-micros', String(upper));
  expect(Number(await series.getAttribute('data-cursor-micros'))).toBeGreaterThan(upper);
});

test('brushing across events over time sets the incident time interval, and "Whole incident" clears it', async ({
  page,
}, testInfo) => {
  await openPicture(page, 'event-timeline');
  const series = eventsOverTime(page);
  await expect(series).toHaveAttribute('data-state', 'drawn');
  const from = page.getByLabel('From', { exact: true });
  await expect(from).toHaveValue('');
  await series.locator('.u-over').scrollIntoViewIfNeeded();
  const over = await series.locator('.u-over').boundingBox();
  if (!over) throw new Error('the series has no plot');
  await page.mouse.move(over.x + over.width * 0.3, over.y + over.height / 2);
  await page.mouse.down();
  await page.mouse.move(over.x + over.width * 0.45, over.y + over.height / 2, { steps: 5 });
  await page.mouse.move(over.x + over.width * 0.6, over.y + over.height / 2, { steps: 5 });
  await page.mouse.up();
  // The toolbar shows the interval brushed, and the list keeps only its events.
  await expect(from).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  const whole = series.getByRole('button', { name: 'Whole incident' });
  await expect(whole).toBeVisible();
  await attachScreenshots(page, testInfo, 'events-over-time-brushed');
  await whole.click();
  await expect(from).toHaveValue('');
  await expect(whole).toBeHidden();
});

// Light then dark on one page: a second load of the map (software WebGL) would add a minute and
// check nothing more; switching the units back in dark draws the panels anew in that theme.
test("track telemetry draws the drone's altitude and speeds beside the map, in switchable units, in light and dark", async ({
  page,
}, testInfo) => {
  await openPicture(page, 'map', DRONE_INCIDENT);
  const telemetry = page.locator('[data-picture="track-telemetry"]');
  const map = telemetry.locator('[data-map-telemetry]').first();
  // Software WebGL and the mirror's first copy of the points make the map slow to load here.
  test.setTimeout(150_000);
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText('points', { timeout: 90_000 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => (document.documentElement.dataset['theme'] = value), theme);
    if (theme === 'dark') await telemetry.getByRole('button', { name: 'm, m/s' }).click();
    await expect(map).toHaveAttribute('data-state', 'drawn', { timeout: 30_000 });
    // A drone's GPS log reads in metres.
    await expect(telemetry.getByText('Altitude (m)', { exact: true })).toBeVisible();
    await expect(telemetry.getByText('Ground speed (m/s)', { exact: true })).toBeVisible();
    await expect(telemetry.getByText('Vertical speed (m/s)', { exact: true })).toBeVisible();
    const panels = map.locator('figure');
    for (let index = 0; index < 3; index += 1) expect((await seriesInk(panels.nth(index))).inked).toBeGreaterThan(150);

    await panels.first().locator('.u-over').scrollIntoViewIfNeeded();
    const over = await panels.first().locator('.u-over').boundingBox();
    if (!over) throw new Error('the altitude panel has no plot');
    await page.mouse.move(over.x + over.width / 2, over.y + over.height / 2);
    await expect(map).toHaveAttribute('data-cursor-micros', /^\d+$/);

    await telemetry.getByRole('button', { name: 'ft, kt' }).click();
    await expect(telemetry.getByText('Altitude (ft)', { exact: true })).toBeVisible();
    await expect(telemetry.getByText('Ground speed (kt)', { exact: true })).toBeVisible();
    await expect(telemetry.getByText('Vertical speed (ft/min)', { exact: true })).toBeVisible();
    await expect(map).toHaveAttribute('data-state', 'drawn');
    await attachScreenshots(page, testInfo, `track-telemetry-${theme}`);
  }
});
