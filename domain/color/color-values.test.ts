import Color from 'color';
import { describe, expect, it } from 'vitest';
import {
  colorValues,
  contrastLevel,
  contrastRatio,
  isDark,
  isValidColor,
  luma,
  readableTextColor,
} from './color-values.ts';

describe('colorValues (section 3: rgb, hsl, hsv, hwb, cmyk, lab, xyz, with alpha)', () => {
  it('gives every model of an opaque colour', () => {
    expect(colorValues('#FF8000')).toEqual({
      hex: '#FF8000',
      alpha: 1,
      rgb: { r: 255, g: 128, b: 0, alpha: 1 },
      hsl: { h: 30.12, s: 100, l: 50, alpha: 1 },
      hsv: { h: 30.12, s: 100, v: 100, alpha: 1 },
      hwb: { h: 30.12, w: 0, b: 0, alpha: 1 },
      cmyk: { c: 0, m: 49.8, y: 100, k: 0, alpha: 1 },
      lab: { l: 67.05, a: 42.83, b: 74.02, alpha: 1 },
      xyz: { x: 48.96, y: 36.7, z: 4.51, alpha: 1 },
    });
  });

  it('carries alpha into every model', () => {
    const values = colorValues('rgba(255, 128, 0, 0.25)');
    expect(values?.alpha).toBe(0.25);
    for (const model of ['rgb', 'hsl', 'hsv', 'hwb', 'cmyk', 'lab', 'xyz'] as const) {
      expect(values?.[model].alpha, model).toBe(0.25);
    }
    // Four-channel models must not mistake alpha for a channel.
    expect(values?.cmyk).toEqual({ c: 0, m: 49.8, y: 100, k: 0, alpha: 0.25 });
  });

  it('reads alpha from 8-digit hex', () => {
    expect(colorValues('#FF800080')?.alpha).toBeCloseTo(128 / 255, 10);
  });

  it.each(['rebeccapurple', 'hsl(120, 100%, 25%)', 'hwb(120 0% 50%)', '#abc', 'rgb(0 128 0)'])('parses %s', (input) => {
    expect(colorValues(input)).toBeDefined();
    expect(isValidColor(input)).toBe(true);
  });

  it.each(['', 'nonsense', '#GGGGGG', '#12345', ' #FFFFFF '])('gives no value for %j', (input) => {
    expect(colorValues(input)).toBeUndefined();
    expect(isValidColor(input)).toBe(false);
  });
});

describe('contrast (section 9: AAA at 7 or more, AA at 4.5 or more)', () => {
  it('spans 1 to 21 and is symmetric', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it.each([
    [21, 'AAA'],
    [7, 'AAA'],
    [6.999_999, 'AA'],
    [4.5, 'AA'],
    [4.499_999, 'fail'],
    [1, 'fail'],
  ] as const)('rates %f as %s', (ratio, level) => {
    expect(contrastLevel(ratio)).toBe(level);
  });

  it.each([
    ['#595959', 7.0047, 'AAA'],
    ['#5A5A5A', 6.8969, 'AA'],
    ['#767676', 4.5422, 'AA'],
    ['#777777', 4.4781, 'fail'],
  ] as const)('rates %s on white, %f:1, as %s', (foreground, ratio, level) => {
    const actual = contrastRatio(foreground, '#FFFFFF');
    expect(actual).toBeCloseTo(ratio, 4);
    expect(contrastLevel(actual)).toBe(level);
  });

  it('throws on a colour it cannot read', () => {
    expect(() => contrastRatio('nonsense', '#FFFFFF')).toThrow(RangeError);
    expect(() => contrastRatio('#FFFFFF', '')).toThrow(RangeError);
  });
});

describe('isDark (section 9: dark when luma is below 128; Rec. 601 luma)', () => {
  it.each([
    ['white', '#FFFFFF', 255],
    ['black', '#000000', 0],
    ['grey 128', 'rgb(128,128,128)', 128],
    ['red', '#FF0000', 76.245],
  ])('%s has luma %f', (_label, input, expected) => {
    expect(luma(input)).toBeCloseTo(expected, 10);
  });

  it.each([
    ['grey 127', 'rgb(127,127,127)', true],
    ['grey 128, exactly on the threshold', 'rgb(128,128,128)', false],
    ['a non-grey colour exactly on the threshold', 'rgb(16,180,154)', false],
    ['one step of blue below it', 'rgb(16,180,153)', true],
    ['the dark background', '#111217', true],
    ['the light background', '#F4F5F5', false],
    ['transparent black: alpha is ignored', 'rgba(0,0,0,0)', true],
  ])('%s: dark is %s', (_label, input, dark) => {
    expect(isDark(input)).toBe(dark);
  });

  it('uses Rec. 601 weights, unlike color 5 (Rec. 709), so they disagree on rgb(0,180,0)', () => {
    expect(luma('rgb(0,180,0)')).toBeCloseTo(105.66, 10);
    expect(isDark('rgb(0,180,0)')).toBe(true);
    expect(Color('rgb(0,180,0)').isDark()).toBe(false);
  });

  it('throws on a colour it cannot read', () => {
    expect(() => isDark('nonsense')).toThrow(RangeError);
  });
});

describe('readableTextColor', () => {
  it.each([
    ['#FFFFFF', '#000000'],
    ['#111217', '#FFFFFF'],
    ['#F4F5F5', '#000000'],
    // The luma rule calls red dark, yet black reads better on it (5.25:1 against 4.0:1).
    ['#FF0000', '#000000'],
  ])('picks %s text for a %s background', (background, text) => {
    expect(readableTextColor(background)).toBe(text);
  });

  it('always reaches AA with black and white', () => {
    const steps = [0, 51, 102, 153, 204, 255];
    for (const r of steps) {
      for (const g of steps) {
        for (const b of steps) {
          const background = `rgb(${r},${g},${b})`;
          expect(contrastRatio(readableTextColor(background), background), background).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it('chooses among given candidates, the first winning a tie', () => {
    expect(readableTextColor('#111217', ['#111217', 'rgb(204,204,220)'])).toBe('rgb(204,204,220)');
    expect(readableTextColor('#777777', ['#777777', 'rgb(119,119,119)'])).toBe('#777777');
  });

  it('throws with no candidates or an unreadable colour', () => {
    expect(() => readableTextColor('#FFFFFF', [])).toThrow(RangeError);
    expect(() => readableTextColor('nonsense')).toThrow(RangeError);
  });
});
