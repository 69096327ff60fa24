import { describe, expect, it } from 'vitest';
import { validTimeZone } from './time-zone-store.ts';

describe('validTimeZone', () => {
  it('is UTC when nothing is stored', () => {
    expect(validTimeZone(undefined)).toBe('UTC');
  });

  it('keeps a zone of the known table', () => {
    expect(validTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(validTimeZone('America/New_York')).toBe('America/New_York');
  });

  it('falls back to UTC for a zone the table lacks', () => {
    for (const name of ['Mars/Olympus', 'europe/berlin', '', '"UTC"']) expect(validTimeZone(name)).toBe('UTC');
  });
});
