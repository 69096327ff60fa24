import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineText, multiLineText, textProblem } from './text-rules.ts';

describe('textProblem', () => {
  it.each([
    ['a\u0000b', true],
    ['\u001b[31m', true],
    ['a\u007fb', true],
    ['a\u0085b', true],
    ['a\ud800b', true],
    ['a\udc00', true],
    ['\ud800', true],
    ['plain', false],
    ['emoji 🙂 and 日本語', false],
    ['tab\tand\nlines\r\n', false],
  ])('%j in multi-line text: refused %s', (text, refused) => {
    expect(textProblem(text, true) !== undefined).toBe(refused);
  });

  it('refuses tab and line breaks in a one-line text', () => {
    expect(textProblem('two\nlines', false)).toMatch(/line breaks/);
    expect(textProblem('a\tb', false)).toBeDefined();
    expect(lineText().safeParse('a\nb').success).toBe(false);
    expect(multiLineText().safeParse('a\nb').success).toBe(true);
  });

  it('accepts every well-formed string without control characters, and nothing with a lone surrogate', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const hasControl = /\p{Cc}/u.test(text);
        expect(textProblem(text, false) === undefined).toBe(!hasControl);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.integer({ min: 0xd800, max: 0xdfff }), (text, unit) => {
        expect(textProblem(`${text}${String.fromCharCode(unit)}`, true)).toBeDefined();
      }),
    );
  });
});
