/*
 * The incident page on tablets, with touch emulated (768 x 1024 upright, 1024 x 768 on its side), in
 * light and dark: the filters become a sheet and the picture takes the width; swimlane columns stay
 * readable and scroll sideways; touch pinches, pans, taps and long-presses (CDP touch events, so
 * two fingers can move at once); the first-use hint is dismissed once and stays dismissed.
 */
import type { CDPSession, Locator, Page } from '@playwright/test';
import { onEachTablet, slide, touch } from './cdp-touch.ts';
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV });

const MIN_COLUMN_WIDTH_PX = 120;

async function windowOf(canvas: Locator): Promise<{ from: number; to: number }> {
  return {
    from: Number(await canvas.getAttribute('data-window-from-micros')),
    to: Number(await canvas.getAttribute('data-window-to-micros')),
  };
}

async function openSwimlane(page: Page): Promise<{ incidentID: number; canvas: Locator; cdp: CDPSession }> {
  let incident = { id: 0 };
  await openAsAdmin(page, async (request) => {
    incident = await demoIncident(request);
    return `/incident/${incident.id}/type/swimlane`;
  });
  const canvas = page.locator('[data-swimlane-canvas]');
  // The first frame with the layout can take a while when the machine is shared; it is a signal, not a delay.
  await expect(canvas).toHaveAttribute('data-mode', /boxes|bins/, { timeout: 45_000 });
  await expect(canvas).toHaveAttribute('data-window-from-micros', /\d/);
  return { incidentID: incident.id, canvas, cdp: await page.context().newCDPSession(page) };
}

/** A point over a single event, found with the mouse (its hover card has a message, not a count). */
async function eventPoint(page: Page, canvas: Locator): Promise<{ x: number; y: number }> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the swimlane has no box');
  const hover = page.locator('[data-swimlane-hover]');
  for (let x = box.x + 92 + MIN_COLUMN_WIDTH_PX / 2; x < box.x + box.width; x += MIN_COLUMN_WIDTH_PX) {
    for (let y = box.y + 6; y < box.y + box.height - 6; y += 6) {
      await page.mouse.move(x, y);
      if ((await hover.count()) === 0) continue;
      const text = await hover.innerText().catch(() => '');
      if (text && !text.startsWith('Marker') && !/nearby events|events? in this/.test(text)) {
        await page.mouse.move(1, 1);
        await expect(hover).toHaveCount(0);
        return { x, y };
      }
    }
  }
  throw new Error('no single event under any column centre');
}

onEachTablet((size) => {
  test('the filters are a sheet opened from the toolbar, and the picture takes the width', async ({
    page,
  }, testInfo) => {
    await openSwimlane(page);
    await expect(page.getByTestId('incident-side-panel')).toHaveCount(0);
    const picture = page.locator('[data-picture="swimlane"]');
    const pictureBox = await picture.boundingBox();
    // The page's padding (16 px a side) is all the picture gives up.
    expect(pictureBox?.width).toBeGreaterThanOrEqual(size.width - 40);
    const filters = page.getByRole('button', { name: 'Filters' });
    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('navigation', { name: 'Filters' })).toBeVisible();
    await expect(sheet.getByRole('checkbox').first()).toBeVisible();
    // Focus is inside the sheet while it is open.
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await attachScreenshots(page, testInfo, `filters-sheet-${size.width}`);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(filters).toBeFocused();
  });

  test('swimlane columns keep a readable width, name their actor in full and scroll sideways', async ({
    page,
  }, testInfo) => {
    const { canvas, cdp } = await openSwimlane(page);
    const headers = page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem');
    const count = await headers.count();
    expect(count).toBeGreaterThan(2);
    for (let index = 0; index < count; index += 1) {
      const header = headers.nth(index);
      expect((await header.boundingBox())?.width).toBeGreaterThanOrEqual(MIN_COLUMN_WIDTH_PX - 0.5);
      const name = header.locator('button:not([aria-label])');
      // Not cut short: the whole name fits its button.
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the swimlane has no box');
    if (92 + count * MIN_COLUMN_WIDTH_PX <= box.width)
      throw new Error(`the demo's ${count} columns fit ${box.width} px: nothing to scroll`);
    await expect(page.locator('[data-swimlane-column-scroll]')).toBeVisible();
    const firstBefore = (await headers.first().boundingBox())?.x ?? 0;
    const before = await windowOf(canvas);
    // A sideways drag scrolls the columns; the time window stays.
    const y = box.y + box.height / 2;
    await slide(cdp, [{ x: box.x + box.width - 40, y, id: 1 }], [{ x: box.x + 140, y, id: 1 }]);
    await expect(canvas).not.toHaveAttribute('data-column-scroll-px', '0');
    await expect.poll(async () => (await headers.first().boundingBox())?.x ?? 0).toBeLessThan(firstBefore - 50);
    expect(await windowOf(canvas)).toEqual(before);
    await attachScreenshots(page, testInfo, `swimlane-columns-${size.width}`);
  });

  test('pinch zooms the swimlane, a drag pans it', async ({ page }) => {
    const { canvas, cdp } = await openSwimlane(page);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the swimlane has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const before = await windowOf(canvas);
    await slide(
      cdp,
      [
        { x, y: y - 40, id: 1 },
        { x, y: y + 40, id: 2 },
      ],
      [
        { x, y: y - 160, id: 1 },
        { x, y: y + 160, id: 2 },
      ],
    );
    // Fingers four times further apart: the window about a quarter of the span.
    await expect
      .poll(async () => {
        const after = await windowOf(canvas);
        return (after.to - after.from) / (before.to - before.from);
      })
      .toBeLessThan(0.4);
    const zoomed = await windowOf(canvas);
    await slide(cdp, [{ x, y: y - 100, id: 1 }], [{ x, y: y + 100, id: 1 }]);
    // Dragged down: earlier times come into view, by the same span.
    await expect.poll(async () => (await windowOf(canvas)).from).toBeLessThan(zoomed.from);
    const panned = await windowOf(canvas);
    expect(Math.abs(panned.to - panned.from - (zoomed.to - zoomed.from))).toBeLessThan(2);
  });

  test('a tap selects an event, a long-press shows its hover card', async ({ page }, testInfo) => {
    const { canvas, cdp } = await openSwimlane(page);
    const point = await eventPoint(page, canvas);
    const hover = page.locator('[data-swimlane-hover]');
    await touch(cdp, 'touchStart', [{ ...point, id: 1 }]);
    await expect(hover).toBeVisible();
    await touch(cdp, 'touchEnd', []);
    // Lifting the finger leaves the card up to be read.
    await expect(hover).toBeVisible();
    await attachScreenshots(page, testInfo, `long-press-${size.width}`);
    await touch(cdp, 'touchStart', [{ ...point, id: 2 }]);
    await touch(cdp, 'touchEnd', []);
    await expect(page).toHaveURL(/\/type\/swimlane\/event\/\d+$/);
    const eventID = /event\/(\d+)$/.exec(page.url())?.[1] ?? '';
    await expect(page.locator('[data-picture="swimlane"]')).toHaveAttribute('data-selected-event', eventID);
    // The event's details open as a sheet over the picture, and Escape closes it.
    const details = page.getByRole('dialog', { name: 'Event details' });
    await expect(details).toBeVisible();
    await attachScreenshots(page, testInfo, `event-sheet-${size.width}`);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/type\/swimlane$/);
  });

  test('the touch hint says how to zoom and see details, until dismissed', async ({ page }) => {
    await openSwimlane(page);
    const hint = page.getByRole('note').filter({ hasText: 'Pinch to zoom · long-press for details' });
    await expect(hint).toBeVisible();
    await hint.getByRole('button', { name: 'Got it' }).click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(page.locator('[data-swimlane-canvas]')).toHaveAttribute('data-mode', /boxes|bins/);
    await expect(page.getByText('Pinch to zoom · long-press for details')).toHaveCount(0);
  });
});
