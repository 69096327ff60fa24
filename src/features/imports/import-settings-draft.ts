/*
 * The settings the analyst is shaping in the preview: the detection plus their column (or JSON
 * field) mapping and time zone. Pure, so the rules (a start time is required) are tested without a
 * browser. A Timesketch JSON Lines file may also be read as plain JSON Lines with a field mapping.
 */
import type { FormatDetection } from '../../../domain/import/detect-format.ts';
import type { ColumnMapping, MappedRole } from '../../../domain/import/delimited-record.ts';
import { settingsFromDetection, type ImportSettings } from '../../../domain/import/import-settings.ts';
import type { JsonFieldMapping } from '../../../domain/import/parse-json-lines.ts';
import type { NumericTimestampUnit } from '../../../domain/time/parse-date.ts';

export type MappingDraft = Partial<Record<MappedRole, number>>;
export type FieldMappingDraft = Partial<Record<MappedRole, string>>;

/** How the file is read: as detected, or (JSON Lines of any kind) as JSON Lines with a field mapping. */
export type ReadAs = 'detected' | 'jsonl-fields';

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

/** Whether the file is JSON Lines, so its fields can be mapped (Timesketch's too, if the analyst asks). */
export function canMapFields(detection: FormatDetection | undefined): boolean {
  return detection?.format === 'jsonl' || detection?.format === 'timesketch-jsonl';
}

/** Plain JSON Lines are always mapped; Timesketch JSON Lines only when read that way. */
export function mapsFields(detection: FormatDetection | undefined, readAs: ReadAs): boolean {
  return detection?.format === 'jsonl' || (detection?.format === 'timesketch-jsonl' && readAs === 'jsonl-fields');
}

export function initialMapping(detection: FormatDetection | undefined): MappingDraft {
  return needsMapping(detection) ? { ...detection.mapping } : {};
}

export function initialFieldMapping(detection: FormatDetection | undefined): FieldMappingDraft {
  return detection?.format === 'jsonl' ? { ...detection.mapping } : {};
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

/** JSON Lines settings from a field mapping, or undefined while no start time field is chosen. */
export function fieldSettingsOf(mapping: FieldMappingDraft, numericUnit: NumericTimestampUnit, timeZone: string): ImportSettings | undefined {
  const { startTime, endTime, actor, message } = mapping;
  if (startTime === undefined || startTime === '') return undefined;
  const fields: JsonFieldMapping = {
    startTime,
    ...(endTime ? { endTime } : {}),
    ...(actor ? { actor } : {}),
    ...(message ? { message } : {}),
  };
  return { format: 'jsonl', fields, numericUnit, timeZone };
}
