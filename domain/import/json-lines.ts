/*
 * JSON Lines streamed into parsed values with their line numbers. Blank lines are skipped, a CR
 * before the newline is ignored, and the last line needs no newline (Timesketch's sigma file).
 */
import { ImportError } from './import-error.ts';
import { textPasses } from './text-passes.ts';
import type { JsonValue } from './import-record.ts';
import { MAX_RECORD_CHARS } from './delimited-rows.ts';

export type JsonLine =
  { readonly line: number; readonly value: JsonValue } | { readonly line: number; readonly error: string };

// Lines are split once this much text has gathered, so tiny input chunks cost no rescans.
const PASS_CHARS = 1 << 16;

/** `passChars` is the text gathered before splitting; tests make it tiny to split everywhere. */
export async function* jsonLines(text: AsyncIterable<string>, passChars = PASS_CHARS): AsyncGenerator<JsonLine[]> {
  let carry = '';
  let line = 1;

  const pass = (final: boolean): JsonLine[] => {
    const out: JsonLine[] = [];
    let start = 0;
    for (let end = carry.indexOf('\n'); end !== -1; end = carry.indexOf('\n', start)) {
      readLine(carry.slice(start, end), out);
      start = end + 1;
    }
    carry = carry.slice(start);
    if (final && carry !== '') {
      readLine(carry, out);
      carry = '';
    }
    if (carry.length > MAX_RECORD_CHARS) {
      throw new ImportError(
        'invalid-file',
        `Line ${line} runs on for more than 8 MiB without a newline: this is not JSON Lines`,
      );
    }
    return out;
  };

  const readLine = (raw: string, out: JsonLine[]): void => {
    const lineNumber = line;
    line += 1;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    try {
      out.push({ line: lineNumber, value: JSON.parse(trimmed) as JsonValue });
    } catch (error) {
      out.push({
        line: lineNumber,
        error: `not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  yield* textPasses(
    text,
    passChars,
    (piece) => {
      carry += piece;
    },
    pass,
  );
}

/** A JSON value as display text: strings as they are, other values as JSON, nothing as ''. */
export function jsonText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function isJsonObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
