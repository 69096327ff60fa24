/*
 * Touch on every picture besides the swimlane (tablet-touch.spec.ts has it), at 768 x 1024 upright
 * and 1024 x 768 on its side, with CDP touch events so two fingers move at once: events over time,
 * the event timeline, actor-bar, actor-scatter and the map's telemetry pinch, pan, tap and
 * long-press as the swimlane does; the organization's event panel is a sheet, as the incident's.
 */
import type { CDPSession, Locator, Page } from '@playwright/test';
import { onEachTablet, slide, tap, touch } from './cdp-touch.ts';
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV });

async function rangeOf(element: Locator): Promise<{ from: number; to: number }> {
  return {
    from: Number(await element.getAttribute('data-range-from-micros')),
    to: Number(await element.getAttribute('data-range-to-micros')),
  };
}

async function boxOf(element: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

/** Two fingers 60 px apart at (x, y) spread to `spreadPx` apart: `ranged` shows less than 40% of its range. */
async function pinchNarrows(cdp: CDPSession, x: number, y: number, spreadPx: number, ranged: Locator): Promise<void> {
  const before = await rangeOf(ranged);
  const fingers = (half: number) => [
    { x: x - half, y, id: 1 },
    { x: x + half, y, id: 2 },
  ];
  await slide(cdp, fingers(30), fingers(spreadPx / 2));
  await expect
    .poll(async () => {
      const after = await rangeOf(ranged);
      return (after.to - after.from) / (before.to - before.from);
    })
    .toBeLessThan(0.4);
}

/** Pinch apart along x (four times wider), then a drag to the right; the range narrows, then shows earlier times. */
async function pinchThenDrag(cdp: CDPSession, area: Locator, ranged: Locator): Promise<void> {
  const box = await boxOf(area);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await pinchNarrows(cdp, x, y, 240, ranged);
  const zoomed = await rangeOf(ranged);
  await slide(cdp, [{ x: x - 60, y, id: 1 }], [{ x: x + 60, y, id: 1 }]);
  await expect.poll(async () => (await rangeOf(ranged)).from).toBeLessThan(zoomed.from);
}

async function openIncident(
  page: Page,
  picture: string,
  name?: string,
): Promise<{ id: number; organizationID: number; cdp: CDPSession }> {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request, name);
  await page.goto(`/incident/${incident.id}/type/${picture}`);
  return { id: incident.id, organizationID: incident.organizationID, cdp: await page.context().newCDPSession(page) };
}

onEachTablet((size) => {
  test('events over time: a pinch narrows the time interval, a drag moves it, a tap picks an instant', async ({
    page,
  }, testInfo) => {
    const { cdp } = await openIncident(page, 'event-timeline');
    const series = page.locator('[data-picture="events-over-time"]');
    await expect(series).toHaveAttribute('data-state', 'drawn');
    const plot = series.locator('[data-range-from-micros]');
    await pinchThenDrag(cdp, series.locator('.u-over'), plot);
    // The fingers lifted: the range is the incident's time interval, which the series offers to widen again.
    await expect(series.getByRole('button', { name: 'Whole incident' })).toBeVisible();
    await expect(series).not.toHaveAttribute('data-cursor-micros', /.*/);
    const box = await boxOf(series.locator('.u-over'));
    await tap(cdp, { x: box.x + box.width / 3, y: box.y + box.height / 2 });
    await expect(series).toHaveAttribute('data-cursor-micros', /^\d+$/);
    await attachScreenshots(page, testInfo, `events-over-time-touch-${size.width}`);
  });

  test('event timeline: a tap selects a row, a long-press holds the cursor, a drag scrolls, a pinch narrows the time interval', async ({
    page,
  }, testInfo) => {
    const { cdp } = await openIncident(page, 'event-timeline');
    const list = page.getByTestId('event-timeline-list');
    const rows = list.locator('[role="row"]');
    await expect(rows.nth(5)).toBeVisible();
    const rowBox = await boxOf(rows.nth(2));
    await tap(cdp, { x: rowBox.x + rowBox.width / 2, y: rowBox.y + rowBox.height / 2 });
    await expect(page).toHaveURL(/\/type\/event-timeline\/event\/\d+$/);
    const selected = /event\/(\d+)$/.exec(page.url())?.[1] ?? '';
    await expect(page.locator('[data-picture="event-timeline"]')).toHaveAttribute('data-selected-event', selected);
    // The event's details are a sheet over the list: closed to go on.
    const details = page.getByRole('dialog', { name: 'Event details' });
    await expect(details).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    const series = page.locator('[data-picture="events-over-time"]');
    await expect(series).not.toHaveAttribute('data-cursor-micros', /.*/);
    const heldBox = await boxOf(rows.nth(4));
    await touch(cdp, 'touchStart', [{ x: heldBox.x + heldBox.width / 2, y: heldBox.y + heldBox.height / 2, id: 1 }]);
    // The other pictures show the held row's instant.
    await expect(series).toHaveAttribute('data-cursor-micros', /^\d+$/);
    await touch(cdp, 'touchEnd', []);
    await expect(page).toHaveURL(/\/type\/event-timeline$/);

    const listBox = await boxOf(list);
    const x = listBox.x + listBox.width / 2;
    const y = listBox.y + listBox.height / 2;
    await slide(cdp, [{ x, y: y + 100, id: 1 }], [{ x, y: y - 100, id: 1 }]);
    await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(50);

    await pinchNarrows(cdp, x, y, 300, series.locator('[data-range-from-micros]'));
    await expect(series.getByRole('button', { name: 'Whole incident' })).toBeVisible();
    await attachScreenshots(page, testInfo, `timeline-touch-${size.width}`);
  });

  test('actor-bar: a long-press shows the card, a tap opens the actor', async ({ page }, testInfo) => {
    const { id, cdp } = await openIncident(page, 'actor-bar');
    const bar = page.locator('[data-chart-canvas="actor-bar"]');
    await expect(
      page.getByRole('table', { name: 'Events per actor and stream' }).locator('tbody tr').first(),
    ).toBeVisible();
    const box = await boxOf(bar);
    const point = { x: box.x + 200, y: box.y + 14 };
    const card = page.locator('[data-chart-hover="actor-bar"]');
    await touch(cdp, 'touchStart', [{ ...point, id: 1 }]);
    await expect(card).toContainText(/\d+ events?/);
    // Said for a finger: no click, no Enter key on a tablet in the hand.
    await expect(card).toContainText('Tap to open the actor');
    await expect(card).not.toContainText('Click');
    await touch(cdp, 'touchEnd', []);
    // Lifting the finger leaves the card up to be read.
    await expect(card).toBeVisible();
    await attachScreenshots(page, testInfo, `actor-bar-long-press-${size.width}`);
    await tap(cdp, point);
    await expect(page).toHaveURL(new RegExp(`/incident/${id}/actor/\\d+$`));
  });

  test('actor-scatter: a pinch zooms its time range, a drag pans it, a tap on a dot selects its event', async ({
    page,
  }) => {
    const { cdp } = await openIncident(page, 'actor-scatter');
    const scatter = page.locator('[data-picture="actor-scatter"]');
    const canvas = page.locator('[data-chart-canvas="actor-scatter"]');
    const actorRows = page.getByRole('table', { name: 'Events per actor' }).locator('tbody tr');
    await expect(actorRows.first()).toBeVisible();
    // A dot, found with the mouse (its card names an event), is tapped.
    const box = await boxOf(canvas);
    const rowY = box.y + (box.height - 20) / (await actorRows.count()) / 2;
    const card = page.locator('[data-chart-hover="actor-scatter"]');
    let dotX = 0;
    for (let x = box.x + 162; x < box.x + box.width - 8 && (await card.count()) === 0; x += 4) {
      await page.mouse.move(x, rowY);
      // The hover is drawn on the next frame: look for the card only then, so dotX is the x that showed it.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      dotX = x;
    }
    await expect(card).toBeVisible();
    await page.mouse.move(1, 1);
    await tap(cdp, { x: dotX, y: rowY });
    await expect(page).toHaveURL(/\/type\/actor-scatter\/event\/\d+$/);
    const selected = /event\/(\d+)$/.exec(page.url())?.[1] ?? '';
    await expect(scatter).toHaveAttribute('data-selected-event', selected);
    // Escape closes the event's panel: it is pressed once the panel is there to close (the picture marks
    // its selection from the address, before the panel has mounted).
    await expect(page.locator('[data-detail-panel="event"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/type\/actor-scatter$/);
    await pinchThenDrag(cdp, canvas, scatter);
  });
});

test.describe('a 768 x 1024 tablet upright: the organization and the map', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test("the organization's event panel is a sheet over its picture, closed with Escape", async ({ page }, testInfo) => {
    await openAsAdmin(page, '/');
    const incident = await demoIncident(page.request);
    await page.goto(`/organization/${incident.organizationID}/type/event-timeline`);
    const rows = page.locator('[data-picture="event-timeline"] [role="row"]');
    await expect(rows.nth(3)).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    const rowBox = await boxOf(rows.nth(3));
    await tap(cdp, { x: rowBox.x + rowBox.width / 2, y: rowBox.y + rowBox.height / 2 });
    await expect(page).toHaveURL(
      new RegExp(`/organization/${incident.organizationID}/type/event-timeline/event/\\d+$`),
    );
    const sheet = page.getByRole('dialog', { name: 'Event details' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Open in its incident' })).toBeVisible();
    // The picture keeps the width: the panel is over it, not beside it.
    expect((await boxOf(page.locator('[data-picture="event-timeline"]'))).width).toBeGreaterThanOrEqual(768 - 40);
    await attachScreenshots(page, testInfo, 'organization-event-sheet-768');
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/organization/${incident.organizationID}/type/event-timeline$`));
  });

  test("a map's telemetry panels pan together under a finger", async ({ page }) => {
    // The globe renders on the CPU here, and every touch event waits for the page: a slow test, not a sleep.
    test.slow();
    const { cdp } = await openIncident(page, 'map', 'Roof survey drone hard landing, hall B');
    const telemetry = page.locator('[data-map-telemetry]').first();
    const panels = telemetry.locator('[data-range-from-micros]');
    await expect(panels.nth(1)).toBeVisible({ timeout: 30_000 });
    const first = panels.first();
    await pinchThenDrag(cdp, first.locator('.u-over'), first);
    const moved = await rangeOf(first);
    // Every panel of the map shows the same time range.
    for (let index = 1; index < (await panels.count()); index += 1)
      expect(await rangeOf(panels.nth(index))).toEqual(moved);
  });
});
