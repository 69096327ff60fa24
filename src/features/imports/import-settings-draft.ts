/*
 * The settings the analyst is shaping in the preview: the detection's settings plus every change made
 * by hand (family, layout, columns, time reading, zone). A delimited or JSON draft may lack its start
 * time while the analyst chooses; completeSettings says when it is whole enough to preview and import.
 * Pure, so the rules are tested without a browser.
 */
import type { FormatDetection } from '../../../domain/import/detect-format.ts';
import type { ColumnMapping } from '../../../domain/import/delimited-record.ts';
import { settingsFromDetection, type ImportSettings } from '../../../domain/import/import-settings.ts';
import type { DelimitedSettings } from '../../../domain/import/parse-delimited.ts';
import type { JsonFieldMapping, JsonLinesSettings } from '../../../domain/import/parse-json-lines.ts';

export type ColumnRole = keyof ColumnMapping;
export type MappingDraft = Partial<ColumnMapping>;
export type FieldMappingDraft = Partial<JsonFieldMapping>;

export type DelimitedDraft = Omit<DelimitedSettings, 'mapping'> & {
  readonly format: 'delimited';
  readonly mapping: MappingDraft;
};
type JsonDraft = Omit<JsonLinesSettings, 'fields'> & {
  readonly format: 'jsonl';
  readonly fields: FieldMappingDraft;
};
export type SettingsDraft = Exclude<ImportSettings, { format: 'delimited' | 'jsonl' }> | DelimitedDraft | JsonDraft;

export const COLUMN_ROLES: readonly { role: ColumnRole; label: string; hint?: string }[] = [
  { role: 'startTime', label: 'Start time' },
  { role: 'startClock', label: 'Time of day', hint: 'when the start time column holds only the date' },
  { role: 'endTime', label: 'End time' },
  { role: 'actor', label: 'Actor' },
  { role: 'message', label: 'Message' },
  { role: 'utcOffset', label: 'UTC offset', hint: 'a column such as +02:00 for each row' },
];

export const FIELD_ROLES: readonly { role: keyof JsonFieldMapping; label: string }[] = [
  { role: 'startTime', label: 'Start time' },
  { role: 'endTime', label: 'End time' },
  { role: 'actor', label: 'Actor' },
  { role: 'message', label: 'Message' },
];

/** What the preview starts from: the detection's own settings, else its layout with what it found. */
export function initialDraft(detection: FormatDetection | undefined, timeZone: string): SettingsDraft | undefined {
  if (detection === undefined || detection.format === undefined) return undefined;
  const own = 'settings' in detection ? (detection.settings as ImportSettings | undefined) : undefined;
  // A zone the file states (W3C logs, a "[UTC]" column) stands, as the worker's preview keeps it.
  if (own !== undefined) {
    return detection.format === 'delimited' && detection.timeZoneFromFile === true ? own : withTimeZone(own, timeZone);
  }
  if (detection.format === 'delimited') {
    return {
      format: 'delimited',
      ...detection.layout,
      mapping: { ...detection.mapping },
      numericUnit: detection.numericUnit,
      timeZone,
    };
  }
  if (detection.format === 'jsonl')
    return { format: 'jsonl', fields: { ...detection.mapping }, numericUnit: detection.numericUnit, timeZone };
  return settingsFromDetection(detection, timeZone);
}

/** The settings to preview and import with, or undefined while the start time is not chosen. */
export function completeSettings(draft: SettingsDraft | undefined): ImportSettings | undefined {
  if (draft === undefined) return undefined;
  if (draft.format === 'delimited') {
    const { startTime, ...rest } = draft.mapping;
    if (startTime === undefined) return undefined;
    return { ...draft, mapping: { startTime, ...definedOnly(rest) } };
  }
  if (draft.format === 'jsonl') {
    const { startTime, ...rest } = draft.fields;
    if (startTime === undefined || startTime === '') return undefined;
    return { ...draft, fields: { startTime, ...definedOnly(rest) } };
  }
  return draft;
}

/** The zone set in every draft that reads zone-less times (a draft without timeZone has no use for one). */
export function withTimeZone<T extends SettingsDraft>(draft: T, timeZone: string): T {
  return 'timeZone' in draft ? { ...draft, timeZone } : draft;
}

/** A mapping with one role set or cleared; a column given a new role leaves its old one. */
export function withColumn(mapping: MappingDraft, role: ColumnRole, column: number | undefined): MappingDraft {
  const next: Record<string, number | undefined> = { ...mapping };
  if (column === undefined) delete next[role];
  else next[role] = column;
  return next as MappingDraft;
}

export function withField(fields: FieldMappingDraft, role: keyof JsonFieldMapping, path: string): FieldMappingDraft {
  const next: Record<string, string | undefined> = { ...fields };
  if (path === '') delete next[role];
  else next[role] = path;
  return next as FieldMappingDraft;
}

function definedOnly<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== '')) as T;
}
