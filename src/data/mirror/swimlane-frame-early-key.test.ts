import { describe, expect, it } from 'vitest';
import { earlyInputThatDiffers } from './swimlane-frame-early-key.ts';

const kept = {
  address: '/incident/7/swimlane',
  persisted: '{"incidents":{"7":{"hidden":[]}},"lastAnalystID":1}',
  window: [1400, 900],
  devicePixelRatio: 1,
  prefersDark: false,
  revision: '["r12",""]',
};

describe('earlyInputThatDiffers', () => {
  it('finds nothing when every raw input is the same, read back in another key order', () => {
    const now = Object.fromEntries(Object.entries(kept).reverse());
    expect(earlyInputThatDiffers(kept, now)).toBeUndefined();
  });

  it('names the input that changed: the window, the stored settings, the mirror', () => {
    expect(earlyInputThatDiffers(kept, { ...kept, window: [1100, 800] })).toBe('window');
    expect(earlyInputThatDiffers(kept, { ...kept, persisted: kept.persisted.replace('[]', '[3]') })).toBe('persisted');
    expect(earlyInputThatDiffers(kept, { ...kept, revision: '["r13",""]' })).toBe('revision');
  });

  it('counts an input kept but missing now (or new now) as a difference', () => {
    const { prefersDark: _dropped, ...fewer } = kept;
    expect(earlyInputThatDiffers(kept, fewer)).toBe('prefersDark');
    expect(earlyInputThatDiffers(fewer, kept)).toBe('prefersDark');
  });
});
