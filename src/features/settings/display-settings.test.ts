import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_SETTINGS, parseDisplaySettings } from './display-settings.ts';

describe('display settings', () => {
  it('default to the values of spec section 3', () => {
    expect(DEFAULT_DISPLAY_SETTINGS).toEqual({
      colorMode: 'light',
      displayBotsInVisualizations: false,
      displayIncidentMapMarkerLabels: true,
      displayTimelineEventOffset: true,
      mergeMapDataPoints: false,
      truncateTimelineEventMessages: true,
      visualizationHeight: 600,
      stickyHeader: true,
      showFilters: true,
      showTouchHint: true,
    });
  });

  it('keep valid stored values', () => {
    const stored = {
      ...DEFAULT_DISPLAY_SETTINGS,
      colorMode: 'auto',
      visualizationHeight: 1080,
      mergeMapDataPoints: true,
    };
    expect(parseDisplaySettings(stored)).toEqual(stored);
  });

  it('fall back field by field, keeping the valid neighbours', () => {
    const parsed = parseDisplaySettings({
      colorMode: 'purple',
      visualizationHeight: 601,
      stickyHeader: 'yes',
      displayBotsInVisualizations: true,
    });
    expect(parsed.colorMode).toBe('light');
    expect(parsed.visualizationHeight).toBe(600);
    expect(parsed.stickyHeader).toBe(true);
    expect(parsed.displayBotsInVisualizations).toBe(true);
  });

  it('accept only the four visualization heights', () => {
    for (const height of [480, 600, 750, 1080])
      expect(parseDisplaySettings({ visualizationHeight: height }).visualizationHeight).toBe(height);
    for (const height of [0, 479, 1081, '600', null])
      expect(parseDisplaySettings({ visualizationHeight: height }).visualizationHeight).toBe(600);
  });

  it('turn anything that is not an object into the defaults', () => {
    for (const raw of [null, undefined, 42, 'light', [1, 2]])
      expect(parseDisplaySettings(raw)).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('drop unknown fields', () => {
    expect(parseDisplaySettings({ theme: 'dark' })).not.toHaveProperty('theme');
  });
});
