import { describe, expect, it } from 'vitest';
import { splitLine } from './split-line.ts';

describe('splitLine', () => {
  it('splits on runs of spaces and tabs, ignoring them at the ends', () => {
    expect(splitLine('  a \t b   c  ', 'whitespace', false)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a quoted field whole, "" as a quote, when quoting is on', () => {
    expect(splitLine('"2017-06-28" "Mozilla/5.0 (Windows NT 6.1)" "" "say ""hi"""', ' ', true)).toEqual([
      '2017-06-28',
      'Mozilla/5.0 (Windows NT 6.1)',
      '',
      'say "hi"',
    ]);
    expect(splitLine('"a b" c', 'whitespace', false)).toEqual(['"a', 'b"', 'c']);
  });

  it('keeps an unclosed quote and the rest of the line as one field', () => {
    expect(splitLine('a<;>"open <;> end', '<;>', true)).toEqual(['a', '"open <;> end']);
  });

  it('splits on a multi-character delimiter, keeping empty fields', () => {
    expect(splitLine('1<;><;>3<;>', '<;>', true)).toEqual(['1', '', '3', '']);
  });
});
