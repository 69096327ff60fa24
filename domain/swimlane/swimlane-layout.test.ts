import { describe, expect, it } from 'vitest';
import {
  buildSwimlaneLayout,
  finestBinsFor,
  MAX_FINEST_BINS,
  MIN_FINEST_BINS,
  type SwimlaneLayoutInput,
} from './swimlane-layout.ts';
import { BOX_LIMIT, binView, boxesInView, countInView } from './swimlane-lod.ts';

/** Events in time order: [start, end, column, colour]. */
function input(
  rows: Array<[number, number, number, number]>,
  columnCount: number,
  finestBins = 16,
): SwimlaneLayoutInput {
  return {
    startMicros: Float64Array.from(rows.map((row) => row[0])),
    endMicros: Float64Array.from(rows.map((row) => row[1])),
    column: Int32Array.from(rows.map((row) => row[2])),
    color: Uint8Array.from(rows.map((row) => row[3])),
    highlighted: new Uint8Array(rows.length),
    position: Uint32Array.from(rows.map((_, index) => index)),
    columnCount,
    finestBins,
  };
}

describe('buildSwimlaneLayout', () => {
  it('buckets events per column in time order and leaves out events of no column', () => {
    const layout = buildSwimlaneLayout(
      input(
        [
          [0, 0, 1, 0],
          [10, 20, 0, 1],
          [30, 30, 1, 2],
          [40, 40, -1, 0],
          [50, 90, 0, 3],
        ],
        2,
      ),
    );
    expect([...layout.offsets]).toEqual([0, 2, 4]);
    expect([...layout.position]).toEqual([1, 4, 0, 2]);
    expect([...layout.startMicros]).toEqual([10, 50, 0, 30]);
    expect(layout.fromMicros).toBe(0);
    expect(layout.toMicros).toBe(90);
    expect([...layout.maxDurationMicros]).toEqual([40, 0]);
  });

  it('keeps the event count at every level of the pyramid, per column', () => {
    const rows: Array<[number, number, number, number]> = [];
    for (let i = 0; i < 1000; i += 1) rows.push([i * 7, i * 7 + 3, i % 3, i % 8]);
    const layout = buildSwimlaneLayout(input(rows, 3, 64));
    expect(layout.levels.map((level) => level.bins)).toEqual([64, 32, 16, 8, 4, 2, 1]);
    for (const level of layout.levels) {
      for (let c = 0; c < 3; c += 1) {
        const sum = level.counts.subarray(c * level.bins, (c + 1) * level.bins).reduce((a, b) => a + b, 0);
        expect(sum).toBe(layout.offsets[c + 1]! - layout.offsets[c]!);
      }
    }
  });
});

describe('finestBinsFor', () => {
  it('gives big incidents finer bins, within a memory ceiling that falls with the column count', () => {
    expect(finestBinsFor(10_000, 16)).toBe(MIN_FINEST_BINS);
    expect(finestBinsFor(1_000_000, 16)).toBe(MAX_FINEST_BINS);
    expect(finestBinsFor(1_000_000, 200)).toBe(8192);
    expect(finestBinsFor(1_000_000, 2000)).toBe(MIN_FINEST_BINS);
  });
});

describe('reading a frame', () => {
  const rows: Array<[number, number, number, number]> = [];
  for (let i = 0; i < 20_000; i += 1) rows.push([i * 10, i * 10 + (i % 5 === 0 ? 50 : 0), i % 4, i % 8]);
  const layout = buildSwimlaneLayout(input(rows, 4, 256));

  it('counts the events in a window, with long boxes that start before it', () => {
    expect(countInView(layout, 0, 200_000)).toBe(20_000);
    // Column 0 holds every 4th event; those at i % 5 == 0 last 50 µs and reach back into the window.
    expect(countInView(layout, 1000, 1100)).toBeGreaterThanOrEqual(10);
  });

  it('draws boxes under the limit and groups those within the gap', () => {
    const boxes = boxesInView(layout, 0, 400, 400, { minHeightPx: 2 });
    expect(boxes.length).toBe(40);
    expect(boxes.every((box) => box.count === 1)).toBe(true);
    const grouped = boxesInView(layout, 0, 400, 40, { minHeightPx: 2, groupGapPx: 4 });
    // At 10 px per 100 µs each column's events (40 µs apart = 4 px) run together into one group.
    expect(grouped.length).toBe(4);
    expect(grouped.reduce((sum, box) => sum + box.count, 0)).toBe(40);
    expect(countInView(layout, 0, 200_000)).toBeGreaterThan(BOX_LIMIT);
  });

  it('bins the whole range from the pyramid and a narrow one from the events, counting every event once', () => {
    const rows = 100;
    const counts = new Uint32Array(4 * rows);
    const colors = new Uint8Array(4 * rows);
    binView(layout, layout.fromMicros, layout.toMicros, rows, counts, colors);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20_000);
    binView(layout, 50_000, 60_000, rows, counts, colors);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1000);
  });
});
