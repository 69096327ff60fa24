import { describe, expect, it } from 'vitest';
import { columnGeometry, MIN_COLUMN_WIDTH_PX } from './column-geometry.ts';

describe('columnGeometry', () => {
  it('shares the width when the columns fit', () => {
    expect(columnGeometry(1092, 92, 4, 0)).toEqual({ leftPx: 92, widthPx: 250, contentWidthPx: 1092, maxScrollPx: 0 });
  });

  it('keeps nine columns readable on an upright tablet and lets them scroll', () => {
    const geometry = columnGeometry(700, 92, 9, 0);
    expect(geometry.widthPx).toBe(MIN_COLUMN_WIDTH_PX);
    expect(geometry.contentWidthPx).toBe(92 + 9 * MIN_COLUMN_WIDTH_PX);
    expect(geometry.maxScrollPx).toBe(92 + 9 * MIN_COLUMN_WIDTH_PX - 700);
  });

  it('moves the columns, not the axis, and clamps the scroll', () => {
    expect(columnGeometry(700, 92, 9, 100).leftPx).toBe(-8);
    expect(columnGeometry(700, 92, 9, 99_999).leftPx).toBe(92 - (92 + 9 * MIN_COLUMN_WIDTH_PX - 700));
    expect(columnGeometry(700, 92, 9, -50).leftPx).toBe(92);
    expect(columnGeometry(1092, 92, 4, 300).leftPx).toBe(92);
  });
});
