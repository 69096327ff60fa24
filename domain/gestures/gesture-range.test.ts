import { describe, expect, it } from 'vitest';
import { clampRange, coversBounds, instantAt, MIN_RANGE_MICROS, panRange, zoomRange } from './gesture-range.ts';

const range = { fromMicros: 1_000_000, toMicros: 2_000_000 };
const bounds = { fromMicros: 0, toMicros: 10_000_000 };

describe('gesture ranges', () => {
  it('a drag towards later times shows earlier ones, by the span the fingers covered', () => {
    expect(panRange(range, 100, 1000)).toEqual({ fromMicros: 900_000, toMicros: 1_900_000 });
    expect(panRange(range, -250, 1000)).toEqual({ fromMicros: 1_250_000, toMicros: 2_250_000 });
  });

  it('a pinch keeps the instant under the fingers where it was', () => {
    const zoomed = zoomRange(range, 4, 250, 1000);
    expect(zoomed.toMicros - zoomed.fromMicros).toBe(250_000);
    expect(instantAt(zoomed, 250, 1000)).toBe(instantAt(range, 250, 1000));
    const out = zoomRange(range, 0.5, 500, 1000, bounds);
    expect(out).toEqual({ fromMicros: 500_000, toMicros: 2_500_000 });
  });

  it('stays inside the bounds with a tenth of margin, and never narrower than a millisecond', () => {
    expect(panRange(range, 100_000, 1000, bounds)).toEqual({ fromMicros: -1_000_000, toMicros: 0 });
    expect(zoomRange(range, 0.01, 500, 1000, bounds)).toEqual({ fromMicros: -1_000_000, toMicros: 11_000_000 });
    const narrow = zoomRange(range, 1e9, 0, 1000, bounds);
    expect(narrow.toMicros - narrow.fromMicros).toBe(MIN_RANGE_MICROS);
    expect(clampRange({ fromMicros: 5, toMicros: 5 }, undefined)).toEqual({
      fromMicros: 5,
      toMicros: 5 + MIN_RANGE_MICROS,
    });
  });

  it('knows when a range is the whole incident again', () => {
    expect(coversBounds(zoomRange(range, 0.01, 500, 1000, bounds), bounds)).toBe(true);
    expect(coversBounds(range, bounds)).toBe(false);
  });
});
