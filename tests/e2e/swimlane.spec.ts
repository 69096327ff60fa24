/*
 * The swimlane on the demo incident, in Chromium with software WebGL: it draws columns, boxes and
 * markers (checked on the pixels of a screenshot), selection follows to the event detail and the
 * event timeline, hidden and reordered columns and the grouping option survive a reload, a group
 * opens the event-group route, and a HAR request is drawn as its phases.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';
import { swimlanePixels } from './swimlane-pixels.ts';
import { importThroughPage } from './stream-session.ts';
import { HAR_TIMING_PHASES } from '../../domain/import/har-record.ts';
import { PHASE_COLORS } from '../../src/render/swimlane/har-phases.ts';

test.use({ serverEnv: DEMO_ENV });

async function openSwimlane(page: Page): Promise<{ incidentID: number; canvas: Locator }> {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  await page.goto(`/incident/${incident.id}/type/swimlane`);
  const canvas = page.locator('[data-swimlane-canvas]');
  // The renderer counts its frames; a frame with the layout in hand sets the mode.
  await expect(canvas).toHaveAttribute('data-mode', /boxes|bins/);
  await expect(page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem').first()).toBeVisible();
  return { incidentID: incident.id, canvas };
}

async function idle(page: Page): Promise<void> {
  // The renderer says so once it has drawn and no frame is pending (src/render/swimlane/swimlane-renderer.ts).
  await expect(page.locator('[data-swimlane-canvas]')).toHaveAttribute('data-swimlane-idle', 'true');
}

/**
 * Walks the pointer down the swimlane's column centres (past the 92 px time axis), `stepPx` at a
 * time, until the hover card is one `found` accepts; what it returned, or undefined if none was.
 */
async function hoverColumnsUntil<T>(
  page: Page,
  canvas: Locator,
  stepPx: number,
  found: (card: Locator) => Promise<T | undefined>,
): Promise<T | undefined> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the swimlane has no box');
  const columnCount = await page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem').count();
  const columnWidth = (box.width - 92) / columnCount;
  const hover = page.locator('[data-swimlane-hover]');
  for (let column = 0; column < columnCount; column += 1) {
    for (let y = 4; y < box.height - 4; y += stepPx) {
      await page.mouse.move(box.x + 92 + column * columnWidth + columnWidth / 2, box.y + y);
      if ((await hover.count()) === 0) continue;
      const value = await found(hover);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

async function click(page: Page): Promise<void> {
  await page.mouse.down();
  await page.mouse.up();
}

test('the swimlane draws the demo incident: a column per actor, boxes in stream colours, markers across', async ({
  page,
}, testInfo) => {
  const { canvas } = await openSwimlane(page);
  const headers = page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem');
  const columnCount = await headers.count();
  expect(columnCount).toBeGreaterThan(2);
  await idle(page);
  const colours = await swimlanePixels(page, canvas, columnCount, 92);
  // Boxes take the palette colours of their streams: several streams means several colours.
  expect(colours.palette).toBeGreaterThanOrEqual(2);
  // Every column holds something drawn.
  expect(colours.columnsWithInk).toBeGreaterThanOrEqual(Math.min(columnCount, 3));
  // Markers are full-width lines: a row where most of the width is the marker colour.
  expect(colours.markerRows).toBeGreaterThan(0);
  await attachScreenshots(page, testInfo, 'swimlane');
});

test('an event selected in the swimlane opens its detail route and is the one the event timeline shows selected', async ({
  page,
}) => {
  const { canvas } = await openSwimlane(page);
  await idle(page);
  // The first event under the pointer (its hover card has a message; a marker's does not count).
  const message = await hoverColumnsUntil(page, canvas, 6, async (card) => {
    const text =
      (await card
        .locator('p.break-words, p.line-clamp-4')
        .first()
        .textContent({ timeout: 500 })
        .catch(() => null)) ?? '';
    if (!text || (await card.innerText()).startsWith('Marker')) return undefined;
    await click(page);
    return text;
  });
  expect(message).toBeTruthy();
  await expect(page).toHaveURL(/\/type\/swimlane\/event\/\d+$/);
  const detail = page.getByRole('complementary').filter({ hasText: message!.slice(0, 30) });
  await expect(detail.first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Incident views' }).getByRole('link', { name: 'Timeline' }).click();
  await expect(page.getByTestId('event-timeline-list').locator('[aria-selected="true"]')).toContainText(
    message!.slice(0, 30),
  );
});

test('a hidden column and a new column order survive a reload', async ({ page }) => {
  await openSwimlane(page);
  const headers = page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem');
  const names = await headers.locator('button:not([aria-label])').allTextContents();
  expect(names.length).toBeGreaterThan(3);
  const [first, second, third] = names as [string, string, string];
  await page.getByRole('button', { name: `Hide column ${first}` }).click();
  await expect(page.getByRole('button', { name: `Show column ${first}` })).toBeVisible();
  // Drag the third column onto the second: it moves before it.
  await headers.filter({ hasText: third }).dragTo(headers.filter({ hasText: second }));
  await expect(headers.locator('button:not([aria-label])').first()).toHaveText(third);
  await page.reload();
  await expect(page.locator('[data-swimlane-canvas]')).toHaveAttribute('data-mode', /boxes|bins/);
  const after = await headers.locator('button:not([aria-label])').allTextContents();
  expect(after.slice(0, 2)).toEqual([third, second]);
  expect(after).not.toContain(first);
  await expect(page.getByRole('button', { name: `Show column ${first}` })).toBeVisible();
  // Bringing it back puts it where the saved order has it.
  await page.getByRole('button', { name: `Show column ${first}` }).click();
  await expect(headers.filter({ hasText: first })).toHaveCount(1);
});

test('grouping nearby events is kept over a reload, and a group opens the event-group route with its events', async ({
  page,
}) => {
  const { canvas } = await openSwimlane(page);
  const grouping = page.getByRole('checkbox', { name: 'Group nearby events' });
  await grouping.check();
  await page.reload();
  await expect(canvas).toHaveAttribute('data-mode', /boxes|bins/);
  await expect(grouping).toBeChecked();
  await idle(page);
  // The first group under the pointer: its hover card ends with how many events it holds.
  const count = await hoverColumnsUntil(page, canvas, 4, async (card) => {
    const match = /^([\d,]+) nearby events/.exec(
      (await card.innerText().catch(() => '')).trim().split('\n').pop() ?? '',
    );
    if (!match) return undefined;
    await click(page);
    return Number(match[1]!.replace(/,/g, ''));
  });
  expect(count).toBeGreaterThan(1);
  // The ids as the spec writes them, comma-separated.
  await expect(page).toHaveURL(/\/swimlane\/event-group\/\d+(,\d+)+$/);
  await expect(page.getByRole('list', { name: 'Events in the group' }).getByRole('listitem')).toHaveCount(count!);
  // The swimlane stays beside the panel.
  await expect(canvas).toBeVisible();
});

test('a HAR request is drawn as its phases, which its hover card names with their times', async ({ page }) => {
  await openAsAdmin(page, '/');
  const incidentID = await importThroughPage(page, 'har/firefox111_mitmproxy.har');
  await page.goto(`/incident/${incidentID}/type/swimlane`);
  const canvas = page.locator('[data-swimlane-canvas]');
  await expect(canvas).toHaveAttribute('data-mode', 'boxes');
  // The legend names the phases beside the swimlane.
  await expect(page.getByText('receive', { exact: true })).toBeVisible();
  await idle(page);
  const columnCount = await page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem').count();
  // The colours the product draws each phase in (its legend's), sought in the screenshot.
  const phases = HAR_TIMING_PHASES;
  const pixels = await swimlanePixels(
    page,
    canvas,
    columnCount,
    92,
    [],
    phases.map((phase) => PHASE_COLORS[phase]),
  );
  // Waiting for the server is most of a request: its colour fills a good part of the boxes, and other phases show too.
  const drawn = phases.filter((_, index) => (pixels.counts[index] ?? 0) >= 20);
  expect(drawn).toContain('wait');
  expect(drawn.length).toBeGreaterThanOrEqual(2);
  const timings = await hoverColumnsUntil(page, canvas, 8, async (card) => {
    const text = await card.innerText().catch(() => '');
    return /wait [\d.]+/.test(text) ? text : undefined;
  });
  expect(timings).toMatch(/wait [\d.]+ (µs|ms|s|m \d+ s)\b/);
});
