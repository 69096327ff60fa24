/*
 * The page's colour tokens (styles.css) and the chart palette for the current colour mode, for
 * canvas renderers, which cannot use CSS classes. Read from <html> when data-theme changes.
 */
import { CHART_PALETTE, paletteColor, type ColorScheme } from '../../domain/color/palette.ts';

export interface ThemeColors {
  scheme: ColorScheme;
  background: string;
  grid: string;
  text: string;
  muted: string;
  marker: string;
  selection: string;
  palette: readonly string[];
}

export function currentScheme(): ColorScheme {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}

export function readThemeColors(scheme: ColorScheme): ThemeColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(`--ck-${name}`).trim() || fallback;
  return {
    scheme,
    background: token('panel', scheme === 'dark' ? '#181b21' : '#ffffff'),
    grid: token('line', '#d3d8de'),
    text: token('ink', '#1f2328'),
    muted: token('muted', '#59616d'),
    marker: token('danger', '#b42318'),
    selection: token('focus', '#3d7bea'),
    palette: CHART_PALETTE.map((_, index) => paletteColor(index, scheme)),
  };
}

/** Calls back when <html data-theme> changes; returns the unsubscribe. */
export function watchScheme(onChange: (scheme: ColorScheme) => void): () => void {
  const observer = new MutationObserver(() => onChange(currentScheme()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
