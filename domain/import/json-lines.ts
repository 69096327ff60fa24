/*
 * JSON Lines streamed into parsed values with their line numbers. Blank lines are skipped, a CR
 * before the newline is ignored, and the last line needs no newline (Timesketch's sigma file).
 * Lines are split by textLines; this file only reads each one as JSON.
 */
import type { JsonValue } from './import-record.ts';
import { textLines } from './text-lines.ts';

export type JsonLine =
  { readonly line: number; readonly value: JsonValue } | { readonly line: number; readonly error: string };

/** `passChars` is the text gathered before splitting; tests make it tiny to split everywhere. */
export async function* jsonLines(text: AsyncIterable<string>, passChars?: number): AsyncGenerator<JsonLine[]> {
  for await (const lines of textLines(text, passChars, 'JSON Lines')) {
    const out: JsonLine[] = [];
    for (const { line, text: raw } of lines) {
      const trimmed = raw.trim();
      if (trimmed === '') continue;
      try {
        out.push({ line, value: JSON.parse(trimmed) as JsonValue });
      } catch (error) {
        out.push({ line, error: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
    if (out.length > 0) yield out;
  }
}

/** A JSON value as display text: strings as they are, other values as JSON, nothing as ''. */
export function jsonText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function isJsonObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
