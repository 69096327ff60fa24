/*
 * One delimited row to a record through a column mapping by index, or to the reason it is invalid.
 * Reasons name the column by number (1-based, as an analyst counts) and by header name.
 */
import type { ZoneId } from '@js-joda/core';
import type { NumericTimestampUnit } from '../time/parse-date.ts';
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { parseEventTime, timeReason } from './parse-event-time.ts';
import type { DelimitedRow } from './delimited-rows.ts';

/** Column indexes, 0-based. Only the start time is required. */
export interface ColumnMapping {
  readonly startTime: number;
  readonly endTime?: number | undefined;
  readonly actor?: number | undefined;
  readonly message?: number | undefined;
}
export type MappedRole = keyof ColumnMapping;

export interface RecordRules {
  readonly mapping: ColumnMapping;
  readonly numericUnit: NumericTimestampUnit;
  readonly zone: ZoneId;
  /** Cells equal to one of these are empty for mapped columns and null in extra (Zeek's "-"). */
  readonly nullValues: ReadonlySet<string>;
}

const ROLE_LABELS: Record<MappedRole, string> = { startTime: 'start time', endTime: 'end time', actor: 'actor', message: 'message' };
const ROLES = Object.keys(ROLE_LABELS) as MappedRole[];

export function delimitedRecord(row: DelimitedRow, columns: readonly string[], rules: RecordRules): ImportRecord | InvalidRow {
  const { fields, line } = row;
  const { mapping, nullValues } = rules;
  const label = (role: MappedRole, index: number) => `${columnLabel(index, columns)} (${ROLE_LABELS[role]})`;
  for (const role of ROLES) {
    const index = mapping[role];
    if (index !== undefined && index >= fields.length) {
      const count = `${fields.length} column${fields.length === 1 ? '' : 's'}`;
      return { line, reason: `missing ${label(role, index)}: the row has ${count}` };
    }
  }
  const cell = (index: number | undefined): string => {
    const value = index === undefined ? '' : (fields[index] ?? '');
    return nullValues.has(value) ? '' : value;
  };

  const startText = cell(mapping.startTime);
  const startMicros = parseEventTime(startText, rules.zone, rules.numericUnit);
  if (startMicros === undefined) {
    return { line, reason: `${label('startTime', mapping.startTime)}: ${timeReason(startText, rules.numericUnit)}` };
  }
  let endMicros = startMicros;
  const endText = cell(mapping.endTime);
  if (mapping.endTime !== undefined && endText.trim() !== '') {
    const parsed = parseEventTime(endText, rules.zone, rules.numericUnit);
    if (parsed === undefined) return { line, reason: `${label('endTime', mapping.endTime)}: ${timeReason(endText, rules.numericUnit)}` };
    if (parsed < startMicros) return { line, reason: `${label('endTime', mapping.endTime)}: '${endText}' is before the start time` };
    endMicros = parsed;
  }

  const extra: Record<string, JsonValue> = {};
  for (let index = 0; index < fields.length; index += 1) {
    if (index === mapping.startTime || index === mapping.endTime || index === mapping.actor || index === mapping.message) continue;
    const value = fields[index] ?? '';
    extra[columns[index] ?? `column ${index + 1}`] = nullValues.has(value) ? null : value;
  }
  return { line, startMicros, endMicros, actor: cell(mapping.actor).trim(), message: cell(mapping.message), extra };
}

function columnLabel(index: number, columns: readonly string[]): string {
  const name = columns[index];
  return name === undefined ? `column ${index + 1}` : `column ${index + 1} "${name}"`;
}

/**
 * Header cells as extra keys: trimmed (exports pad them: " pitch(degrees)"), a blank one named by
 * position, a repeated one numbered ("Date", "Date (2)") so no column overwrites another.
 */
export function columnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell, index) => {
    const base = cell.trim() === '' ? `column ${index + 1}` : cell.trim();
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}
