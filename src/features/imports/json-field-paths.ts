/*
 * The fields a JSON Lines file offers for the mapping: dotted paths of the keys of its first rows
 * (two levels, as detectFormat lists the first row's), in order of first appearance, since later
 * rows often carry fields the first lacks. Also the guess of how a numeric time field counts.
 */
import type { JsonValue } from '../../../domain/import/import-record.ts';
import { isJsonObject } from '../../../domain/import/json-lines.ts';
import { valueAt } from '../../../domain/import/parse-json-lines.ts';
import { unitOf } from '../../../domain/import/sniff-delimited.ts';
import type { NumericTimestampUnit } from '../../../domain/time/parse-date.ts';

const SAMPLE_ROWS = 50;

type JsonObject = { [key: string]: JsonValue };

/** The first rows that parse as objects, from the start of the file (a cut last line is left out). */
export function sampleJsonRows(text: string, limit = SAMPLE_ROWS): JsonObject[] {
  const rows: JsonObject[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\n')) {
    if (rows.length >= limit) break;
    const trimmed = line.trim();
    if (trimmed === '') continue;
    try {
      const value = JSON.parse(trimmed) as JsonValue;
      if (isJsonObject(value)) rows.push(value);
    } catch {
      // A broken or cut line: the preview reports it; here it only offers no fields.
    }
  }
  return rows;
}

export function jsonFieldPaths(rows: readonly JsonObject[]): string[] {
  const seen = new Set<string>();
  const visit = (object: JsonObject, prefix: string, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      if (isJsonObject(value) && depth < 1) visit(value, `${prefix}${key}.`, depth + 1);
      else seen.add(`${prefix}${key}`);
    }
  };
  for (const row of rows) visit(row, '', 0);
  return [...seen];
}

/** Seconds when every numeric value of the field looks like epoch seconds, else microseconds (as detection guesses). */
export function numericUnitOfField(rows: readonly JsonObject[], path: string): NumericTimestampUnit {
  const texts = rows
    .map((row) => valueAt(row, path))
    .flatMap((value) => (typeof value === 'number' || typeof value === 'string' ? [String(value)] : []));
  return unitOf(texts);
}
