/*
 * Issue 18, "one cursor, one selection", in Chromium on the demo incidents: an event selected in the
 * timeline, the swimlane, actor-scatter or the events table is the one every picture marks
 * (data-selected-event on its root); the actor charts' items have hover cards and are selected by
 * pointer and keyboard; hovering a picture sets the shared time cursor the others show
 * (data-cursor-micros); the swimlane goes to a 107 ms request; leaving Pixi pictures logs no warning.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';
import { chooseColorMode, newIncident } from './stream-session.ts';
import { EVENT_PICTURES, pictureTabs } from '../../src/ui/picture-labels.ts';

test.use({ serverEnv: DEMO_ENV });

// Each picture of an incident with the link its tab shows, from the product's own list.
const PICTURES = pictureTabs(EVENT_PICTURES);

const viewLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Incident views' }).getByRole('link', { name, exact: true });
const picture = (page: Page, name: string) => page.locator(`[data-picture="${name}"]`).first();

async function openDemo(page: Page, path: string, theme: 'light' | 'dark'): Promise<number> {
  const { analyst } = await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  if (theme === 'dark') await chooseColorMode(page, analyst.name, 'dark');
  await page.goto(`/incident/${incident.id}${path}`);
  // Every event in hand before counting or selecting.
  await expect(page.getByText(/^Last synced/)).toBeVisible();
  return incident.id;
}

function selectedID(page: Page): number {
  const match = /\/event\/(\d+)$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`no event in ${page.url()}`);
  return Number(match[1]);
}

/** Visits every picture through the incident's view links and reads the selection each one marks. */
async function expectMarkedEverywhere(page: Page, eventID: number): Promise<void> {
  for (const { visualizationName: name, label: link } of PICTURES) {
    await viewLink(page, link).click();
    await expect(picture(page, name)).toHaveAttribute('data-selected-event', String(eventID));
  }
  // The timeline shows the row selected, not only the attribute.
  await viewLink(page, 'Timeline').click();
  await expect(page.getByTestId('event-timeline-list').locator(`[data-event-id="${eventID}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('an event selected in the timeline is marked in every picture (light)', async ({ page }, testInfo) => {
  await openDemo(page, '/type/event-timeline', 'light');
  await page.getByTestId('event-timeline-list').locator('[role="row"]:not([data-marker])').nth(4).click();
  await expect(page).toHaveURL(/\/type\/event-timeline\/event\/\d+$/);
  // With the detail panel open beside it, a message keeps a readable width (it once read "F..").
  await expect(page.locator('[data-detail-panel="event"]')).toBeVisible();
  const message = page
    .getByTestId('event-timeline-list')
    .locator(`[data-event-id="${selectedID(page)}"] [data-cell="message"]`);
  expect((await message.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(180);
  await attachScreenshots(page, testInfo, 'timeline-with-detail-panel');
  await expectMarkedEverywhere(page, selectedID(page));
});

test('an event selected in the swimlane is marked in every picture (dark)', async ({ page }) => {
  await openDemo(page, '/type/swimlane', 'dark');
  const canvas = page.locator('[data-swimlane-canvas]');
  await expect(canvas).toHaveAttribute('data-mode', /boxes|bins/);
  await expect(page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem').first()).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the swimlane has no box');
  const columnCount = await page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem').count();
  const columnWidth = (box.width - 92) / columnCount;
  const hover = page.locator('[data-swimlane-hover]');
  // Down the first columns until the pointer is over an event (its card is not a marker's or a group's).
  search: for (let column = 0; column < columnCount; column += 1) {
    for (let y = 4; y < box.height - 4; y += 6) {
      await page.mouse.move(box.x + 92 + column * columnWidth + columnWidth / 2, box.y + y);
      if ((await hover.count()) === 0) continue;
      const text = await hover.innerText().catch(() => '');
      if (text && !text.startsWith('Marker') && !/nearby events|Click to zoom/.test(text)) {
        await page.mouse.down();
        await page.mouse.up();
        break search;
      }
    }
  }
  await expect(page).toHaveURL(/\/type\/swimlane\/event\/\d+$/);
  await expectMarkedEverywhere(page, selectedID(page));
});

test('actor-scatter: a dot has a hover card and the shared cursor, the keyboard selects it, and every picture marks it (light)', async ({
  page,
}, testInfo) => {
  await openDemo(page, '/type/actor-scatter', 'light');
  const scatter = page.locator('[data-chart-focus="actor-scatter"]');
  const canvas = page.locator('[data-chart-canvas="actor-scatter"]');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the scatter has no box');
  // Along the first actor's row until a dot's card shows; the cursor line follows the pointer.
  const actorRows = page.getByRole('table', { name: 'Events per actor' }).locator('tbody tr');
  await expect(actorRows.first()).toBeVisible();
  const rowCount = await actorRows.count();
  const rowY = box.y + (box.height - 20) / rowCount / 2;
  const card = page.locator('[data-chart-hover="actor-scatter"]');
  for (let x = box.x + 162; x < box.x + box.width - 8 && (await card.count()) === 0; x += 4)
    await page.mouse.move(x, rowY);
  await expect(card).toBeVisible();
  await expect(picture(page, 'actor-scatter')).toHaveAttribute('data-cursor-micros', /^\d+$/);
  await expect(page.locator('[data-chart-cursor]')).toBeVisible();
  await attachScreenshots(page, testInfo, 'actor-scatter-hover');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
  await expect(picture(page, 'actor-scatter')).not.toHaveAttribute('data-cursor-micros', /.*/);

  // The keyboard: into the chart, to the next event, Enter selects it.
  await scatter.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(card).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/type\/actor-scatter\/event\/\d+$/);
  const eventID = selectedID(page);
  await expect(picture(page, 'actor-scatter')).toHaveAttribute('data-selected-event', String(eventID));
  await attachScreenshots(page, testInfo, 'actor-scatter-selected');
  await expectMarkedEverywhere(page, eventID);
});

test('an event selected in the events table is marked in every picture (dark)', async ({ page }) => {
  await openDemo(page, '/events', 'dark');
  await page.getByRole('table', { name: 'Events table' }).getByRole('row').nth(3).click();
  await expect(page).toHaveURL(/\/events\/event\/\d+$/);
  await expectMarkedEverywhere(page, selectedID(page));
});

test('actor-bar and actor-circle: hover cards, and a bar or circle opens its actor by pointer or keyboard', async ({
  page,
}, testInfo) => {
  const incidentID = await openDemo(page, '/type/actor-bar', 'light');
  const bar = page.locator('[data-chart-canvas="actor-bar"]');
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  if (!box) throw new Error('the bar chart has no box');
  // The keyboard: Home is the top bar, the actor with the most events (the table's first row).
  const firstRow = page.getByRole('table', { name: 'Events per actor and stream' }).locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  await page.locator('[data-chart-focus="actor-bar"]').focus();
  const card = page.locator('[data-chart-hover="actor-bar"]');
  // Read together, as the chart and its table come from the same counts.
  await expect
    .poll(async () => {
      await page.keyboard.press('Home');
      const named = await card.locator('p').first().textContent();
      return named === (await firstRow.locator('td').first().textContent()) ? 'same' : named;
    })
    .toBe('same');
  const firstActor = (await firstRow.locator('td').first().textContent()) ?? '';
  await expect(card).toContainText(/\d+ events?/);
  await page.keyboard.press('Escape');
  // The pointer: a bar's card names its actor, and a click opens that actor.
  await page.mouse.move(box.x + 200, box.y + 14);
  await expect(card).toContainText(/\d+ events?/);
  await expect(card).toContainText('Click or press Enter to open the actor');
  const pointed = (await card.locator('p').first().textContent()) ?? '';
  await attachScreenshots(page, testInfo, 'actor-bar-hover');
  await page.mouse.click(box.x + 200, box.y + 14);
  await expect(page).toHaveURL(new RegExp(`/incident/${incidentID}/actor/\\d+$`));
  await expect(page.getByRole('complementary').filter({ hasText: pointed }).first()).toBeVisible();

  await page.goto(`/incident/${incidentID}/type/actor-circle`);
  const circle = page.locator('[data-chart-focus="actor-circle"]');
  await circle.focus();
  const circleCard = page.locator('[data-chart-hover="actor-circle"]');
  // Home is the largest circle, the actor with the most events (once the layout worker has answered).
  await expect
    .poll(async () => {
      await page.keyboard.press('Home');
      return (await circleCard.count()) > 0 ? await circleCard.locator('p').first().textContent() : '';
    })
    .toBe(firstActor);
  await attachScreenshots(page, testInfo, 'actor-circle-keyboard');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/incident/${incidentID}/actor/\\d+$`));
});

test("hovering the swimlane sets the shared cursor; on the map, the timeline and the map clock show each other's instant", async ({
  page,
}) => {
  await openDemo(page, '/type/swimlane', 'light');
  const canvas = page.locator('[data-swimlane-canvas]');
  await expect(canvas).toHaveAttribute('data-mode', /boxes|bins/);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the swimlane has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const swimlane = picture(page, 'swimlane');
  await expect(swimlane).toHaveAttribute('data-cursor-micros', /^\d+$/);
  const from = Number(await canvas.getAttribute('data-window-from-micros'));
  const to = Number(await canvas.getAttribute('data-window-to-micros'));
  const micros = Number(await swimlane.getAttribute('data-cursor-micros'));
  // Half way down the swimlane is half way through its window.
  expect(Math.abs(micros - (from + to) / 2)).toBeLessThan((to - from) / 50);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 300);
  await expect(swimlane).not.toHaveAttribute('data-cursor-micros', /.*/);

  // The drone demo: its map over its events. Hovering an event row moves the map to its instant.
  const drone = await demoIncident(page.request, 'Roof survey drone hard landing, hall B');
  await page.goto(`/incident/${drone.id}/type/map`);
  const rows = page.getByRole('table', { name: 'Events at the map time' }).getByRole('row');
  await expect(rows.nth(5)).toBeVisible();
  await rows.nth(5).hover();
  const map = picture(page, 'map');
  await expect(map).toHaveAttribute('data-cursor-source', 'event-timeline');
  const hovered = await map.getAttribute('data-cursor-micros');
  expect(Number(hovered)).toBeGreaterThan(0);
  // Moving the map's clock shows its instant on the timeline under it.
  await page.getByRole('slider', { name: 'Map time' }).fill('500');
  const timeline = picture(page, 'event-timeline');
  await expect(timeline).toHaveAttribute('data-cursor-source', 'map');
  expect(await timeline.getAttribute('data-cursor-micros')).not.toBe(hovered);
});

/** A HAR of three requests over twelve hours; the middle one takes 107 ms. */
function writeHar(path: string): void {
  const entry = (startedDateTime: string, url: string, timeMs: number) => ({
    startedDateTime,
    time: timeMs,
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: { size: 10, mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 10,
    },
    cache: {},
    timings: { blocked: 0, dns: 0, connect: 0, ssl: 0, send: 1, wait: timeMs - 2, receive: 1 },
  });
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'churchkey-e2e', version: '1' },
      entries: [
        entry('2024-05-01T08:00:00.000Z', 'https://api.example.com/morning', 2000),
        entry('2024-05-01T14:00:00.000Z', 'https://api.example.com/quick-lookup', 107),
        entry('2024-05-01T20:00:00.000Z', 'https://api.example.com/evening', 500),
      ],
    },
  };
  writeFileSync(path, JSON.stringify(har));
}

test('the swimlane route of a 107 ms request zooms to it, centred and readable; leaving it and the scatter logs no Pixi warning', async ({
  page,
}, testInfo) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/destroyed while still bound/.test(message.text())) warnings.push(message.text());
  });
  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'Quick request');
  const harPath = testInfo.outputPath('quick-request.har');
  writeHar(harPath);
  await page.goto(`/incident/${incidentID}/create-stream`);
  await page.getByLabel('Evidence file').setInputFiles(harPath);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'events imported' })).toBeVisible();

  await page.goto(`/incident/${incidentID}/type/event-timeline`);
  await page.getByTestId('event-timeline-list').getByRole('row').filter({ hasText: 'quick-lookup' }).click();
  const eventID = selectedID(page);
  await page.goto(`/incident/${incidentID}/type/swimlane/event/${eventID}`);
  const canvas = page.locator('[data-swimlane-canvas]');
  await expect(canvas).toHaveAttribute('data-mode', 'boxes');
  const start = Date.parse('2024-05-01T14:00:00.000Z') * 1000;
  const end = start + 107_000;
  await expect
    .poll(
      async () =>
        Number(await canvas.getAttribute('data-window-to-micros')) -
        Number(await canvas.getAttribute('data-window-from-micros')),
    )
    .toBeLessThan(60_000_000);
  const from = Number(await canvas.getAttribute('data-window-from-micros'));
  const to = Number(await canvas.getAttribute('data-window-to-micros'));
  expect(from).toBeLessThanOrEqual(start);
  expect(to).toBeGreaterThanOrEqual(end);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the swimlane has no box');
  // Readable: the request spans at least 24 px, and sits near the middle.
  expect(((end - start) / (to - from)) * box.height).toBeGreaterThanOrEqual(24);
  expect(Math.abs((start + end) / 2 - (from + to) / 2)).toBeLessThan((to - from) / 10);
  await expect(picture(page, 'swimlane')).toHaveAttribute('data-selected-event', String(eventID));
  await attachScreenshots(page, testInfo, 'swimlane-quick-request');

  // Leaving the swimlane (and the scatter) for another picture tears Pixi down without a warning.
  await viewLink(page, 'Actor scatter').click();
  await expect(page.locator('[data-chart-canvas="actor-scatter"]')).toBeVisible();
  await viewLink(page, 'Swimlane').click();
  await expect(canvas).toHaveAttribute('data-mode', 'boxes');
  await viewLink(page, 'Timeline').click();
  await expect(picture(page, 'event-timeline')).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(warnings).toEqual([]);
});
