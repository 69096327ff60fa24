import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1_500, '1.5 KB'],
    [3_400_000, '3.4 MB'],
    [250_000_000, '250 MB'],
    [1_200_000_000_000, '1.2 TB'],
  ])('reads %d bytes as an analyst expects: %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
