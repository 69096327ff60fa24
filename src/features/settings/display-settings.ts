/*
 * An analyst's display settings (spec sections 3 and 4), kept per analyst in this browser. Every
 * field falls back to its default on its own, so one bad stored value never costs the others.
 */
import { z } from 'zod';
import {
  DEFAULT_VISUALIZATION_HEIGHT_PX,
  VISUALIZATION_HEIGHTS,
  type VisualizationHeightPx,
} from '../../../domain/views.ts';
import type { ColorMode } from '../../ui/color-mode.ts';

export const COLOR_MODES = ['auto', 'light', 'dark'] as const satisfies readonly ColorMode[];

const heightsPx = VISUALIZATION_HEIGHTS.map((height) => height.heightPx);
const VisualizationHeightSchema = z
  .number()
  .refine((value): value is VisualizationHeightPx => (heightsPx as number[]).includes(value))
  .transform((value) => value as VisualizationHeightPx);

const DisplaySettingsSchema = z.object({
  /** Light by default (spec section 3); auto follows the system's dark preference, live. */
  colorMode: z.enum(COLOR_MODES).catch('light'),
  displayBotsInVisualizations: z.boolean().catch(false),
  displayIncidentMapMarkerLabels: z.boolean().catch(true),
  displayTimelineEventOffset: z.boolean().catch(true),
  mergeMapDataPoints: z.boolean().catch(false),
  truncateTimelineEventMessages: z.boolean().catch(true),
  visualizationHeight: VisualizationHeightSchema.catch(DEFAULT_VISUALIZATION_HEIGHT_PX),
  /** The header stays at the top while the page scrolls; an incident or organization may override it. */
  stickyHeader: z.boolean().catch(true),
  /** The filter list shows expanded; an incident or organization may override it. */
  showFilters: z.boolean().catch(true),
  /** The touch screen's first-use hint (pinch, long-press) until the analyst dismisses it. */
  showTouchHint: z.boolean().catch(true),
});
export type DisplaySettings = z.infer<typeof DisplaySettingsSchema>;

export const DEFAULT_DISPLAY_SETTINGS: DisplaySettings = Object.freeze(DisplaySettingsSchema.parse({}));

/** Stored settings, or the defaults for what is missing or wrong; never throws. */
export function parseDisplaySettings(raw: unknown): DisplaySettings {
  const parsed = DisplaySettingsSchema.safeParse(typeof raw === 'object' && raw !== null ? raw : {});
  return parsed.success ? parsed.data : { ...DEFAULT_DISPLAY_SETTINGS };
}

/** Labels the configuration page shows for each setting. */
export const DISPLAY_SETTING_LABELS: Record<keyof DisplaySettings, string> = {
  colorMode: 'Colour mode',
  displayBotsInVisualizations: 'Show bots in visualizations',
  displayIncidentMapMarkerLabels: 'Show map marker labels',
  displayTimelineEventOffset: 'Show timeline event offsets',
  mergeMapDataPoints: 'Merge map data points',
  truncateTimelineEventMessages: 'Truncate timeline event messages',
  visualizationHeight: 'Visualization height',
  stickyHeader: 'Pin the header to the top',
  showFilters: 'Show filters',
  showTouchHint: 'Show the touch gestures hint',
};
