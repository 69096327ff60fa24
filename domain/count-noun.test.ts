import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun.ts';

describe('countNoun', () => {
  it('says one thing in the singular and groups thousands', () => {
    expect(countNoun(1, 'event')).toBe('1 event');
    expect(countNoun(0, 'event')).toBe('0 events');
    expect(countNoun(1024, 'event')).toBe('1,024 events');
    expect(countNoun(2, 'analysis', 'analyses')).toBe('2 analyses');
  });
});
