/*
 * A reopened swimlane shows its last settled frame at once, in place, until the live frame is drawn
 * (features/swimlane/swimlane-last-frame.tsx): the picture is the frame itself, it comes before the live
 * frame, which then replaces it and answers the pointer. A frame kept under anything else (another
 * filter, a new marker caught up, another window size, the dark theme) is never shown.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api } from './app-session.ts';
import { pngPixels } from './png-pixels.ts';
import { chooseColorMode } from './stream-session.ts';
import {
  LARGE_INCIDENT_EVENTS,
  LARGE_INCIDENT_START,
  adminWithLargeIncident,
  largeIncidentSwimlane,
  openSwimlaneUntilCopied,
} from './large-incident.ts';

const SHOWN = 'churchkey: swimlane shows its last frame';
const LIVE = 'churchkey: swimlane shows a new layout';
const KEPT = 'churchkey: swimlane last frame kept';

/** When the kept picture and the live frame first showed in this page (performance.now(), -1 never). */
function timeline(page: Page): Promise<{ picture: number; live: number; pictureMarks: number }> {
  return page.evaluate(
    ({ shown, live }) => {
      const first = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? -1;
      return { picture: first(shown), live: first(live), pictureMarks: performance.getEntriesByName(shown).length };
    },
    { shown: SHOWN, live: LIVE },
  );
}

interface PictureSeen {
  atMs: number;
  label: string | null;
  busy: string | null;
  status: string | null;
  liveMarks: number;
}

/** Runs in the page from its first script: notes the first kept picture put in the DOM, and what was around it. */
function watchPicture(live: string): void {
  const observer = new MutationObserver(() => {
    const picture = document.querySelector('[data-swimlane-last-frame-picture]');
    if (!picture) return;
    const application = picture.closest('[role="application"]');
    const seen: PictureSeen = {
      atMs: performance.now(),
      label: application?.getAttribute('aria-label') ?? null,
      busy: application?.getAttribute('aria-busy') ?? null,
      status: picture.querySelector('[role="status"]')?.textContent ?? null,
      liveMarks: performance.getEntriesByName(live).length,
    };
    (window as unknown as { pictureSeen?: PictureSeen }).pictureSeen = seen;
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Until this page has kept its settled frame (read when idle, a second after the frame). */
const waitUntilKept = (page: Page) =>
  expect
    .poll(() => page.evaluate((name) => performance.getEntriesByName(name).length, KEPT), { timeout: 30_000 })
    .toBe(1);

/** The kept frame's PNG as the device holds it. */
function keptPng(page: Page, incidentID: number): Promise<string> {
  return page.evaluate(
    (id) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('churchkey-swimlane-frames');
        open.onerror = () => reject(new Error('no frames database'));
        open.onsuccess = () => {
          const get = open.result.transaction('frames').objectStore('frames').get(id);
          get.onsuccess = () => {
            const record = get.result as { png: Blob } | undefined;
            if (!record) return reject(new Error('no kept frame'));
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result).replace(/^data:image\/png;base64,/, ''));
            reader.readAsDataURL(record.png);
          };
        };
      }),
    incidentID,
  );
}

test('a reopened swimlane shows its last settled frame before the live frame, which replaces it', async ({ page }) => {
  test.setTimeout(240_000);
  const incidentID = await adminWithLargeIncident(page, 'Last frame');
  const canvas = largeIncidentSwimlane(page);
  await openSwimlaneUntilCopied(page, incidentID);
  await waitUntilKept(page);

  // Slowed down six times (as a slower device), so the moment the picture stands in is long enough to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  // Seen as the page builds itself: the picture can come and go within a few frames of the reload.
  await page.addInitScript(watchPicture, LIVE);
  await page.reload();
  await expect(canvas).toBeVisible({ timeout: 120_000 });
  await expect(canvas).toHaveAttribute('data-swimlane-idle', 'true', { timeout: 60_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const { picture: pictureAt, live: liveAt, pictureMarks } = await timeline(page);
  expect(pictureMarks).toBe(1);
  expect(pictureAt).toBeGreaterThan(0);
  expect(pictureAt).toBeLessThan(liveAt);
  // In the DOM before the live frame, saying what it shows like the swimlane does, and that it is loading.
  const seen = await page.evaluate(() => (window as unknown as { pictureSeen?: PictureSeen }).pictureSeen);
  expect(seen).toBeDefined();
  expect(seen!.liveMarks).toBe(0);
  expect(seen!.atMs).toBeLessThan(liveAt);
  expect(seen!.label).toMatch(
    new RegExp(`^Swimlane: ${LARGE_INCIDENT_EVENTS.toLocaleString('en')} events in 3 columns`),
  );
  expect(seen!.busy).toBe('true');
  expect(seen!.status).toBe('Loading…');
  // The live frame replaced it: no picture left over the canvas, and the pointer acts again.
  await expect(page.locator('[data-swimlane-last-frame-picture]')).toHaveCount(0);
  await expect(canvas).not.toHaveAttribute('aria-busy', 'true');

  // The picture was the frame itself: the kept PNG and the live canvas (inside its 1 px border) agree.
  const kept = await pngPixels(page, Buffer.from(await keptPng(page, incidentID), 'base64'));
  // The HTML labels over the canvas are hidden for its screenshot: the PNG holds the canvas alone.
  const labels = canvas.locator(':scope > div.pointer-events-none');
  await labels.evaluateAll((layers) => layers.forEach((layer) => ((layer as HTMLElement).style.visibility = 'hidden')));
  const live = await pngPixels(page, await canvas.locator('canvas').screenshot());
  await labels.evaluateAll((layers) => layers.forEach((layer) => ((layer as HTMLElement).style.visibility = '')));
  // The canvas's backing store is whole device pixels, its screenshot the box rounded: a pixel apart at most.
  expect(Math.abs(kept.width - live.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(kept.height - live.height)).toBeLessThanOrEqual(1);
  const width = Math.min(kept.width, live.width);
  const height = Math.min(kept.height, live.height);
  // A pixel differs when none of the screenshot's pixels around it (a pixel either way: the box's rounding
  // resamples thin lines) is its colour.
  const near = (a: number, x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        const lx = x + dx;
        const ly = y + dy;
        if (lx < 0 || ly < 0 || lx >= live.width || ly >= live.height) continue;
        const b = (ly * live.width + lx) * 4;
        const delta =
          Math.abs((kept.data[a] ?? 0) - (live.data[b] ?? 0)) +
          Math.abs((kept.data[a + 1] ?? 0) - (live.data[b + 1] ?? 0)) +
          Math.abs((kept.data[a + 2] ?? 0) - (live.data[b + 2] ?? 0));
        if (delta <= 24) return true;
      }
    }
    return false;
  };
  let differing = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) if (!near((y * kept.width + x) * 4, x, y)) differing += 1;
  }
  expect(differing / (width * height)).toBeLessThan(0.002);

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
  /** Reloads (slowed, as above) until the live frame is drawn; answers whether a kept picture showed. */
  const reopen = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.reload();
    await expect(canvas).toHaveAttribute('data-frames', /^[1-9]/, { timeout: 120_000 });
    await expect(canvas).toHaveAttribute('data-swimlane-idle', 'true', { timeout: 60_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return (await timeline(page)).pictureMarks > 0;
  };
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
  // Kept and unchanged: shown (what the rest of this test says is never shown again otherwise).
  expect(await reopen()).toBe(true);

  // Another filter: a column hidden after the frame was kept.
  await panAway();
  const headers = page.getByRole('list', { name: 'Swimlane columns' }).getByRole('listitem');
  const first = (await headers.locator('button:not([aria-label])').allTextContents())[0] ?? '';
  await page.getByRole('button', { name: `Hide column ${first}` }).click();
  await expect(canvas).toHaveAttribute('aria-label', /^Swimlane: [\d,]+ events in 2 columns/, { timeout: 60_000 });
  expect(await reopen()).toBe(false);
  await waitUntilKept(page);
  await panAway();
  await page.getByRole('button', { name: `Show column ${first}` }).click();
  await expect(canvas).toHaveAttribute('aria-label', /^Swimlane: [\d,]+ events in 3 columns/, { timeout: 60_000 });
  expect(await reopen()).toBe(false);
  await waitUntilKept(page);

  // A marker added elsewhere and caught up while the swimlane was panned away.
  await panAway();
  await api(page.request, 'POST', `/api/incident/${incidentID}/marker`, {
    message: 'Marker after the kept frame',
    startTimestamp: (LARGE_INCIDENT_START + 90_000) * 1000,
  });
  await expect(canvas).toHaveAttribute('aria-label', /1 marker\./, { timeout: 60_000 });
  expect(await reopen()).toBe(false);
  await waitUntilKept(page);

  // Another window size, and the dark theme (panned away first, so the resized frame is not kept).
  await panAway();
  await page.setViewportSize({ width: 1100, height: 800 });
  expect(await reopen()).toBe(false);
  await waitUntilKept(page);
  await panAway();
  await chooseColorMode(page, 'Ada Admin', 'dark');
  expect(await reopen()).toBe(false);
  // And, kept once more under the dark theme, shown again as it is.
  await waitUntilKept(page);
  expect(await reopen()).toBe(true);
});
