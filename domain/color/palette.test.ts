import Color from 'color';
import { describe, expect, it } from 'vitest';
import { contrastLevel, contrastRatio } from './color-values.ts';
import {
  backgroundFor,
  CHART_PALETTE,
  DARK_BACKGROUND,
  DARK_MODE_TEXT_COLOR,
  LIGHT_BACKGROUND,
  paletteColor,
  type ColorScheme,
} from './palette.ts';

type Matrix = readonly [
  readonly [number, number, number],
  readonly [number, number, number],
  readonly [number, number, number],
];

// Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
const VISION: Readonly<Record<string, Matrix | undefined>> = {
  normal: undefined,
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const toLinear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const toEncoded = (linear: number): number => {
  const c = Math.min(1, Math.max(0, linear));
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
};

function labAsSeen(hex: string, matrix: Matrix | undefined): number[] {
  const color = Color(hex);
  if (matrix === undefined) return color.lab().array();
  const [r = 0, g = 0, b = 0] = color.rgb().array().map(toLinear);
  const seen = matrix.map((row) => toEncoded(row[0] * r + row[1] * g + row[2] * b));
  return Color.rgb(seen).lab().array();
}

/** CIE76 colour difference as seen with the given vision. */
function difference(a: string, b: string, matrix: Matrix | undefined): number {
  const [l1 = 0, a1 = 0, b1 = 0] = labAsSeen(a, matrix);
  const [l2 = 0, a2 = 0, b2 = 0] = labAsSeen(b, matrix);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

function smallestDifference(colors: readonly string[], matrix: Matrix | undefined): number {
  let smallest = Number.POSITIVE_INFINITY;
  colors.forEach((a, i) =>
    colors.slice(i + 1).forEach((b) => (smallest = Math.min(smallest, difference(a, b, matrix)))),
  );
  return smallest;
}

const SCHEMES: readonly ColorScheme[] = ['light', 'dark'];

describe('the chart palette (sections 3 and 9)', () => {
  it('has eight colours with distinct names and values', () => {
    expect(CHART_PALETTE).toHaveLength(8);
    expect(new Set(CHART_PALETTE.map((entry) => entry.name)).size).toBe(8);
    for (const scheme of SCHEMES) {
      const values = CHART_PALETTE.map((entry) => entry[scheme]);
      expect(new Set(values).size).toBe(8);
      for (const value of values) expect(value).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it.each(CHART_PALETTE.map((entry) => [entry.name, entry.light]))(
    '%s (%s) reaches AA on the light background',
    (_name, color) => {
      expect(contrastRatio(color, LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
      expect(contrastLevel(contrastRatio(color, LIGHT_BACKGROUND))).not.toBe('fail');
    },
  );

  it.each(CHART_PALETTE.map((entry) => [entry.name, entry.dark]))(
    '%s (%s) reaches AA on the dark background',
    (_name, color) => {
      expect(contrastRatio(color, DARK_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
      expect(contrastLevel(contrastRatio(color, DARK_BACKGROUND))).not.toBe('fail');
    },
  );

  it('uses the backgrounds and dark-mode text colour of section 9', () => {
    expect(LIGHT_BACKGROUND).toBe('#F4F5F5');
    expect(DARK_BACKGROUND).toBe('#111217');
    expect(Color(DARK_MODE_TEXT_COLOR).rgb().array()).toEqual([204, 204, 220]);
    expect(contrastLevel(contrastRatio(DARK_MODE_TEXT_COLOR, DARK_BACKGROUND))).toBe('AAA');
    expect(backgroundFor('light')).toBe(LIGHT_BACKGROUND);
    expect(backgroundFor('dark')).toBe(DARK_BACKGROUND);
  });

  // A CIE76 difference above ~10 is plainly visible between areas; lines need more, hence 15 and 25.
  it.each(SCHEMES.flatMap((scheme) => Object.keys(VISION).map((vision) => [scheme, vision] as const)))(
    '%s colours stay apart with %s vision',
    (scheme, vision) => {
      const colors = CHART_PALETTE.map((entry) => entry[scheme]);
      const matrix = VISION[vision];
      expect(smallestDifference(colors, matrix)).toBeGreaterThanOrEqual(matrix === undefined ? 25 : 15);
    },
  );

  it('orders colours greedily: each is the farthest remaining from those before it', () => {
    const worstCase = (a: string, b: string): number =>
      Math.min(
        ...SCHEMES.flatMap((scheme) => {
          const first = CHART_PALETTE.find((entry) => entry.name === a);
          const second = CHART_PALETTE.find((entry) => entry.name === b);
          if (first === undefined || second === undefined) throw new Error('unreachable');
          return Object.values(VISION).map((matrix) => difference(first[scheme], second[scheme], matrix));
        }),
      );
    const names = CHART_PALETTE.map((entry) => entry.name);
    for (let position = 1; position < names.length - 1; position++) {
      const chosen = names.slice(0, position);
      const distanceTo = (name: string): number => Math.min(...chosen.map((other) => worstCase(name, other)));
      const next = names[position] ?? '';
      for (const later of names.slice(position + 1)) {
        expect(distanceTo(next), `${next} before ${later}`).toBeGreaterThanOrEqual(distanceTo(later));
      }
    }
  });
});

describe('paletteColor', () => {
  it('gives the series colour for the scheme', () => {
    expect(paletteColor(0, 'light')).toBe(CHART_PALETTE[0]?.light);
    expect(paletteColor(7, 'dark')).toBe(CHART_PALETTE[7]?.dark);
  });

  it('repeats the palette after eight series', () => {
    expect(paletteColor(8, 'light')).toBe(paletteColor(0, 'light'));
    expect(paletteColor(17, 'dark')).toBe(paletteColor(1, 'dark'));
  });

  it.each([-1, 1.5, Number.NaN])('rejects the index %s', (index) => {
    expect(() => paletteColor(index, 'light')).toThrow(RangeError);
  });
});
