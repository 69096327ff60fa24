/*
 * What the analyst confirms in the preview: the format and, where the format needs them, the
 * layout, mapping and time zone. settingsFromDetection turns a detection into settings when the
 * detection is complete enough (a start time column found), for the CLI and for defaults.
 */
import type { FormatDetection } from './format-detection.ts';
import type { ImportSettings } from './import-settings-shape.ts';

export type { ImportSettings };

/** Settings as detected, or undefined when the analyst must decide (unknown format, no time column). */
export function settingsFromDetection(detection: FormatDetection, timeZone: string): ImportSettings | undefined {
  switch (detection.format) {
    case undefined:
      return undefined;
    case 'delimited':
      // The file's own zone (W3C logs are UTC) stands; otherwise zone-less times are in the analyst's.
      if (detection.settings === undefined) return undefined;
      return detection.timeZoneFromFile === true ? detection.settings : { ...detection.settings, timeZone };
    case 'jsonl':
      // Zoned or epoch times need no zone; zoneless ones are read in the analyst's.
      if (detection.settings === undefined) return undefined;
      return detection.zoneless ? { ...detection.settings, timeZone } : detection.settings;
    case 'har':
    case 'timesketch-jsonl':
      return detection.settings;
    case 'syslog':
    case 'access-log': {
      // Log lines carry no zone the detector could read: the caller's zone (the analyst's, the CLI's
      // --time-zone, the form's timeZone) stands for the host's.
      const { settings } = detection;
      return settings.format === 'syslog' || settings.format === 'access-log' ? { ...settings, timeZone } : settings;
    }
    case 'slack-zip':
    case 'timesketch-csv':
      return { format: detection.format };
    default:
      // Detection cannot know the analyst's zone: a detected family's zone-less times take the one given.
      return 'timeZone' in detection.settings ? { ...detection.settings, timeZone } : detection.settings;
  }
}

/** What undated times start from when the analyst gives nothing (withDefaultRecordingStart). */
export interface RecordingStartDefaults {
  /** The incident's first event: where a transcript's zero-based cues start. */
  readonly firstEventMicros?: number | undefined;
  /** A re-import's stream's first event as its file wrote it: the day of lines without a date. */
  readonly dayMicros?: number | undefined;
}

/**
 * Transcripts whose cue times count from zero start at the incident's first event unless the analyst
 * gave a start, and chat logs and text logs whose times have no date (Zoom, ZNC, Logback) are read on that event's day (UTC):
 * the default the preview and the server both apply. A re-import gives `dayMicros`, its stream's first
 * event as the file wrote it, so an updated log keeps the day its stream was first read on (the
 * incident may since start on an earlier day); a transcript still starts at the incident's first event,
 * as its first import did. Other settings pass unchanged.
 */
export function withDefaultRecordingStart(
  settings: ImportSettings,
  firstEventMicros: number | null | undefined,
  dayMicros: number | null | undefined = firstEventMicros,
): ImportSettings {
  if (settings.format === 'subtitles' && settings.anchorMicros === undefined && typeof firstEventMicros === 'number')
    return { ...settings, anchorMicros: firstEventMicros };
  if (dayMicros === null || dayMicros === undefined) return settings;
  const day = new Date(Math.floor(dayMicros / 1000)).toISOString().slice(0, 10);
  if (settings.format === 'irc' && settings.startDate === undefined) return { ...settings, startDate: day };
  // A text log whose lines hold a time of day alone (Logback's default pattern) is dated the same way.
  if (settings.format === 'syslog' && settings.timePrefix?.timeOfDay === true && settings.startDate === undefined)
    return { ...settings, startDate: day };
  return settings;
}
