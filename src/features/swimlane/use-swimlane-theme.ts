/*
 * The swimlane's colours for the current colour mode: the page tokens of styles.css read from
 * <html>, and the chart palette's light or dark variants. Follows data-theme as it changes.
 */
import { useEffect, useMemo, useState } from 'react';
import { paletteColor, CHART_PALETTE, type ColorScheme } from '../../../domain/color/palette.ts';
import type { SwimlaneTheme } from '../../render/swimlane/swimlane-renderer.ts';

function schemeNow(): ColorScheme {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}

function themeOf(scheme: ColorScheme): SwimlaneTheme {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(`--ck-${name}`).trim() || fallback;
  return {
    background: token('panel', scheme === 'dark' ? '#181b21' : '#ffffff'),
    grid: token('line', '#d3d8de'),
    text: token('ink', '#1f2328'),
    muted: token('muted', '#59616d'),
    marker: token('danger', '#b42318'),
    selection: token('focus', '#3d7bea'),
    streams: CHART_PALETTE.map((_, index) => paletteColor(index, scheme)),
  };
}

export function useSwimlaneTheme(): SwimlaneTheme {
  const [scheme, setScheme] = useState<ColorScheme>(schemeNow);
  useEffect(() => {
    const observer = new MutationObserver(() => setScheme(schemeNow()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  // The tokens change with data-theme at once, so reading them when the scheme changes is enough.
  return useMemo(() => themeOf(scheme), [scheme]);
}
