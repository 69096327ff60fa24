/*
 * Record fields as COPY text (server/db/copy-text.ts), shared by the import and the re-import, which
 * both send a parsed file's records through a staging table.
 */
import type { JsonValue } from '../../domain/import/import-record.ts';
import { copyText } from '../db/copy-text.ts';

// NOTE: PostgreSQL text and jsonb refuse the NUL character, which a binary-ish log line may hold.
const withoutNul = (text: string) => (text.includes('\0') ? text.replaceAll('\0', '') : text);

export const messageText = (message: string) => copyText(withoutNul(message));

const withoutNulValues = (_name: string, value: unknown) => (typeof value === 'string' ? withoutNul(value) : value);

// JSON.stringify with a replacer is several times slower than without (a function call per value), and an
// extra without NUL is the usual case: JSON writes NUL as \u0000, so only then is it stringified again.
// A key with NUL, or a string holding the text "\u0000", takes the slow path and gives the same text.
export function extraText(extra: Record<string, JsonValue>): string {
  const json = extraJson(extra);
  return json === undefined ? '\\N' : copyText(json);
}

/** The extra as the JSON its COPY text holds (before COPY's escapes); undefined for none (COPY's NULL). */
export function extraJson(extra: Record<string, JsonValue>): string | undefined {
  const json = JSON.stringify(extra);
  if (json === '{}' && Object.keys(extra).length === 0) return undefined;
  return json.includes('\\u0000') ? JSON.stringify(extra, withoutNulValues) : json;
}
