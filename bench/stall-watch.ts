/*
 * How still the main thread stays while a page works, measured from its first script: the longest
 * task, the longest gap between frames and the peak JS heap, counted only between a reset and a
 * read. The page benches install it with addInitScript and compare our page against a baseline.
 */
import type { Page } from '@playwright/test';

/** Page code, as source: it runs in Chromium before the app's own scripts. */
export const STALL_WATCH = `(() => {
  const watch = { longestTask: 0, longestFrameGap: 0, last: 0, peakHeap: 0, running: false };
  globalThis.stallWatch = watch;
  new PerformanceObserver((list) => {
    if (!watch.running) return;
    for (const entry of list.getEntries()) watch.longestTask = Math.max(watch.longestTask, entry.duration);
  }).observe({ type: 'longtask', buffered: false });
  const frame = (now) => {
    if (watch.running && watch.last > 0) watch.longestFrameGap = Math.max(watch.longestFrameGap, now - watch.last);
    watch.last = now;
    if (watch.running && performance.memory) watch.peakHeap = Math.max(watch.peakHeap, performance.memory.usedJSHeapSize);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** Milliseconds, and bytes for the heap (0 where Chromium does not report it). */
export interface Stalls {
  longestTask: number;
  longestFrameGap: number;
  peakHeap: number;
}

/** Starts counting afresh. */
export const resetStallWatch = (page: Page) =>
  page.evaluate(() => {
    // Runs in the page: only what is written here exists there.
    const watch = (globalThis as unknown as { stallWatch: Stalls & { last: number; running: boolean } }).stallWatch;
    Object.assign(watch, { longestTask: 0, longestFrameGap: 0, peakHeap: 0, last: 0, running: true });
  });

/** Stops counting and answers what was counted since the reset. */
export const readStallWatch = (page: Page): Promise<Stalls> =>
  page.evaluate(() => {
    const watch = (globalThis as unknown as { stallWatch: Stalls & { running: boolean } }).stallWatch;
    watch.running = false;
    return { longestTask: watch.longestTask, longestFrameGap: watch.longestFrameGap, peakHeap: watch.peakHeap };
  });
