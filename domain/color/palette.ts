/*
 * The chart palette of section 3: eight colours, each with a light-mode and a dark-mode variant, and
 * the backgrounds and dark-mode text colour of section 9. The colours were searched in CIE LCh: eight
 * well-spread hues at moderate chroma (calm, not neon), each variant's lightness chosen so it reaches
 * WCAG AA (4.5:1) on its background, maximising the smallest CIE76 difference between any two colours
 * under normal vision and under simulated protanopia, deuteranopia and tritanopia (Machado 2009).
 * Lightness differs between colours on purpose: it is the cue that survives every colour-vision type.
 * The tests hold each of these properties.
 */

export type ColorScheme = 'light' | 'dark';

interface PaletteColor {
  readonly name: string;
  readonly light: string;
  readonly dark: string;
}

/** Section 9. */
export const LIGHT_BACKGROUND = '#F4F5F5';
export const DARK_BACKGROUND = '#111217';
export const DARK_MODE_TEXT_COLOR = 'rgb(204,204,220)';

/**
 * In the order series take them, chosen greedily: each next colour is the one farthest (smallest
 * difference over both modes and all vision types) from those before it, so a chart with few series
 * gets the most distinct colours.
 */
export const CHART_PALETTE: readonly PaletteColor[] = [
  { name: 'blue', light: '#0071BF', dark: '#62B9FF' },
  { name: 'brown', light: '#592600', dark: '#B0703F' },
  { name: 'rose', light: '#C14159', dark: '#FFA4B5' },
  { name: 'slate', light: '#686D8F', dark: '#D5D9FF' },
  { name: 'ochre', light: '#756200', dark: '#C7AD4E' },
  { name: 'purple', light: '#613583', dark: '#9E6DC0' },
  { name: 'magenta', light: '#7B004F', dark: '#ED74B4' },
  { name: 'green', light: '#015E36', dark: '#57A578' },
];

export function backgroundFor(scheme: ColorScheme): string {
  return scheme === 'light' ? LIGHT_BACKGROUND : DARK_BACKGROUND;
}

/** The colour of series `index`; past the eighth series the palette repeats. */
export function paletteColor(index: number, scheme: ColorScheme): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Not a series index: ${index}`);
  const entry = CHART_PALETTE[index % CHART_PALETTE.length];
  if (entry === undefined) throw new RangeError('The chart palette is empty');
  return entry[scheme];
}
