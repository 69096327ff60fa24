import { describe, expect, it } from 'vitest';
import { axisTicks, clampWindow, MIN_SPAN_MICROS, panWindow, zoomWindow } from './swimlane-window.ts';

const bounds = { fromMicros: 0, toMicros: 1_000_000 };

describe('the swimlane window', () => {
  it('zooms about the anchor: the time under the pointer stays put', () => {
    const window = { fromMicros: 200_000, toMicros: 600_000 };
    const zoomed = zoomWindow(window, 2, 0.25, bounds);
    expect(zoomed.toMicros - zoomed.fromMicros).toBe(200_000);
    expect(zoomed.fromMicros + 0.25 * 200_000).toBe(300_000);
  });

  it('never zooms below the smallest span nor pans far past the incident', () => {
    const tiny = zoomWindow(bounds, 1e9, 0.5, bounds);
    expect(tiny.toMicros - tiny.fromMicros).toBe(MIN_SPAN_MICROS);
    const panned = panWindow(bounds, 10, bounds);
    expect(panned.toMicros).toBeLessThanOrEqual(1_100_000);
    expect(clampWindow({ fromMicros: -5e6, toMicros: 5e6 }, bounds)).toEqual({
      fromMicros: -100_000,
      toMicros: 1_100_000,
    });
  });

  it('puts ticks on round steps at least the gap apart', () => {
    const { stepMicros, ticks } = axisTicks({ fromMicros: 0, toMicros: 60_000_000 }, 600, 48);
    expect(stepMicros).toBe(5_000_000);
    expect(ticks[0]).toBe(0);
    expect(ticks).toHaveLength(13);
  });
});
