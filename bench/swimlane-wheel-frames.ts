/*
 * The swimlane app bench's frame figures: wheel events on the swimlane one per animation frame (pan or
 * zoom), the gaps between frames, and Chromium's own main-thread time per frame.
 */
import type { CDPSession, Page } from '@playwright/test';

/** Main-thread time Chromium counts (script, and all tasks), for per-frame averages. */
export async function mainThread(cdp: CDPSession): Promise<{ script: number; task: number; heap: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return { script: value('ScriptDuration') * 1000, task: value('TaskDuration') * 1000, heap: value('JSHeapUsedSize') };
}

export interface Frames {
  intervals: number[];
  scriptPerFrame: number;
  taskPerFrame: number;
}

/** Page code (as source: this file is compiled without the DOM's types). */
const WHEEL_FRAMES = `async ({ kind, frames }) => {
  const host = document.querySelector('[data-swimlane-canvas]');
  if (!host) throw new Error('no swimlane on the page');
  const rect = host.getBoundingClientRect();
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const gaps = [];
  let last = await nextFrame();
  for (let frame = 0; frame < frames; frame += 1) {
    // Zoom in for the first half and back out for the second; pan down a little each frame.
    const deltaY = kind === 'pan' ? 12 : frame < frames / 2 ? -60 : 60;
    host.dispatchEvent(new WheelEvent('wheel', { deltaY, ctrlKey: kind === 'zoom', clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, bubbles: true, cancelable: true }));
    const now = await nextFrame();
    gaps.push(now - last);
    last = now;
  }
  // The last frame's pixels.
  await nextFrame();
  await nextFrame();
  return gaps;
}`;

/** `FRAMES` wheel events on the swimlane, one per animation frame; the gaps between frames, and main-thread time per frame. */
export async function wheelFrames(page: Page, cdp: CDPSession, kind: 'pan' | 'zoom', FRAMES: number): Promise<Frames> {
  const before = await mainThread(cdp);
  const intervals = await page.evaluate<number[]>(`(${WHEEL_FRAMES})(${JSON.stringify({ kind, frames: FRAMES })})`);
  const after = await mainThread(cdp);
  return {
    intervals,
    scriptPerFrame: (after.script - before.script) / FRAMES,
    taskPerFrame: (after.task - before.task) / FRAMES,
  };
}
