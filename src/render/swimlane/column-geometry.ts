/*
 * Where the swimlane's actor columns sit. Columns share the width but never shrink below a readable
 * minimum (an actor name of about twelve characters and the hide button); past that the column area
 * scrolls sideways while the time axis stays. The renderer, the header and the scrollbar share it.
 */

/** 12 characters of 12-px text (~84 px), the × button and padding. */
export const MIN_COLUMN_WIDTH_PX = 120;

export interface ColumnGeometry {
  /** The left edge of the first column on screen (scrolled: it may be under the axis). */
  leftPx: number;
  widthPx: number;
  /** The axis and every column, unscrolled. */
  contentWidthPx: number;
  /** How far the columns can scroll; 0 when they fit. */
  maxScrollPx: number;
}

export function columnGeometry(
  viewWidthPx: number,
  axisWidthPx: number,
  columnCount: number,
  scrollPx: number,
): ColumnGeometry {
  const count = Math.max(1, columnCount);
  const widthPx = Math.max(MIN_COLUMN_WIDTH_PX, (viewWidthPx - axisWidthPx) / count);
  const contentWidthPx = axisWidthPx + widthPx * count;
  const maxScrollPx = Math.max(0, Math.ceil(contentWidthPx - viewWidthPx));
  const scrolled = Math.max(0, Math.min(maxScrollPx, scrollPx));
  return { leftPx: axisWidthPx - scrolled, widthPx, contentWidthPx, maxScrollPx };
}
