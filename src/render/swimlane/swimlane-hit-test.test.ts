import { describe, expect, it } from 'vitest';
import { buildSwimlaneLayout, type SwimlaneLayout } from '../../../domain/swimlane/swimlane-layout.ts';
import { boxesInView } from '../../../domain/swimlane/swimlane-lod.ts';
import { hitTestSwimlane, type DrawnSwimlane } from './swimlane-hit-test.ts';
import { AXIS_WIDTH_PX, type SwimlaneScene } from './swimlane-scene.ts';

// Two columns of 100 px right of the axis, 1,000 s drawn 1,000 px high: a pixel per second.
const S = 1_000_000;
const HEIGHT_PX = 1000;
const WINDOW = { fromMicros: 0, toMicros: 1000 * S };
const COLUMNS = { leftPx: AXIS_WIDTH_PX, widthPx: 100 };

/** Events as (column, start s, end s); positions count from 100 so they differ from indexes. */
function layoutOf(events: Array<[number, number, number]>): SwimlaneLayout {
  return buildSwimlaneLayout({
    startMicros: Float64Array.from(events.map(([, start]) => start * S)),
    endMicros: Float64Array.from(events.map(([, , end]) => end * S)),
    column: Int32Array.from(events.map(([column]) => column)),
    color: new Uint8Array(events.length),
    highlighted: new Uint8Array(events.length),
    position: Uint32Array.from(events.map((_, index) => 100 + index)),
    columnCount: 2,
  });
}

function scene(layout: SwimlaneLayout | undefined, markers: SwimlaneScene['markers'] = []): SwimlaneScene {
  const theme = {
    background: '#ffffff',
    grid: '#dddddd',
    text: '#000000',
    muted: '#666666',
    marker: '#cc0000',
    selection: '#0000ff',
    streams: ['#0071bf'],
  };
  return {
    layout,
    columnCount: 2,
    markers,
    selected: undefined,
    grouping: true,
    axisVisible: true,
    theme,
    phasesOf: () => undefined,
    formatTick: () => '',
  };
}

/** As the renderer's last frame drew it: boxes for the window with no margin. */
function drawnBoxes(layout: SwimlaneLayout, markers: SwimlaneScene['markers'] = []): DrawnSwimlane {
  const boxes = boxesInView(layout, WINDOW.fromMicros, WINDOW.toMicros, HEIGHT_PX, { minHeightPx: 2, groupGapPx: 4 });
  const cache = { ...WINDOW, mode: 'boxes' as const, spanMicros: WINDOW.toMicros, heightPx: HEIGHT_PX };
  return {
    scene: scene(layout, markers),
    window: WINDOW,
    heightPx: HEIGHT_PX,
    columns: COLUMNS,
    cache,
    mode: 'boxes',
    binCounts: new Uint32Array(0),
    binRows: 1,
    boxes,
  };
}

describe('the swimlane hit-test', () => {
  it('finds the event under the point, in its column only', () => {
    const drawn = drawnBoxes(
      layoutOf([
        [0, 100, 150],
        [1, 100, 150],
        [0, 500, 600],
      ]),
    );
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 120)).toEqual({ kind: 'event', position: 100 });
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 150, 120)).toEqual({ kind: 'event', position: 101 });
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 550)).toEqual({ kind: 'event', position: 102 });
    // Between the events, right of the columns and under the axis: nothing.
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 300)).toBeUndefined();
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 250, 120)).toBeUndefined();
    expect(hitTestSwimlane(drawn, 40, 120)).toBeUndefined();
  });

  it('names every event of a group drawn as one box', () => {
    const drawn = drawnBoxes(
      layoutOf([
        [0, 100, 100],
        [0, 101, 101],
        [0, 102, 102],
      ]),
    );
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 101)).toEqual({ kind: 'group', positions: [100, 101, 102] });
  });

  it('puts markers first, across every column, a few pixels either side of their line', () => {
    const marker = { id: 7, startMicros: 120 * S, endMicros: 120 * S, message: 'Failover' };
    const drawn = drawnBoxes(layoutOf([[0, 100, 150]]), [marker]);
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 122)).toEqual({ kind: 'marker', marker });
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 150, 118)).toEqual({ kind: 'marker', marker });
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 126)).toEqual({ kind: 'event', position: 100 });
  });

  it('reads a bin from the counts, with the instants it spans, and passes over empty ones', () => {
    const layout = layoutOf([[0, 100, 100]]);
    const rows = 10;
    const binCounts = new Uint32Array(2 * rows);
    binCounts[rows + 3] = 1234; // column 1, row 3: 300 s to 400 s
    const cache = { ...WINDOW, mode: 'bins' as const, spanMicros: WINDOW.toMicros, heightPx: HEIGHT_PX };
    const drawn: DrawnSwimlane = {
      scene: scene(layout),
      window: WINDOW,
      heightPx: HEIGHT_PX,
      columns: COLUMNS,
      cache,
      mode: 'bins',
      binCounts,
      binRows: rows,
      boxes: [],
    };
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 150, 350)).toEqual({
      kind: 'bin',
      column: 1,
      count: 1234,
      fromMicros: 300 * S,
      toMicros: 400 * S,
    });
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 350)).toBeUndefined();
  });

  it('hits what is drawn when the window has panned inside the cached range', () => {
    const layout = layoutOf([[0, 1100, 1150]]);
    // Built for 0..2000 s at 1,000 px a span; the window shows 1000..2000 s, 1,000 px down the content.
    const cache = {
      fromMicros: 0,
      toMicros: 2000 * S,
      mode: 'boxes' as const,
      spanMicros: 1000 * S,
      heightPx: 2 * HEIGHT_PX,
    };
    const boxes = boxesInView(layout, cache.fromMicros, cache.toMicros, cache.heightPx, { minHeightPx: 2 });
    const window = { fromMicros: 1000 * S, toMicros: 2000 * S };
    const drawn: DrawnSwimlane = { ...drawnBoxes(layout), window, cache, boxes };
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 120)).toEqual({ kind: 'event', position: 100 });
    expect(hitTestSwimlane(drawn, AXIS_WIDTH_PX + 50, 20)).toBeUndefined();
  });

  it('hits nothing before the first frame or without events', () => {
    const drawn = drawnBoxes(layoutOf([[0, 100, 150]]));
    expect(hitTestSwimlane({ ...drawn, cache: undefined }, AXIS_WIDTH_PX + 50, 120)).toBeUndefined();
    expect(hitTestSwimlane({ ...drawn, scene: scene(undefined) }, AXIS_WIDTH_PX + 50, 120)).toBeUndefined();
  });
});
