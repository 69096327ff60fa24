/*
 * What every uPlot series shell needs from the page: the colours of the current colour mode
 * (following data-theme) and its container's width (following resizes), so the plot is rebuilt on a
 * theme change and resized, not rebuilt, when the layout moves.
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { currentScheme, readThemeColors, watchScheme, type ThemeColors } from '../../render/theme-colors.ts';

export function useSeriesTheme(): ThemeColors {
  const [scheme, setScheme] = useState(currentScheme);
  useEffect(() => watchScheme(setScheme), []);
  return useMemo(() => readThemeColors(scheme), [scheme]);
}

export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [widthPx, setWidthPx] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidthPx(Math.floor(element.clientWidth));
    const observer = new ResizeObserver(() => setWidthPx(Math.floor(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return widthPx;
}
