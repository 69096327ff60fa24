import { describe, expect, it } from 'vitest';
import { READABLE_PX, windowToShow } from './window-to-show.ts';

const DAY = 86_400_000_000;
const bounds = { fromMicros: 0, toMicros: DAY };

describe('windowToShow', () => {
  it('keeps the window when the event is in view and readable', () => {
    const window = { fromMicros: 1_000_000, toMicros: 11_000_000 };
    expect(windowToShow(window, { startMicros: 2_000_000, endMicros: 4_000_000 }, 600, bounds)).toBe(window);
  });

  it('zooms into a 107 ms request lost in a day, centred, so it spans a readable height', () => {
    const event = { startMicros: DAY / 2, endMicros: DAY / 2 + 107_000 };
    const shown = windowToShow(bounds, event, 600, bounds);
    expect(shown.fromMicros).toBeLessThanOrEqual(event.startMicros);
    expect(shown.toMicros).toBeGreaterThanOrEqual(event.endMicros);
    const heightPx = ((event.endMicros - event.startMicros) / (shown.toMicros - shown.fromMicros)) * 600;
    expect(heightPx).toBeGreaterThanOrEqual(READABLE_PX);
    expect(heightPx).toBeLessThan(600);
    const middle = (shown.fromMicros + shown.toMicros) / 2;
    expect(Math.abs(middle - (event.startMicros + 53_500))).toBeLessThan(1);
  });

  it('centres an out-of-view event at the same zoom when it is readable at that zoom', () => {
    const window = { fromMicros: 0, toMicros: 10_000_000 };
    const shown = windowToShow(window, { startMicros: 50_000_000, endMicros: 52_000_000 }, 600, bounds);
    expect(shown.toMicros - shown.fromMicros).toBe(10_000_000);
    expect(shown.fromMicros).toBe(46_000_000);
  });

  it('zooms out when the event is longer than the window', () => {
    const window = { fromMicros: 0, toMicros: 1_000_000 };
    const shown = windowToShow(window, { startMicros: 10_000_000, endMicros: 20_000_000 }, 600, bounds);
    expect(shown.fromMicros).toBeLessThan(10_000_000);
    expect(shown.toMicros).toBeGreaterThan(20_000_000);
  });

  it('moves to an instant out of view without zooming', () => {
    const window = { fromMicros: 0, toMicros: 1_000_000 };
    const shown = windowToShow(window, { startMicros: 5_000_000, endMicros: 5_000_000 }, 600, bounds);
    expect(shown).toEqual({ fromMicros: 4_500_000, toMicros: 5_500_000 });
  });

  it('stays inside the incident near its start', () => {
    const shown = windowToShow(bounds, { startMicros: 0, endMicros: 107_000 }, 600, bounds);
    expect(shown.fromMicros).toBeGreaterThanOrEqual(-DAY / 10);
    expect(shown.toMicros).toBeGreaterThanOrEqual(107_000);
  });
});
