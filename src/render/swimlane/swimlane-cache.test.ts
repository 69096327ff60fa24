import { describe, expect, it } from 'vitest';
import { cacheCovers, cachedRange, cacheOffsetPx, type CachedWindow } from './swimlane-cache.ts';
import { panWindow, zoomWindow } from './swimlane-window.ts';

const bounds = { fromMicros: 0, toMicros: 86_400_000_000 };
const window = { fromMicros: 21_600_000_000, toMicros: 43_200_000_000 };
const range = cachedRange(window, 1);
const cache: CachedWindow = { ...range, mode: 'bins', spanMicros: window.toMicros - window.fromMicros, heightPx: 1800 };

describe('the swimlane cache', () => {
  it('spans the window and a span on each side', () => {
    expect(range).toEqual({ fromMicros: 0, toMicros: 64_800_000_000 });
  });

  it('draws pans inside the margin by moving the content, and builds again past it', () => {
    let moved = window;
    let covered = 0;
    for (let i = 0; i < 100 && cacheCovers(cache, moved, 'bins'); i += 1) {
      covered += 1;
      moved = panWindow(moved, 0.05, bounds);
    }
    // 20 steps of 5% cross one span of margin: the 21st frame is outside.
    expect(covered).toBe(21);
    expect(cacheCovers(cache, panWindow(window, -1.01, bounds), 'bins')).toBe(false);
  });

  it('builds again on a zoom or a change of mode', () => {
    expect(cacheCovers(cache, zoomWindow(window, 1.1, 0.5, bounds), 'bins')).toBe(false);
    expect(cacheCovers(cache, window, 'boxes')).toBe(false);
    expect(cacheCovers(undefined, window, 'bins')).toBe(false);
  });

  it('places the window inside the cached content in pixels', () => {
    expect(cacheOffsetPx(cache, window)).toBeCloseTo(600);
    expect(cacheOffsetPx(cache, panWindow(window, 0.5, bounds))).toBeCloseTo(900);
  });
});
