// The geo reader's number reading against the grammar it keeps (NUMBER, then Number()): same value,
// NaN for the same texts, on generated decimals, exponents, radix prefixes and near-misses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberOf } from './geo-record.ts';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const reference = (text: string) => (NUMBER.test(text) ? Number(text) : Number.NaN);

const decimals = fc.stringMatching(/^[+-]?\d{0,18}(\.\d{0,18})?$/);
const exponents = fc.stringMatching(/^[+-]?\d{0,4}(\.\d{0,4})?([eE][+-]?\d{1,3})?$/);
const doubles = fc.double({ noNaN: true }).map(String);
const fixed = fc
  .tuple(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.integer({ min: 0, max: 15 }))
  .map(([value, digits]) => value.toFixed(digits));
const oddities = fc.constantFrom(
  '0x10',
  '0X1f',
  '0o7',
  '0b1',
  '-0x1',
  'Infinity',
  '-Infinity',
  '1e999',
  '.',
  '-',
  '+',
  '1.',
  '.5',
  '-0',
  '-0.0',
  '1_000',
  '1,5',
  '--1',
  'NaN',
  '12a',
);
const ALPHABET = '0123456789.+-eExob'.split('');
const nearMisses = fc
  .array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join(''));

describe('numberOf', () => {
  it.each([
    ['plain decimals up to 36 digits', decimals],
    ['exponents', exponents],
    ['any double as JavaScript writes it', doubles],
    ['fixed-point texts', fixed],
    ['radix prefixes, Infinity and other oddities', oddities],
    ['near-misses', nearMisses],
  ] as const)('reads %s as Number() does under the grammar', (_name, texts) => {
    fc.assert(
      // The callers hand it trimmed, non-empty cells (an empty cell is "no value" before it).
      fc.property(
        texts.filter((text) => text !== ''),
        (text) => {
          expect(Object.is(numberOf(text), reference(text)), JSON.stringify(text)).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
