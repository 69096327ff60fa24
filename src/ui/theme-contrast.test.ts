/*
 * The colour tokens of src/styles.css, both themes: the spec's backgrounds and dark text colour, and
 * WCAG AA (4.5:1) for every text colour on the surfaces it is used on. Avatars keep white initials
 * readable on every hue they can get.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST_RATIO, contrastRatio } from '../../domain/color/color-values.ts';
import { DARK_BACKGROUND, DARK_MODE_TEXT_COLOR, LIGHT_BACKGROUND } from '../../domain/color/palette.ts';

const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');

function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--ck-([a-z-]+):\s*([^;]+);/g)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]),
  );
}

const light = tokens(':root');
const dark = { ...light, ...tokens(":root[data-theme='dark']") };
const normalize = (value: string | undefined) => value?.replace(/\s+/g, '').toLowerCase();

describe('theme tokens', () => {
  it('use the backgrounds and dark text colour of spec section 9', () => {
    expect(normalize(light['canvas'])).toBe(normalize(LIGHT_BACKGROUND));
    expect(normalize(dark['canvas'])).toBe(normalize(DARK_BACKGROUND));
    expect(normalize(dark['ink'])).toBe(normalize(DARK_MODE_TEXT_COLOR));
  });

  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`keep text readable (AA) in ${name} mode`, () => {
      const pairs: Array<[string, string]> = [
        ['ink', 'canvas'],
        ['ink', 'panel'],
        ['ink', 'raised'],
        ['muted', 'canvas'],
        ['muted', 'panel'],
        ['accent', 'canvas'],
        ['accent', 'panel'],
        ['danger', 'panel'],
        ['warning', 'warning-bg'],
        ['on-accent', 'accent-bg'],
      ];
      for (const [text, surface] of pairs) {
        const ratio = contrastRatio(theme[text] ?? '', theme[surface] ?? '');
        expect(ratio, `${text} on ${surface}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(AA_CONTRAST_RATIO);
      }
    });
  }

  it('keeps white avatar initials at AA on every hue', () => {
    for (let hue = 0; hue < 360; hue += 1) {
      expect(contrastRatio('#FFFFFF', `hsl(${hue}, 40%, 32%)`), `hue ${hue}`).toBeGreaterThanOrEqual(AA_CONTRAST_RATIO);
    }
  });
});
