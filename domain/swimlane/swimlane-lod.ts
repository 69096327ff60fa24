/*
 * What one swimlane frame reads from a layout (swimlane-layout.ts): how many events a time window
 * holds, the boxes to draw when few enough do (grouped when asked), and otherwise the count bins
 * per column and pixel row. Each costs O(columns × log events) or O(columns × rows), or at most
 * O(BOX_LIMIT) boxes or O(DIRECT_BIN_LIMIT) events counted: never O(all events).
 */
import type { SwimlaneLayout, SwimlaneLevel } from './swimlane-layout.ts';

/** Above this many events in view the swimlane draws count bins instead of boxes. */
export const BOX_LIMIT = 4000;
/** Below this many events in view, bins are counted from the events themselves (exact). */
const DIRECT_BIN_LIMIT = 50_000;

/** The first index in column `column` whose start is at or after `micros`. */
function firstStartAtOrAfter(layout: SwimlaneLayout, column: number, micros: number): number {
  let low = layout.offsets[column] as number;
  let high = layout.offsets[column + 1] as number;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((layout.startMicros[middle] as number) < micros) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index range [from, to) of column events that may show in the window (long boxes reach back). */
function columnRange(layout: SwimlaneLayout, column: number, fromMicros: number, toMicros: number): [number, number] {
  return [
    firstStartAtOrAfter(layout, column, fromMicros - (layout.maxDurationMicros[column] as number)),
    firstStartAtOrAfter(layout, column, toMicros),
  ];
}

/** An upper bound of the events showing in [fromMicros, toMicros) over the given columns. */
export function countInView(layout: SwimlaneLayout, fromMicros: number, toMicros: number): number {
  let total = 0;
  for (let c = 0; c < layout.columnCount; c += 1) {
    const [a, b] = columnRange(layout, c, fromMicros, toMicros);
    total += b - a;
  }
  return total;
}

export interface SwimlaneBox {
  column: number;
  /** Index of the first event in the layout arrays. */
  index: number;
  /** Events in the box: more than 1 is a group of nearby events. */
  count: number;
  y0Px: number;
  y1Px: number;
}

/**
 * The boxes of the window, top to bottom per column. A box is at least `minHeightPx` tall; with
 * `groupGapPx` set, events whose boxes come within that many pixels of the box above merge into it.
 */
export function boxesInView(
  layout: SwimlaneLayout,
  fromMicros: number,
  toMicros: number,
  heightPx: number,
  options: { minHeightPx: number; groupGapPx?: number },
): SwimlaneBox[] {
  const pxPerMicro = heightPx / (toMicros - fromMicros);
  const boxes: SwimlaneBox[] = [];
  for (let c = 0; c < layout.columnCount; c += 1) {
    const [a, b] = columnRange(layout, c, fromMicros, toMicros);
    let open: SwimlaneBox | undefined;
    for (let i = a; i < b; i += 1) {
      const end = layout.endMicros[i] as number;
      if (end < fromMicros) continue;
      const y0Px = ((layout.startMicros[i] as number) - fromMicros) * pxPerMicro;
      const y1Px = Math.max(y0Px + options.minHeightPx, (end - fromMicros) * pxPerMicro);
      if (open && options.groupGapPx !== undefined && y0Px <= open.y1Px + options.groupGapPx) {
        open.count += 1;
        open.y1Px = Math.max(open.y1Px, y1Px);
        continue;
      }
      open = { column: c, index: i, count: 1, y0Px, y1Px };
      boxes.push(open);
    }
  }
  return boxes;
}

/** The coarsest level whose bins are no wider than `rowMicros` (the finest when none is). */
function levelFor(layout: SwimlaneLayout, rowMicros: number): SwimlaneLevel {
  let chosen = layout.levels[0] as SwimlaneLevel;
  for (const level of layout.levels) if (level.binMicros <= rowMicros) chosen = level;
  return chosen;
}

/** Events starting in [fromMicros, toMicros) over every column (O(columns × log events)). */
function countStarts(layout: SwimlaneLayout, fromMicros: number, toMicros: number): number {
  let total = 0;
  for (let c = 0; c < layout.columnCount; c += 1)
    total += firstStartAtOrAfter(layout, c, toMicros) - firstStartAtOrAfter(layout, c, fromMicros);
  return total;
}

/**
 * Fills counts and colours (column-major, columnCount × rows) for the window split into `rows`
 * pixel rows: exact from the events when at most DIRECT_BIN_LIMIT start in it (over all columns,
 * so the work has a fixed ceiling), else from the pyramid's level nearest the row height.
 */
export function binView(
  layout: SwimlaneLayout,
  fromMicros: number,
  toMicros: number,
  rows: number,
  counts: Uint32Array,
  colors: Uint8Array,
): void {
  counts.fill(0, 0, layout.columnCount * rows);
  const rowMicros = (toMicros - fromMicros) / rows;
  if (countStarts(layout, fromMicros, toMicros) <= DIRECT_BIN_LIMIT) {
    for (let c = 0; c < layout.columnCount; c += 1) {
      const a = firstStartAtOrAfter(layout, c, fromMicros);
      const b = firstStartAtOrAfter(layout, c, toMicros);
      for (let i = a; i < b; i += 1) {
        const row = Math.min(rows - 1, Math.floor(((layout.startMicros[i] as number) - fromMicros) / rowMicros));
        const cell = c * rows + row;
        if (counts[cell] === 0) colors[cell] = layout.color[i] as number;
        (counts[cell] as number) += 1;
      }
    }
    return;
  }
  const level = levelFor(layout, rowMicros);
  for (let c = 0; c < layout.columnCount; c += 1)
    fromLevel(layout, level, c, fromMicros, rowMicros, rows, counts, colors);
}

function fromLevel(
  layout: SwimlaneLayout,
  level: SwimlaneLevel,
  column: number,
  fromMicros: number,
  rowMicros: number,
  rows: number,
  counts: Uint32Array,
  colors: Uint8Array,
): void {
  const base = column * level.bins;
  const coarse = level.binMicros > rowMicros;
  for (let row = 0; row < rows; row += 1) {
    const rowStart = fromMicros + row * rowMicros - layout.fromMicros;
    let sum = 0;
    let color = 0;
    if (coarse) {
      // Zoomed past the finest bins: the bin under the row's middle, its count spread over its rows.
      const b = Math.floor((rowStart + rowMicros / 2) / level.binMicros);
      if (b >= 0 && b < level.bins) {
        const count = level.counts[base + b] as number;
        sum = count === 0 ? 0 : Math.max(1, Math.round((count * rowMicros) / level.binMicros));
        color = level.colors[base + b] as number;
      }
    } else {
      // A bin belongs to the row its start falls in, so each bin is counted once across rows.
      const b0 = Math.max(0, Math.ceil(rowStart / level.binMicros));
      const b1 = Math.min(level.bins, Math.ceil((rowStart + rowMicros) / level.binMicros));
      let best = 0;
      for (let b = b0; b < b1; b += 1) {
        const count = level.counts[base + b] as number;
        sum += count;
        if (count > best) {
          best = count;
          color = level.colors[base + b] as number;
        }
      }
    }
    const cell = column * rows + row;
    counts[cell] = sum;
    colors[cell] = color;
  }
}
