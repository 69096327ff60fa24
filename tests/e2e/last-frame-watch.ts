/*
 * What the reopen specs of the swimlane's kept frame (swimlane-last-frame-reopen.spec.ts) watch in the page:
 * the marks of the picture and the live frame, the first picture put in the DOM (painted before React or by
 * the page) and what was around it, and how far two pictures' pixels are apart.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import type { PngPixels } from './png-pixels.ts';

export const SHOWN = 'churchkey: swimlane shows its last frame';
export const LIVE = 'churchkey: swimlane shows a new layout';
const KEPT = 'churchkey: swimlane last frame kept';
const EARLY = 'churchkey: swimlane early picture';
const REMOVED = 'churchkey: swimlane early picture removed';
const READ = 'churchkey: swimlane frame read';

export interface ReopenTimeline {
  /** performance.now() of the first picture and of the live frame (-1: never). */
  picture: number;
  live: number;
  pictureMarks: number;
  /** What the paint before React decided ('painted', 'differs', …) and, when it differs, the part that did. */
  early: Array<{ outcome: string; part?: string; scheme?: string }>;
  /** Why the picture painted before React went ('handed over', 'live frame', 'resize', 'navigation', …). */
  removed: string[];
  /** What the frame's read as the app starts found (a record, the mirror's revision) and whether it was late. */
  read: unknown[];
}

export function timeline(page: Page): Promise<ReopenTimeline> {
  return page.evaluate(
    ({ shown, live, early, removed, read }) => {
      const first = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? -1;
      const details = (name: string) =>
        performance.getEntriesByName(name).map((mark) => (mark as PerformanceMark).detail);
      return {
        picture: first(shown),
        live: first(live),
        pictureMarks: performance.getEntriesByName(shown).length,
        early: details(early) as ReopenTimeline['early'],
        removed: details(removed).map((detail) => String((detail as { reason: string }).reason)),
        read: details(read),
      };
    },
    { shown: SHOWN, live: LIVE, early: EARLY, removed: REMOVED, read: READ },
  );
}

export interface PictureSeen {
  atMs: number;
  label: string | null;
  busy: string | null;
  status: string | null;
  liveMarks: number;
  /** Painted before React (a fixed element of its own), not by the page. */
  early: boolean;
  /** Whether React had mounted the swimlane's section (the page's place for it) by then. */
  sectionMounted: boolean;
  box: { x: number; y: number; width: number; height: number } | null;
  /** The picture's canvas as a PNG data URL. */
  png: string | null;
}

/** Runs in the page from its first script: notes the first kept picture put in the DOM, and what was around it. */
export function watchPicture(live: string): void {
  const observer = new MutationObserver(() => {
    const picture = document.querySelector('[data-swimlane-last-frame-picture]');
    if (!picture) return;
    const application = picture.closest('[role="application"]');
    const rect = application?.getBoundingClientRect();
    const seen: PictureSeen = {
      atMs: performance.now(),
      label: application?.getAttribute('aria-label') ?? null,
      busy: application?.getAttribute('aria-busy') ?? null,
      status: picture.querySelector('[role="status"]')?.textContent ?? null,
      liveMarks: performance.getEntriesByName(live).length,
      early: picture.closest('[data-swimlane-early-frame]') !== null,
      sectionMounted: document.querySelector('#root [data-picture="swimlane"]') !== null,
      box: rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null,
      png: picture.querySelector('canvas')?.toDataURL('image/png') ?? null,
    };
    (window as unknown as { pictureSeen?: PictureSeen }).pictureSeen = seen;
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

export const pictureSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { pictureSeen?: PictureSeen }).pictureSeen);

/** Until this page has kept its settled frame (read when idle, a second after the frame). */
export const waitUntilKept = (page: Page) =>
  expect
    .poll(() => page.evaluate((name) => performance.getEntriesByName(name).length, KEPT), { timeout: 30_000 })
    .toBe(1);

/** The kept frame's PNG as the device holds it. */
export function keptPng(page: Page, incidentID: number): Promise<string> {
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

/**
 * The share of `kept`'s pixels none of `live`'s pixels around it (a pixel either way: a box's rounding
 * resamples thin lines) has the colour of.
 */
export function differingShare(kept: PngPixels, live: PngPixels): number {
  const width = Math.min(kept.width, live.width);
  const height = Math.min(kept.height, live.height);
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
  return differing / (width * height);
}
