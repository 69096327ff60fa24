/*
 * The settings the analyst is shaping in the preview: the detection plus their column mapping and
 * time zone. Pure, so the rules (a start time column is required) are tested without a browser.
 */
import type { FormatDetection } from '../../../domain/import/detect-format.ts';
import type { ColumnMapping, MappedRole } from '../../../domain/import/delimited-record.ts';
import { settingsFromDetection, type ImportSettings } from '../../../domain/import/import-settings.ts';

export type MappingDraft = Partial<Record<MappedRole, number>>;

export const MAPPED_ROLES: readonly { role: MappedRole; label: string }[] = [
  { role: 'startTime', label: 'Start time' },
  { role: 'endTime', label: 'End time' },
  { role: 'actor', label: 'Actor' },
  { role: 'message', label: 'Message' },
];

/** Whether the analyst maps columns for this detection (plain delimited files; Timesketch has fixed columns). */
export function needsMapping(detection: FormatDetection | undefined): detection is Extract<FormatDetection, { format: 'delimited' | 'timesketch-csv' }> {
  return detection?.format === 'delimited';
}

export function initialMapping(detection: FormatDetection | undefined): MappingDraft {
  return needsMapping(detection) ? { ...detection.mapping } : {};
}

/** The settings to preview and import with, or undefined while no start time column is chosen. */
export function settingsOf(detection: FormatDetection, mapping: MappingDraft, timeZone: string): ImportSettings | undefined {
  if (!needsMapping(detection)) return settingsFromDetection(detection, timeZone);
  const { startTime, endTime, actor, message } = mapping;
  if (startTime === undefined) return undefined;
  const chosen: ColumnMapping = {
    startTime,
    ...(endTime === undefined ? {} : { endTime }),
    ...(actor === undefined ? {} : { actor }),
    ...(message === undefined ? {} : { message }),
  };
  return { format: 'delimited', ...detection.layout, mapping: chosen, numericUnit: detection.numericUnit, timeZone };
}
