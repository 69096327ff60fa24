/*
 * One delimited row to a record through a column mapping by index, or to the reason it is invalid.
 * Reasons name the column by its header name (or "column 3" without a header) and say what the
 * cell should have held, in the analyst's words.
 */
import type { TimestampReader } from '../time/read-timestamp.ts';
import type { EpochUnit } from '../time/epoch-number.ts';
import type { MessageComposer } from './composed-message.ts';
import type { DelimitedRow } from './delimited-rows.ts';
import type { ColumnMapping } from './delimited-settings.ts';
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { shorten, timeReason } from './parse-event-time.ts';

export type { ColumnMapping } from './delimited-settings.ts';
type MappedRole = keyof ColumnMapping;

export interface RecordRules {
  readonly mapping: ColumnMapping;
  readonly numericUnit: EpochUnit;
  readonly readTime: TimestampReader;
  /** The time shape the columns were decided to hold, for reasons ("month/day/year", a pattern). */
  readonly expected?: string | undefined;
  /** Cells equal to one of these are empty for mapped columns and null in extra (Zeek's "-"). */
  readonly nullValues: ReadonlySet<string>;
  /** Space-separated lines: fields past the last column belong to it (a message with spaces). */
  readonly restJoins: boolean;
  readonly composeMessage?: MessageComposer | undefined;
}

const ROLES: readonly MappedRole[] = ['startTime', 'startClock', 'endTime', 'actor', 'message', 'utcOffset'];
const UTC_OFFSET = /^(?:UTC|GMT)?\s*(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/i;

export function delimitedRecord(
  row: DelimitedRow,
  columns: readonly string[],
  rules: RecordRules,
): ImportRecord | InvalidRow {
  const { line } = row;
  const fields = fitToColumns(row.fields, columns.length, rules.restJoins);
  const { mapping, nullValues } = rules;
  const label = (index: number) => columnLabel(index, columns);
  for (const role of ROLES) {
    const index = mapping[role];
    if (index !== undefined && index >= fields.length) {
      return {
        line,
        reason: `${label(index)} is missing: the row has ${fields.length} column${fields.length === 1 ? '' : 's'}, not ${columns.length || index + 1}`,
      };
    }
  }
  const cell = (index: number | undefined): string => {
    const value = index === undefined ? '' : (fields[index] ?? '');
    return nullValues.has(value) ? '' : value;
  };

  let offsetMinutes: number | undefined;
  if (mapping.utcOffset !== undefined && cell(mapping.utcOffset).trim() !== '') {
    const text = cell(mapping.utcOffset);
    offsetMinutes = utcOffsetMinutes(text);
    if (offsetMinutes === undefined)
      return {
        line,
        reason: `${label(mapping.utcOffset)}: "${shorten(text)}" is not a UTC offset (expected one like +02:00, -5 or UTC-05:00)`,
      };
  }
  const clockText = mapping.startClock === undefined ? undefined : cell(mapping.startClock);
  const dateText = cell(mapping.startTime);
  const startText = clockText === undefined ? dateText : `${dateText.trim()} ${clockText.trim()}`;
  const startMicros = rules.readTime(startText, offsetMinutes);
  if (startMicros === undefined) {
    const where =
      mapping.startClock === undefined
        ? label(mapping.startTime)
        : `${label(mapping.startTime)} and ${label(mapping.startClock)}`;
    return {
      line,
      reason: `${where}: ${timeReason(startText.trim() === '' ? '' : startText, rules.numericUnit, rules.expected)}`,
    };
  }
  let endMicros = startMicros;
  const endText = cell(mapping.endTime);
  if (mapping.endTime !== undefined && endText.trim() !== '') {
    const parsed = rules.readTime(endText, offsetMinutes);
    if (parsed === undefined)
      return { line, reason: `${label(mapping.endTime)}: ${timeReason(endText, rules.numericUnit, rules.expected)}` };
    if (parsed < startMicros)
      return { line, reason: `${label(mapping.endTime)}: "${shorten(endText)}" is before the start time` };
    endMicros = parsed;
  }

  const extra: Record<string, JsonValue> = {};
  for (let index = 0; index < fields.length; index += 1) {
    if (isMapped(mapping, index)) continue;
    const value = fields[index] ?? '';
    extra[columns[index] ?? `column ${index + 1}`] = nullValues.has(value) ? null : value;
  }
  // The space after a delimiter (CBS.log's "07:41:03, Info …", "a, b" CSV) is layout, not the message's.
  const message = mapping.message !== undefined ? cell(mapping.message).trim() : (rules.composeMessage?.(fields) ?? '');
  // A lone "-" is how space-separated logs (AWS VPC flow logs, W3C, CLF) write "no value".
  const actor = cell(mapping.actor).trim();
  return { line, startMicros, endMicros, actor: actor === '-' ? '' : actor, message, extra };
}

function isMapped(mapping: ColumnMapping, index: number): boolean {
  const { startTime, startClock, endTime, actor, message, utcOffset } = mapping;
  return (
    index === startTime ||
    index === startClock ||
    index === endTime ||
    index === actor ||
    index === message ||
    index === utcOffset
  );
}

/** Drops empty fields a trailing delimiter adds; joins the overflow of space-separated lines. */
function fitToColumns(fields: string[], width: number, restJoins: boolean): string[] {
  if (width === 0 || fields.length <= width) return fields;
  let end = fields.length;
  while (end > width && fields[end - 1] === '') end -= 1;
  if (end === width) return fields.slice(0, width);
  return restJoins ? [...fields.slice(0, width - 1), fields.slice(width - 1).join(' ')] : fields;
}

/** Minutes east of UTC for "+02:00", "-5", "+0530", "UTC-05:00", "UTC"; undefined otherwise. */
export function utcOffsetMinutes(text: string): number | undefined {
  const match = UTC_OFFSET.exec(text.trim());
  if (match === null || (match[1] === undefined && !/^(UTC|GMT)$/i.test(text.trim()))) return undefined;
  const [, sign, hours = '0', minutes = '0'] = match;
  const total = Number(hours) * 60 + Number(minutes);
  if (Number(minutes) > 59 || total > 18 * 60) return undefined;
  return sign === '-' ? -total : total;
}

function columnLabel(index: number, columns: readonly string[]): string {
  const name = columns[index];
  return name === undefined || name === `column ${index + 1}` ? `column ${index + 1}` : `column "${name}"`;
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
