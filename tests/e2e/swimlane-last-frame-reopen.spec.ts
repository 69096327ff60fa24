/*
 * A reopened swimlane shows its last settled frame at once, in place, until the live frame is drawn
 * (features/swimlane/swimlane-last-frame.tsx): painted as the app starts, before React has mounted the page
 * (app/swimlane-early-picture.ts), the picture is the frame itself, it comes before the live frame, which
 * then replaces it and answers the pointer. A frame kept under anything else (another filter, a new
 * marker caught up, another window size, the dark theme) is never shown; a resize or a navigation while
 * it is up takes it away.
 */
import { expect, test } from './fixtures.ts';
import { api } from './app-session.ts';
import {
  LIVE,
  differingShare,
  keptPng,
  pictureSeen,
  timeline,
  waitUntilKept,
  watchPicture,
} from './last-frame-watch.ts';
import { pngPixels } from './png-pixels.ts';
import { chooseColorMode } from './stream-session.ts';
import {
  LARGE_INCIDENT_EVENTS,
  LARGE_INCIDENT_START,
  adminWithLargeIncident,
  largeIncidentSwimlane,
  openSwimlaneUntilCopied,
} from './large-incident.ts';

test('a reopened swimlane shows its last settled frame before the live frame, which replaces it', async ({ page }) => {
  test.setTimeout(240_000);
  const incidentID = await adminWithLargeIncident(page, 'Last frame');
  const canvas = largeIncidentSwimlane(page);
  await openSwimlaneUntilCopied(page, incidentID);
  await waitUntilKept(page);

  // Slowed down twelve times (as a slow device: the main thread, which the page waits on, not the picture's
  // read and decode), so the moment the picture stands in is long enough to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  // Seen as the page builds itself: the picture can come and go within a few frames of the reload.
  await page.addInitScript(watchPicture, LIVE);
  await page.reload();
  await expect(canvas).toBeVisible({ timeout: 120_000 });
  await expect(canvas).toHaveAttribute('data-swimlane-idle', 'true', { timeout: 60_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const { picture: pictureAt, live: liveAt, pictureMarks, early, removed } = await timeline(page);
  // Painted as the app starts, before React had mounted the swimlane's section; then handed over to the page
  // (or ended by the live frame), once.
  expect(early).toEqual([{ outcome: 'painted', scheme: 'light' }]);
  expect(pictureMarks).toBe(1);
  expect(pictureAt).toBeGreaterThan(0);
  expect(pictureAt).toBeLessThan(liveAt);
  expect(removed).toHaveLength(1);
  expect(['handed over', 'live frame']).toContain(removed[0]);
  // In the DOM before the live frame, saying what it shows like the swimlane does, and that it is loading.
  const seen = await pictureSeen(page);
  expect(seen).toBeDefined();
  expect(seen!.early).toBe(true);
  expect(seen!.sectionMounted).toBe(false);
  expect(seen!.liveMarks).toBe(0);
  expect(seen!.atMs).toBeLessThan(liveAt);
  expect(seen!.label).toMatch(
    new RegExp(`^Swimlane: ${LARGE_INCIDENT_EVENTS.toLocaleString('en')} events in 3 columns`),
  );
  expect(seen!.busy).toBe('true');
  expect(seen!.status).toBe('Loading…');
  // The live frame replaced it: no picture left over the canvas or anywhere in the page, and the pointer acts again.
  await expect(page.locator('[data-swimlane-last-frame-picture]')).toHaveCount(0);
  await expect(canvas).not.toHaveAttribute('aria-busy', 'true');

  // Where the live canvas is, a pixel apart at most.
  const liveBox = (await canvas.boundingBox())!;
  for (const side of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(seen!.box![side] - liveBox[side])).toBeLessThanOrEqual(1);
  // The picture was the frame itself: the picture painted early, the kept PNG and the live canvas (inside its
  // 1 px border) agree.
  const painted = await pngPixels(page, Buffer.from(seen!.png!.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const kept = await pngPixels(page, Buffer.from(await keptPng(page, incidentID), 'base64'));
  // The HTML labels over the canvas are hidden for its screenshot: the PNG holds the canvas alone.
  const labels = canvas.locator(':scope > div.pointer-events-none');
  await labels.evaluateAll((layers) => layers.forEach((layer) => ((layer as HTMLElement).style.visibility = 'hidden')));
  const live = await pngPixels(page, await canvas.locator('canvas').screenshot());
  await labels.evaluateAll((layers) => layers.forEach((layer) => ((layer as HTMLElement).style.visibility = '')));
  // The canvas's backing store is whole device pixels, its screenshot the box rounded: a pixel apart at most.
  for (const picture of [painted, kept]) {
    expect(Math.abs(picture.width - live.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(picture.height - live.height)).toBeLessThanOrEqual(1);
    expect(differingShare(picture, live)).toBeLessThan(0.002);
  }

  // Hover works on the live frame: some point over the columns names an event.
  const box = (await canvas.boundingBox())!;
  const hover = page.locator('[data-swimlane-hover]');
  await expect(async () => {
    for (let step = 1; step < 12 && (await hover.count()) === 0; step += 1)
      await page.mouse.move(box.x + box.width * (0.2 + (step % 3) * 0.3), box.y + (box.height * step) / 12);
    await expect(hover).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
});

test('a kept frame is never shown when the filter, the events, the window size or the theme changed', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const incidentID = await adminWithLargeIncident(page, 'Stale frame');
  const canvas = page.locator('[data-swimlane-canvas]');
  const cdp = await page.context().newCDPSession(page);
  /**
   * Reloads (slowed, as above) until the live frame is drawn; answers whether a kept picture showed, and what
   * the paint before React decided (and, when the frame was not the same, which of its inputs differed).
   */
  const reopen = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.reload();
    await expect(canvas).toHaveAttribute('data-frames', /^[1-9]/, { timeout: 120_000 });
    await expect(canvas).toHaveAttribute('data-swimlane-idle', 'true', { timeout: 60_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const { pictureMarks, early } = await timeline(page);
    const painted = early.filter(({ outcome }) => outcome === 'painted');
    // Painted only in the scheme the page shows it in (the shell's, once it applies the dark one).
    return { shown: pictureMarks > 0, painted: painted.length > 0, in: painted.map(({ scheme }) => scheme) };
  };
  // Shown, and painted as the app starts, before React; or never shown, not even by the page.
  const shown = { shown: true, painted: true, in: ['light'] };
  const notShown = { shown: false, painted: false, in: [] };
  /** Pans the swimlane, so the frames drawn from here on are not kept (only the window it opens at is). */
  const panAway = async () => {
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 400);
    await expect(canvas).not.toHaveAttribute('data-window-from-micros', String(LARGE_INCIDENT_START * 1000));
    await page.mouse.move(0, 0);
  };

  await openSwimlaneUntilCopied(page, incidentID);
  await waitUntilKept(page);
  // Kept and unchanged: shown, painted before React (what the rest of this test says is never shown otherwise).
  expect(await reopen()).toEqual(shown);

  // Another filter: a column hidden after the frame was kept.
  await panAway();
  const headers = page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem');
  const first = (await headers.locator('button:not([aria-label])').allTextContents())[0] ?? '';
  await page.getByRole('button', { name: `Hide column ${first}` }).click();
  await expect(canvas).toHaveAttribute('aria-label', /^Swimlane: [\d,]+ events in 2 columns/, { timeout: 60_000 });
  expect(await reopen()).toEqual(notShown);
  await waitUntilKept(page);
  await panAway();
  await page.getByRole('button', { name: `Show column ${first}` }).click();
  await expect(canvas).toHaveAttribute('aria-label', /^Swimlane: [\d,]+ events in 3 columns/, { timeout: 60_000 });
  expect(await reopen()).toEqual(notShown);
  await waitUntilKept(page);

  // A marker added elsewhere and caught up while the swimlane was panned away.
  await panAway();
  await api(page.request, 'POST', `/api/incident/${incidentID}/marker`, {
    message: 'Marker after the kept frame',
    startTimestamp: (LARGE_INCIDENT_START + 90_000) * 1000,
  });
  await expect(canvas).toHaveAttribute('aria-label', /1 marker\./, { timeout: 60_000 });
  expect(await reopen()).toEqual(notShown);
  await waitUntilKept(page);

  // Another window size, and the dark theme (panned away first, so the resized frame is not kept).
  await panAway();
  await page.setViewportSize({ width: 1100, height: 800 });
  expect(await reopen()).toEqual(notShown);
  await waitUntilKept(page);
  await panAway();
  await chooseColorMode(page, 'Ada Admin', 'dark');
  expect(await reopen()).toEqual(notShown);
  // And, kept once more under the dark theme, shown again as it is, painted before React too, in the dark.
  await waitUntilKept(page);
  expect(await reopen()).toEqual({ ...shown, in: ['dark'] });
});

test('a picture painted before the page goes when the window is resized or the app goes elsewhere', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const incidentID = await adminWithLargeIncident(page, 'Early picture');
  const canvas = largeIncidentSwimlane(page);
  await openSwimlaneUntilCopied(page, incidentID);
  await waitUntilKept(page);
  const cdp = await page.context().newCDPSession(page);
  const early = page.locator('[data-swimlane-early-frame]');
  const anyPicture = page.locator('[data-swimlane-last-frame-picture]');

  // Resized while the picture stands in: it goes at once, and the page shows no picture of the old size.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  await page.reload();
  await expect(early).toBeVisible({ timeout: 60_000 });
  await page.setViewportSize({ width: 1200, height: 760 });
  await expect(anyPicture).toHaveCount(0, { timeout: 5_000 });
  await expect(canvas).toHaveAttribute('data-frames', /^[1-9]/, { timeout: 120_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  let seen = await timeline(page);
  // Gone with the resize (its event, or the page measuring its section at the new size first), or taken over by
  // the page just before it and gone with it there.
  expect(seen.removed).toHaveLength(1);
  expect(seen.removed[0]).toMatch(/^(resize|handed over|differs: (width|height))$/);
  expect(seen.pictureMarks).toBe(1);
  await expect(anyPicture).toHaveCount(0);

  // Kept at this size, then reopened and sent to the events table while the picture stands in: it goes.
  await waitUntilKept(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  await page.reload();
  await expect(early).toBeVisible({ timeout: 60_000 });
  await page.evaluate((id) => {
    history.pushState(null, '', `/incident/${id}/events`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, incidentID);
  await expect(anyPicture).toHaveCount(0, { timeout: 5_000 });
  await expect(page.getByText('request 0', { exact: true }).first()).toBeVisible({ timeout: 120_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  seen = await timeline(page);
  // Gone with the navigation, or taken over by the page just before it (a quiet machine mounts it that fast) and gone
  // with the page: either way no picture stays on the events table.
  expect(seen.removed).toHaveLength(1);
  expect(seen.removed[0]).toMatch(/^(navigation|handed over)$/);
  await expect(anyPicture).toHaveCount(0);
  await expect(canvas).toHaveCount(0);
});
