import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('reads as an analyst expects', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_500)).toBe('1.5 KB');
    expect(formatBytes(3_400_000)).toBe('3.4 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
    expect(formatBytes(1_200_000_000_000)).toBe('1.2 TB');
  });
});
