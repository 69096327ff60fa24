/*
 * Colour maths of sections 3 and 9 on top of the `color` package: every model a colour can be shown
 * in, WCAG contrast with its AA/AAA level, and the "dark when luma is below 128" rule. Colours are CSS
 * strings (hex, rgb(), hsl(), hwb(), keywords) because that is how tags and settings store them.
 */
import Color, { type ColorInstance } from 'color';

type ContrastLevel = 'AAA' | 'AA' | 'fail';

interface ColorValues {
  /** "#RRGGBB", upper case, without alpha. */
  readonly hex: string;
  /** 0-1; 1 when the input had none. */
  readonly alpha: number;
  readonly rgb: { readonly r: number; readonly g: number; readonly b: number; readonly alpha: number };
  readonly hsl: { readonly h: number; readonly s: number; readonly l: number; readonly alpha: number };
  readonly hsv: { readonly h: number; readonly s: number; readonly v: number; readonly alpha: number };
  readonly hwb: { readonly h: number; readonly w: number; readonly b: number; readonly alpha: number };
  readonly cmyk: {
    readonly c: number;
    readonly m: number;
    readonly y: number;
    readonly k: number;
    readonly alpha: number;
  };
  readonly lab: { readonly l: number; readonly a: number; readonly b: number; readonly alpha: number };
  readonly xyz: { readonly x: number; readonly y: number; readonly z: number; readonly alpha: number };
}

/** Section 9: AAA at 7 or more, AA at 4.5 or more, compared unrounded as WCAG requires. */
const AAA_CONTRAST_RATIO = 7;
export const AA_CONTRAST_RATIO = 4.5;
/** Section 9: a colour is dark when its luma is below this. */
const DARK_LUMA_THRESHOLD = 128;

/**
 * Rec. 601 (YIQ) weights in thousandths, on gamma-encoded 0-255 channels. NOTE: color 5's own
 * isDark() says "YIQ" but uses the Rec. 709 weights 0.2126/0.7152/0.0722 (changed in Qix-/color#107),
 * so the two disagree near the threshold: rgb(0,180,0) has Rec. 601 luma 105.7 (dark here) and
 * Rec. 709 luma 128.7 (light there). Integer weights keep the boundary exact: grey 128 is 128.000.
 */
const LUMA_WEIGHTS = { r: 299, g: 587, b: 114 } as const;

/** Every model for a CSS colour string, channels rounded to 2 decimals; undefined if it cannot be parsed. */
export function colorValues(input: string): ColorValues | undefined {
  const color = tryParse(input);
  if (color === undefined) return undefined;
  const alpha = color.alpha();
  const [r, g, b] = channels(color.rgb());
  const [hslH, hslS, hslL] = channels(color.hsl());
  const [hsvH, hsvS, hsvV] = channels(color.hsv());
  const [hwbH, hwbW, hwbB] = channels(color.hwb());
  const [c, m, y, k] = channels(color.cmyk());
  const [labL, labA, labB] = channels(color.lab());
  const [x, xyzY, z] = channels(color.xyz());
  return {
    hex: color.hex(),
    alpha,
    rgb: { r, g, b, alpha },
    hsl: { h: hslH, s: hslS, l: hslL, alpha },
    hsv: { h: hsvH, s: hsvS, v: hsvV, alpha },
    hwb: { h: hwbH, w: hwbW, b: hwbB, alpha },
    cmyk: { c, m, y, k, alpha },
    lab: { l: labL, a: labA, b: labB, alpha },
    xyz: { x, y: xyzY, z, alpha },
  };
}

export function isValidColor(input: string): boolean {
  return tryParse(input) !== undefined;
}

/** WCAG 2 contrast ratio, 1 to 21. Alpha is ignored: the colours are taken as opaque. */
export function contrastRatio(foreground: string, background: string): number {
  return parse(foreground).contrast(parse(background));
}

export function contrastLevel(ratio: number): ContrastLevel {
  if (ratio >= AAA_CONTRAST_RATIO) return 'AAA';
  return ratio >= AA_CONTRAST_RATIO ? 'AA' : 'fail';
}

/** Rec. 601 luma, 0-255 (see LUMA_WEIGHTS). */
export function luma(input: string): number {
  const [r, g, b] = rgbOf(input);
  return (r * LUMA_WEIGHTS.r + g * LUMA_WEIGHTS.g + b * LUMA_WEIGHTS.b) / 1000;
}

/** Section 9: dark when luma is below 128; exactly 128 is light. */
export function isDark(input: string): boolean {
  const [r, g, b] = rgbOf(input);
  // Compared in thousandths so the boundary is not blurred by binary fractions.
  return r * LUMA_WEIGHTS.r + g * LUMA_WEIGHTS.g + b * LUMA_WEIGHTS.b < DARK_LUMA_THRESHOLD * 1000;
}

/**
 * The candidate with the highest contrast on `background` (the first wins a tie). Contrast, not
 * isDark(): the luma rule puts white on pure red (4.0:1, fails AA) where black reaches 5.25:1. With the
 * default black and white some candidate always reaches at least 4.58:1, so AA text is guaranteed.
 */
export function readableTextColor(background: string, candidates: readonly string[] = ['#000000', '#FFFFFF']): string {
  const back = parse(background);
  let best: { candidate: string; ratio: number } | undefined;
  for (const candidate of candidates) {
    const ratio = parse(candidate).contrast(back);
    if (best === undefined || ratio > best.ratio) best = { candidate, ratio };
  }
  if (best === undefined) throw new RangeError('readableTextColor needs at least one candidate');
  return best.candidate;
}

function rgbOf(input: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = parse(input).rgb().array();
  return [r, g, b];
}

function channels(model: ColorInstance): [number, number, number, number] {
  // array() appends alpha when it is not 1; the models used here have at most four channels.
  const [first = 0, second = 0, third = 0, fourth = 0] = model.array().map(round2);
  return [first, second, third, fourth];
}

// Not color's round(2): it leaves binary noise such as 30.120000000000005.
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function tryParse(input: string): ColorInstance | undefined {
  try {
    return Color(input);
  } catch {
    return undefined;
  }
}

function parse(input: string): ColorInstance {
  const color = tryParse(input);
  if (color === undefined) throw new RangeError(`Not a colour: ${JSON.stringify(input)}`);
  return color;
}
