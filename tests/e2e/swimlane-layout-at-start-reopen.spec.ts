/*
 * A reopened swimlane laid out by the copy's worker as the app starts (issue 20's reopen, s15:
 * src/data/mirror/swimlane-layout-at-start.ts), from the view last laid out on the device: the frame is
 * the one the page's own layout draws, a kept view the page no longer has is not taken, a hidden column
 * or a search (filters) kept over a reload lays out as the page mounts, and a copy older than an event
 * caught up since is never laid out.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api } from './app-session.ts';
import {
  LARGE_INCIDENT_EVENTS,
  LARGE_INCIDENT_START,
  COPY_DIRECTORY,
  adminWithLargeIncident,
  copyHeader,
  openSwimlaneUntilCopied,
} from './large-incident.ts';

const viewKey = (incidentID: number) => `churchkey:swimlane-view:${incidentID}`;

/** Whether this page's swimlane took the layout made at start, and whether the worker made one. */
function layoutOrigin(page: Page): Promise<{ taken: boolean[]; madeAtStart: number }> {
  return page.evaluate(() => ({
    taken: performance
      .getEntriesByName('churchkey: swimlane layout')
      .map((entry) => (entry as PerformanceMeasure).detail?.atStart === true),
    madeAtStart: performance.getEntriesByName("churchkey: swimlane laid out in the copy's worker, from its start")
      .length,
  }));
}

/** Copies the incident's copy to `to` (a name in the copies' folder), or back from it. */
const copyFile = (page: Page, from: string, to: string) =>
  page.evaluate(
    async ({ directory, from, to }) => {
      const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(directory);
      const bytes = await (await (await folder.getFileHandle(from)).getFile()).arrayBuffer();
      const writable = await (await folder.getFileHandle(to, { create: true })).createWritable();
      await writable.write(bytes);
      await writable.close();
    },
    { directory: COPY_DIRECTORY, from, to },
  );

test('a reopened swimlane is laid out as the app starts, with the view kept on the device, and only then', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const incidentID = await adminWithLargeIncident(page, 'Layout at start');
  const canvas = page.locator('[data-swimlane-canvas]');
  const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const every = labelled(`Swimlane: ${LARGE_INCIDENT_EVENTS.toLocaleString('en')} events in 3 columns`);
  /** Reloads until the swimlane's label matches `label` and its frame is drawn. */
  const reopen = async (label: RegExp) => {
    await page.reload();
    await expect(canvas).toHaveAttribute('aria-label', label, { timeout: 60_000 });
    await expect(canvas).toHaveAttribute('data-swimlane-idle', 'true', { timeout: 60_000 });
  };

  await openSwimlaneUntilCopied(page, incidentID);

  // Reopened: the copy's worker laid out every event and the page drew that layout.
  await reopen(every);
  expect(await layoutOrigin(page)).toEqual({ taken: [true], madeAtStart: 1 });
  const fromStart = await canvas.screenshot();
  // The same frame as the page's own layout of the same events (no view kept: laid out as the page mounts).
  await page.evaluate((key) => localStorage.removeItem(key), viewKey(incidentID));
  await reopen(every);
  expect(await layoutOrigin(page)).toEqual({ taken: [false], madeAtStart: 0 });
  expect((await canvas.screenshot()).equals(fromStart)).toBe(true);

  // A kept view the page does not have (another column order) is laid out, but not taken.
  await page.evaluate((key) => {
    const view = JSON.parse(localStorage.getItem(key) ?? '{}') as { columnOfActor: Array<[number, number]> };
    view.columnOfActor = view.columnOfActor.map(([actor, column]) => [actor, view.columnOfActor.length - 1 - column]);
    localStorage.setItem(key, JSON.stringify(view));
  }, viewKey(incidentID));
  await reopen(every);
  expect(await layoutOrigin(page)).toEqual({ taken: [false], madeAtStart: 1 });
  expect((await canvas.screenshot()).equals(fromStart)).toBe(true);

  // A column hidden before the reload (its events filtered out) stays hidden, laid out as the page mounts.
  const headers = page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem');
  const first = (await headers.locator('button:not([aria-label])').allTextContents())[0] ?? '';
  await page.getByRole('button', { name: `Hide column ${first}` }).click();
  await expect(canvas).toHaveAttribute('aria-label', /^Swimlane: [\d,]+ events in 2 columns/, { timeout: 60_000 });
  const twoColumns = labelled((await canvas.getAttribute('aria-label')) ?? '');
  await expect(canvas).toHaveAttribute('data-swimlane-idle', 'true');
  const hiddenFrame = await canvas.screenshot();
  await reopen(twoColumns);
  expect(await layoutOrigin(page)).toEqual({ taken: [false], madeAtStart: 0 });
  expect((await canvas.screenshot()).equals(hiddenFrame)).toBe(true);
  await page.getByRole('button', { name: `Show column ${first}` }).click();
  await expect(canvas).toHaveAttribute('aria-label', every, { timeout: 60_000 });

  // A search kept over a reload: nothing is laid out ahead (the view was forgotten when it hid events),
  // and the swimlane shows exactly the events it finds.
  const matching = Array.from({ length: LARGE_INCIDENT_EVENTS }, (_, row) => `request ${row}`).filter((message) =>
    message.includes('12'),
  ).length;
  await page.getByLabel('Search term').fill('request 12');
  const found = labelled(`Swimlane: ${matching.toLocaleString('en')} events`);
  await expect(canvas).toHaveAttribute('aria-label', found, { timeout: 60_000 });
  await reopen(found);
  expect((await layoutOrigin(page)).madeAtStart).toBe(0);
  await page.getByLabel('Search term').fill('');
  await expect(canvas).toHaveAttribute('aria-label', every, { timeout: 60_000 });

  // An event added elsewhere and caught up; the copy from before it put back: nothing is laid out from
  // that copy, and the swimlane counts the new event.
  await copyFile(page, `incident-${incidentID}.bin`, 'kept-aside.bin');
  const keptAside = await copyHeader(page, incidentID);
  const { incident } = await api<{ incident: { streams: Array<{ id: number }>; actors: Array<{ id: number }> } }>(
    page.request,
    'GET',
    `/api/incident/${incidentID}`,
  );
  await api(page.request, 'POST', `/api/incident/${incidentID}/event`, {
    streamID: incident.streams[0]?.id,
    actorID: incident.actors[0]?.id,
    message: 'after the copy',
    startTimestamp: (LARGE_INCIDENT_START + 60_000) * 1000,
  });
  const withNew = labelled(`Swimlane: ${(LARGE_INCIDENT_EVENTS + 1).toLocaleString('en')} events in 3 columns`);
  await expect(canvas).toHaveAttribute('aria-label', withNew, { timeout: 60_000 });
  // Once the device has written its copy again (when idle), the old one goes back in its place.
  await expect.poll(() => copyHeader(page, incidentID), { timeout: 60_000 }).not.toBe(keptAside);
  await copyFile(page, 'kept-aside.bin', `incident-${incidentID}.bin`);
  expect(await copyHeader(page, incidentID)).toBe(keptAside);
  await reopen(withNew);
  expect(await layoutOrigin(page)).toEqual({ taken: [false], madeAtStart: 0 });
});
