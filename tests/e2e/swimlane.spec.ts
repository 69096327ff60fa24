/*
 * The swimlane on the demo incident, in Chromium with software WebGL: it draws columns, boxes and
 * markers (checked on the pixels of a screenshot), selection follows to the event detail and the
 * event timeline, and hidden and reordered columns survive a reload.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';
import { swimlanePixels } from './swimlane-pixels.ts';

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
  // Two animation frames: the renderer draws in the next one after a change.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('the swimlane draws the demo incident: a column per actor, boxes in stream colours, markers across', async ({ page }, testInfo) => {
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
