/*
 * What the swimlane tests read in a screenshot of the swimlane (decoded by png-pixels.ts): its
 * palette, the columns with ink, the marker rows, and the colours at and near given points.
 */
import type { Locator, Page } from '@playwright/test';
import { pngPixels } from './png-pixels.ts';

export interface SwimlanePixels {
  /** Distinct palette-like colours (saturated, not background or grid) over the columns. */
  palette: number;
  /** Columns with at least a few non-background pixels. */
  columnsWithInk: number;
  /** Rows where more than 80% of the columns' width is one saturated colour (marker lines). */
  markerRows: number;
  /** The colour at a point, as [r, g, b]. */
  at: Array<[number, number, number]>;
  /** Pixels within a small distance of each colour asked for (#rrggbb), in the order asked. */
  counts: number[];
}

export async function swimlanePixels(
  page: Page,
  target: Locator,
  columnCount: number,
  leftPx: number,
  points: Array<[number, number]> = [],
  countColors: string[] = [],
): Promise<SwimlanePixels> {
  const { data, width, height } = await pngPixels(page, await target.screenshot());
  const pixel = (x: number, y: number): [number, number, number] => {
    const at = (y * width + x) * 4;
    return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
  };
  const background = pixel(width - 2, 1);
  const saturated = ([r, g, b]: [number, number, number]) => Math.max(r, g, b) - Math.min(r, g, b) > 40;
  const differs = (a: [number, number, number], b: [number, number, number]) =>
    Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) > 30;
  const columnWidth = (width - leftPx) / columnCount;
  const colours = new Set<string>();
  let columnsWithInk = 0;
  for (let c = 0; c < columnCount; c += 1) {
    let ink = 0;
    const x = Math.round(leftPx + c * columnWidth + columnWidth / 2);
    for (let y = 0; y < height; y += 1) {
      const colour = pixel(x, y);
      if (!differs(colour, background)) continue;
      ink += 1;
      // Quantised so anti-aliased edges do not count as colours of their own.
      if (saturated(colour)) colours.add(colour.map((v) => v >> 5).join(','));
    }
    if (ink >= 3) columnsWithInk += 1;
  }
  let markerRows = 0;
  for (let y = 0; y < height; y += 1) {
    const first = pixel(Math.round(leftPx + 2), y);
    if (!saturated(first)) continue;
    let same = 0;
    let total = 0;
    for (let x = Math.round(leftPx); x < width - 2; x += 4) {
      total += 1;
      if (!differs(pixel(x, y), first)) same += 1;
    }
    if (same / total > 0.8) markerRows += 1;
  }
  const wanted = countColors.map((hex): [number, number, number] => [
    Number.parseInt(hex.slice(1, 3), 16),
    Number.parseInt(hex.slice(3, 5), 16),
    Number.parseInt(hex.slice(5, 7), 16),
  ]);
  const counts = wanted.map(() => 0);
  for (let y = 0; y < height; y += 1) {
    for (let x = Math.round(leftPx); x < width; x += 1) {
      const colour = pixel(x, y);
      wanted.forEach((target, index) => {
        if (!differs(colour, target)) counts[index] = (counts[index] ?? 0) + 1;
      });
    }
  }
  return { palette: colours.size, columnsWithInk, markerRows, at: points.map(([x, y]) => pixel(x, y)), counts };
}
