/*
 * The swimlane's cached window: the boxes or bins of a frame are built for the window with a margin
 * of whole spans above and below, and later frames that only pan inside it move the drawn content
 * instead of rebuilding it. A zoom (another span), another mode, size or scene builds again.
 */
import type { TimeWindow } from './swimlane-window.ts';

export type SwimlaneMode = 'boxes' | 'bins';

export interface CachedWindow extends TimeWindow {
  mode: SwimlaneMode;
  /** The span of the window it was built for: pixels per microsecond are fixed by it. */
  spanMicros: number;
  /** Height in pixels of the whole cached range at that scale. */
  heightPx: number;
}

/** The window widened by `marginSpans` of its span on each side. */
export function cachedRange(window: TimeWindow, marginSpans: number): TimeWindow {
  const span = window.toMicros - window.fromMicros;
  return { fromMicros: window.fromMicros - marginSpans * span, toMicros: window.toMicros + marginSpans * span };
}

/** Whether a frame of `window` in `mode` can be drawn by moving the cached content. */
export function cacheCovers(cache: CachedWindow | undefined, window: TimeWindow, mode: SwimlaneMode): boolean {
  if (!cache || cache.mode !== mode) return false;
  const span = window.toMicros - window.fromMicros;
  if (Math.abs(span - cache.spanMicros) > span * 1e-9) return false;
  return window.fromMicros >= cache.fromMicros && window.toMicros <= cache.toMicros;
}

/** How far down the cached content the window starts, in pixels. */
export function cacheOffsetPx(cache: CachedWindow, window: TimeWindow): number {
  return ((window.fromMicros - cache.fromMicros) * cache.heightPx) / (cache.toMicros - cache.fromMicros);
}
