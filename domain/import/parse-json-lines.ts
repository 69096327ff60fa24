/*
 * JSON Lines logs with a field mapping by path. A path is tried as one key first and then split on
 * dots, so Zeek's flat "id.orig_h" and nested "user.name" both work. Unmapped top-level fields are
 * kept in extra; a nested mapped field stays inside its parent there.
 */
import type { ZoneId } from '@js-joda/core';
import type { NumericTimestampUnit } from '../time/parse-date.ts';
import { isJsonObject, jsonLines, jsonText } from './json-lines.ts';
import type { ImportRecord, InvalidRow, JsonValue, ParsedPiece, ParseReport } from './import-record.ts';
import { isInvalidRow } from './import-record.ts';
import { loadZone, parseEventTime, shorten, timeReason } from './parse-event-time.ts';

export interface JsonFieldMapping {
  readonly startTime: string;
  readonly endTime?: string | undefined;
  readonly actor?: string | undefined;
  readonly message?: string | undefined;
}

export interface JsonLinesSettings {
  readonly fields: JsonFieldMapping;
  readonly numericUnit: NumericTimestampUnit;
  readonly timeZone: string;
}

export async function* parseJsonLines(
  text: AsyncIterable<string>,
  settings: JsonLinesSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const zone = await loadZone(settings.timeZone);
  for await (const lines of jsonLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const item of lines) {
      if ('error' in item) {
        piece.invalid.push({ line: item.line, reason: item.error });
        continue;
      }
      if (report.columns.length === 0 && isJsonObject(item.value)) report.columns = Object.keys(item.value);
      const result = jsonLineRecord(item.value, item.line, settings, zone);
      if (isInvalidRow(result)) piece.invalid.push(result);
      else piece.records.push(result);
    }
    yield piece;
  }
}

function jsonLineRecord(value: JsonValue, line: number, settings: JsonLinesSettings, zone: ZoneId): ImportRecord | InvalidRow {
  if (!isJsonObject(value)) return { line, reason: 'the line is not a JSON object' };
  const { fields, numericUnit } = settings;
  const time = (path: string): number | string => {
    const field = valueAt(value, path);
    const text = timeText(field);
    if (text === undefined) return `"${path}": ${field === undefined ? 'is missing' : `${shorten(JSON.stringify(field))} is not a time`}`;
    return parseEventTime(text, zone, numericUnit) ?? `"${path}": ${timeReason(text, numericUnit)}`;
  };
  const startMicros = time(fields.startTime);
  if (typeof startMicros === 'string') return { line, reason: startMicros };
  let endMicros = startMicros;
  if (fields.endTime !== undefined && valueAt(value, fields.endTime) !== undefined) {
    const end = time(fields.endTime);
    if (typeof end === 'string') return { line, reason: end };
    if (end < startMicros) return { line, reason: `"${fields.endTime}" is before the start time` };
    endMicros = end;
  }
  const mapped = new Set(Object.values(fields));
  const extra: Record<string, JsonValue> = {};
  for (const [key, field] of Object.entries(value)) if (!mapped.has(key)) extra[key] = field;
  return {
    line,
    startMicros,
    endMicros,
    actor: fields.actor === undefined ? '' : jsonText(valueAt(value, fields.actor)).trim(),
    message: fields.message === undefined ? '' : jsonText(valueAt(value, fields.message)),
    extra,
  };
}

function timeText(field: JsonValue | undefined): string | undefined {
  if (typeof field === 'string') return field;
  // A number prints without an exponent only below 1e21; beyond that it is no timestamp anyway.
  if (typeof field === 'number' && Number.isFinite(field) && field >= 0 && !String(field).includes('e')) return String(field);
  return undefined;
}

/** The value at a path: the whole path as one key, else split at each dot from the left. */
export function valueAt(value: JsonValue | undefined, path: string): JsonValue | undefined {
  if (!isJsonObject(value)) return undefined;
  if (Object.hasOwn(value, path)) return value[path];
  for (let dot = path.indexOf('.'); dot !== -1; dot = path.indexOf('.', dot + 1)) {
    const head = path.slice(0, dot);
    if (Object.hasOwn(value, head)) {
      const found = valueAt(value[head], path.slice(dot + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
