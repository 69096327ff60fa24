/*
 * Which importer reads a file, from its first bytes and its name, with the settings to suggest in
 * the preview. Content decides; the extension only breaks ties. A file no importer reads gets
 * `format: undefined` and a reason to show.
 */
import type { NumericTimestampUnit } from '../time/parse-date.ts';
import type { ColumnMapping } from './delimited-record.ts';
import { detectChat } from './detect-chat.ts';
import type { JsonValue } from './import-record.ts';
import type { ImportSettings } from './import-settings.ts';
import { isJsonObject } from './json-lines.ts';
import type { DelimitedLayout } from './parse-delimited.ts';
import { valueAt, type JsonFieldMapping } from './parse-json-lines.ts';
import { sniffDelimited, unitOf } from './sniff-delimited.ts';
import { normalizeName, suggestFieldMapping } from './suggest-mapping.ts';

/**
 * How many leading bytes detectFormat reads: pass the file's first DETECT_BYTES (all of it when it
 * is smaller). Fewer than this is taken to be the whole file, so its last line counts as complete.
 */
export const DETECT_BYTES = 64 * 1024;

export type FormatDetection =
  | {
      readonly format: 'delimited' | 'timesketch-csv';
      readonly reason: string;
      readonly layout: DelimitedLayout;
      readonly columns: readonly string[];
      readonly mapping: Partial<ColumnMapping>;
      readonly numericUnit: NumericTimestampUnit;
      readonly sampleRows: readonly (readonly string[])[];
    }
  | {
      readonly format: 'jsonl';
      readonly reason: string;
      /** Dotted paths of the first object's fields (two levels deep). */
      readonly fields: readonly string[];
      readonly mapping: Partial<JsonFieldMapping>;
      readonly numericUnit: NumericTimestampUnit;
    }
  | { readonly format: 'har' | 'timesketch-jsonl' | 'slack-zip'; readonly reason: string }
  | FamilyDetection
  | { readonly format: undefined; readonly reason: string };

/** A family whose detector gives complete settings, so its files import with none: `reason` says why. */
export interface FamilyDetection {
  readonly format: 'irc' | 'whatsapp' | 'subtitles';
  readonly reason: string;
  readonly settings: ImportSettings;
}

const ZIP_MAGIC = [0x50, 0x4b];

export function detectFormat(firstBytes: Uint8Array, fileName: string): FormatDetection {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (firstBytes.byteLength === 0) return { format: undefined, reason: 'The file is empty' };
  if (ZIP_MAGIC.every((byte, index) => firstBytes[index] === byte)) {
    return { format: 'slack-zip', reason: 'A zip archive: read as a Slack export (channels.json, users.json, <channel>/<date>.json)' };
  }
  const complete = firstBytes.byteLength < DETECT_BYTES;
  const text = new TextDecoder('utf-8').decode(firstBytes.subarray(0, DETECT_BYTES));
  if (text.includes('\u0000')) return { format: undefined, reason: 'A binary file: the importers read text, HAR and Slack zips' };
  const start = text.trimStart();
  // Before JSON: WhatsApp iOS and ZNC lines open with "[".
  const chat = detectChat(text, complete, fileName);
  if (chat !== undefined) return chat;
  if (start.startsWith('{') || start.startsWith('[')) return detectJson(start, extension);
  if (start.startsWith('<')) {
    return {
      format: undefined,
      reason: /<gpx[\s>]/.test(start)
        ? 'A GPX track: map data (geo time series), not an event import'
        : 'An XML or HTML file: not an import format (section 3 lists har and tsv)',
    };
  }
  const guess = sniffDelimited(text, complete);
  if (typeof guess === 'string') return { format: undefined, reason: `Not a delimited file: ${guess}` };
  const names = new Set(guess.columns.map(normalizeName));
  const kind = guess.layout.delimiter === '\t' ? 'Tab' : 'Comma';
  if (guess.layout.delimiter === ',' && isTimesketch(names)) {
    return { format: 'timesketch-csv', reason: 'Comma-separated with Timesketch columns (message, datetime/timestamp, timestamp_desc)', ...guess };
  }
  const zeek = guess.layout.commentPrefix === '#' ? 'A Zeek log: tab-separated, # header lines and footer, ' : `${kind}-separated, `;
  const header = guess.layout.headerRows > 0 ? 'a header row' : 'no header row';
  const preamble = guess.layout.preambleRows > 0 ? `, ${guess.layout.preambleRows} preamble row(s)` : '';
  return { format: 'delimited', reason: `${zeek}${guess.layout.commentPrefix === '#' ? 'column names from #fields' : header}${preamble}`, ...guess };
}

function detectJson(text: string, extension: string): FormatDetection {
  if (/^\{\s*"log"\s*:/.test(text) || (extension === 'har' && text.includes('"log"'))) {
    return { format: 'har', reason: 'A JSON document with a "log" object: HAR' };
  }
  const arrayReason = 'A JSON array, not JSON Lines (one Slack day file? Import the whole export as a zip)';
  const newline = text.indexOf('\n');
  let first: JsonValue;
  try {
    first = JSON.parse(text.slice(0, newline === -1 ? undefined : newline)) as JsonValue;
  } catch {
    return {
      format: undefined,
      reason: text.startsWith('[')
        ? arrayReason
        : 'A JSON document that is neither HAR (no "log" object) nor JSON Lines (its first line is not a whole object)',
    };
  }
  if (Array.isArray(first)) return { format: undefined, reason: arrayReason };
  if (!isJsonObject(first)) return { format: undefined, reason: 'JSON Lines whose first line is not an object' };
  const fields = fieldPaths(first);
  if (isTimesketch(new Set(fields.map(normalizeName)))) {
    return { format: 'timesketch-jsonl', reason: 'JSON Lines with Timesketch fields (message, datetime/timestamp, timestamp_desc)' };
  }
  const mapping = suggestFieldMapping(fields);
  const startValue = mapping.startTime === undefined ? undefined : valueAt(first, mapping.startTime);
  const startText = typeof startValue === 'number' || typeof startValue === 'string' ? String(startValue) : '';
  return { format: 'jsonl', reason: 'JSON Lines: one object per line', fields, mapping, numericUnit: unitOf([startText]) };
}

function isTimesketch(names: ReadonlySet<string>): boolean {
  return names.has('message') && names.has('timestampdesc') && (names.has('datetime') || names.has('timestamp'));
}

function fieldPaths(object: { [key: string]: JsonValue }, prefix = '', depth = 0): string[] {
  return Object.entries(object).flatMap(([key, value]) =>
    isJsonObject(value) && depth < 1 ? fieldPaths(value, `${prefix}${key}.`, depth + 1) : [`${prefix}${key}`],
  );
}
