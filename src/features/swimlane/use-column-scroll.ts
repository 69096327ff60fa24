/*
 * The sideways scroll of the swimlane's columns: measured from the canvas, shared by the header,
 * the renderer and the scrollbar, so the names always sit over their columns.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { columnGeometry, type ColumnGeometry } from '../../render/swimlane/column-geometry.ts';

export function useColumnScroll(
  axisWidthPx: number,
  columnCount: number,
): {
  areaRef: RefObject<HTMLDivElement | null>;
  geometry: ColumnGeometry;
  scrollPx: number;
  setScrollPx: (scrollPx: number) => void;
  scrollBy: (deltaPx: number) => void;
} {
  const areaRef = useRef<HTMLDivElement>(null);
  const [viewWidthPx, setViewWidthPx] = useState(0);
  const [wantedPx, setScrollPx] = useState(0);
  useEffect(() => {
    const canvas = areaRef.current?.querySelector<HTMLElement>('[data-swimlane-canvas]');
    if (!canvas) return;
    const observer = new ResizeObserver(() => setViewWidthPx(canvas.clientWidth));
    observer.observe(canvas);
    setViewWidthPx(canvas.clientWidth);
    return () => observer.disconnect();
  }, []);
  const geometry = columnGeometry(Math.max(1, viewWidthPx), axisWidthPx, columnCount, wantedPx);
  const scrollPx = axisWidthPx - geometry.leftPx;
  const { maxScrollPx } = geometry;
  const scrollBy = useCallback(
    (deltaPx: number) =>
      setScrollPx((previous) => Math.max(0, Math.min(maxScrollPx, Math.min(previous, maxScrollPx) + deltaPx))),
    [maxScrollPx],
  );
  return { areaRef, geometry, scrollPx, setScrollPx, scrollBy };
}
