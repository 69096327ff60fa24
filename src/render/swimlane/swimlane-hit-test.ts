/*
 * What is under a point of the swimlane, from what the last frame drew (markers, boxes or bins of
 * the cached range): no Pixi, so the rules (markers first, nothing under the axis, the topmost box,
 * a group's events from the cached range) are tested without a browser.
 */
import type { SwimlaneBox } from '../../../domain/swimlane/swimlane-lod.ts';
import { cacheOffsetPx, type CachedWindow, type SwimlaneMode } from './swimlane-cache.ts';
import { AXIS_WIDTH_PX, type SwimlaneHit, type SwimlaneScene } from './swimlane-scene.ts';
import type { TimeWindow } from './swimlane-window.ts';

/** A marker is hit this close to its line, in CSS pixels. */
const MARKER_SLOP_PX = 3;

export interface DrawnSwimlane {
  scene: SwimlaneScene;
  window: TimeWindow;
  heightPx: number;
  /** The columns' left edge (scrolled) and width. */
  columns: { leftPx: number; widthPx: number };
  /** The range the content was built for; undefined before the first frame. */
  cache: CachedWindow | undefined;
  mode: SwimlaneMode;
  /** Bins mode: counts column-major, `binRows` a column. */
  binCounts: Uint32Array;
  binRows: number;
  /** Boxes mode: the boxes drawn, in the cached content's pixels. */
  boxes: readonly SwimlaneBox[];
}

/** Where `micros` is drawn, in pixels from the top of the window. */
export function yOfMicros(window: TimeWindow, heightPx: number, micros: number): number {
  return ((micros - window.fromMicros) / (window.toMicros - window.fromMicros)) * heightPx;
}

/** What is under a point of the canvas (CSS pixels). */
export function hitTestSwimlane(drawn: DrawnSwimlane, xPx: number, yPx: number): SwimlaneHit | undefined {
  const { scene, window, heightPx, cache } = drawn;
  const layout = scene.layout;
  for (const marker of scene.markers) {
    const y0 = yOfMicros(window, heightPx, marker.startMicros);
    const y1 = Math.max(y0, yOfMicros(window, heightPx, marker.endMicros));
    const onLine = y1 - y0 < 2 || Math.abs(yPx - y0) <= MARKER_SLOP_PX;
    if (yPx >= y0 - MARKER_SLOP_PX && yPx <= y1 + MARKER_SLOP_PX && onLine) return { kind: 'marker', marker };
  }
  const { leftPx, widthPx } = drawn.columns;
  // Under the axis nothing is hit, even where a scrolled column passes beneath it.
  if (scene.axisVisible && xPx < AXIS_WIDTH_PX) return undefined;
  const column = Math.floor((xPx - leftPx) / widthPx);
  if (!layout || !cache || column < 0 || column >= layout.columnCount) return undefined;
  // The point in the cached content's pixels.
  const contentY = yPx + cacheOffsetPx(cache, window);
  if (drawn.mode === 'bins') {
    const rows = drawn.binRows;
    const row = Math.max(0, Math.min(rows - 1, Math.floor(contentY / (cache.heightPx / rows))));
    const count = drawn.binCounts[column * rows + row] ?? 0;
    if (count === 0) return undefined;
    const rowMicros = (cache.toMicros - cache.fromMicros) / rows;
    return {
      kind: 'bin',
      column,
      count,
      fromMicros: cache.fromMicros + row * rowMicros,
      toMicros: cache.fromMicros + (row + 1) * rowMicros,
    };
  }
  // The last drawn is on top.
  for (let i = drawn.boxes.length - 1; i >= 0; i -= 1) {
    const box = drawn.boxes[i] as SwimlaneBox;
    if (box.column !== column || contentY < box.y0Px - 1 || contentY > Math.max(box.y0Px + 2, box.y1Px) + 1) continue;
    if (box.count === 1) return { kind: 'event', position: layout.position[box.index] as number };
    const positions: number[] = [];
    // A group's events are the next `count` that end inside the cached range.
    for (let k = 0, j = box.index; k < box.count; j += 1) {
      if ((layout.endMicros[j] as number) < cache.fromMicros) continue;
      positions.push(layout.position[j] as number);
      k += 1;
    }
    return { kind: 'group', positions };
  }
  return undefined;
}
