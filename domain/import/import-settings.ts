/*
 * What the analyst confirms in the preview: the format and, where the format needs them, the
 * layout, mapping and time zone. settingsFromDetection turns a detection into settings when the
 * detection is complete enough (a start time column found), for the CLI and for defaults.
 */
import type { IrcSettings, SubtitlesSettings, WhatsappSettings } from './chat-settings.ts';
import type { FormatDetection } from './detect-format.ts';
import type { DelimitedSettings } from './parse-delimited.ts';
import type { JsonLinesSettings } from './parse-json-lines.ts';
import type { ZipLimits } from './zip-guard.ts';

export type ImportSettings =
  | ({ readonly format: 'delimited' } & DelimitedSettings)
  | ({ readonly format: 'jsonl' } & JsonLinesSettings)
  | { readonly format: 'har'; readonly maxBytes?: number | undefined }
  | { readonly format: 'timesketch-csv' }
  | { readonly format: 'timesketch-jsonl' }
  | { readonly format: 'slack-zip'; readonly limits?: Partial<ZipLimits> | undefined }
  | IrcSettings
  | WhatsappSettings
  | SubtitlesSettings;

/** Settings as detected, or undefined when the analyst must decide (unknown format, no time column). */
export function settingsFromDetection(detection: FormatDetection, timeZone: string): ImportSettings | undefined {
  // Detection cannot know the analyst's zone: a detected family's zone-less times take the one given.
  if ('settings' in detection) return 'timeZone' in detection.settings ? { ...detection.settings, timeZone } : detection.settings;
  switch (detection.format) {
    case undefined:
      return undefined;
    case 'delimited': {
      const { startTime, ...rest } = detection.mapping;
      if (startTime === undefined) return undefined;
      return { format: 'delimited', ...detection.layout, mapping: { startTime, ...rest }, numericUnit: detection.numericUnit, timeZone };
    }
    case 'jsonl': {
      const { startTime, ...rest } = detection.mapping;
      if (startTime === undefined) return undefined;
      return { format: 'jsonl', fields: { startTime, ...rest }, numericUnit: detection.numericUnit, timeZone };
    }
    default:
      return { format: detection.format };
  }
}
