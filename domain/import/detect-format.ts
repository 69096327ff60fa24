/*
 * Which importer reads a file, from its first bytes and its name, with the settings to suggest in
 * the preview. Content decides; the extension only breaks ties. A file no importer reads gets
 * `format: undefined` and a reason to show.
 */
import type { DateOrder } from '../time/date-time-text.ts';
import type { EpochUnit } from '../time/epoch-number.ts';
import type { NumericTimestampUnit } from '../time/parse-date.ts';
import { decodeStart } from './byte-chunks.ts';
import type { ColumnMapping } from './delimited-record.ts';
import type { JsonValue } from './import-record.ts';
import { isJsonObject } from './json-lines.ts';
import type { DelimitedLayout, DelimitedSettings } from './delimited-settings.ts';
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
      readonly numericUnit: EpochUnit;
      readonly dateOrder?: DateOrder | undefined;
      /** Complete settings (in UTC unless the file decides its zone), when a start time column was found. */
      readonly settings?: ({ readonly format: 'delimited' } & DelimitedSettings) | undefined;
      /** True when the file itself says its zone (W3C: UTC), so the analyst's zone must not replace it. */
      readonly timeZoneFromFile?: boolean | undefined;
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
  | { readonly format: undefined; readonly reason: string };

const ZIP_MAGIC = [0x50, 0x4b];

export function detectFormat(firstBytes: Uint8Array, fileName: string): FormatDetection {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (firstBytes.byteLength === 0) return { format: undefined, reason: 'The file is empty' };
  if (ZIP_MAGIC.every((byte, index) => firstBytes[index] === byte)) {
    return { format: 'slack-zip', reason: 'A zip archive: read as a Slack export (channels.json, users.json, <channel>/<date>.json)' };
  }
  const complete = firstBytes.byteLength < DETECT_BYTES;
  const text = decodeStart(firstBytes.subarray(0, DETECT_BYTES));
  if (text.includes('\u0000')) return { format: undefined, reason: 'A binary file: the importers read text, HAR and Slack zips' };
  const start = text.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return detectJson(start, extension);
  if (start.startsWith('<')) {
    return {
      format: undefined,
      reason: /<gpx[\s>]/.test(start)
        ? 'A GPX track: map data (geo time series), not an event import'
        : 'An XML or HTML file: not an import format (section 3 lists har and tsv)',
    };
  }
  // XChat's session header, in any locale: "**** BEGIN LOGGING AT Mon Dec 31 21:11:55 2011".
  if (/^\*{4} [A-Z][A-Z ]+ [A-Z][a-z]{2} [A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2} \d{4}/.test(start)) {
    return {
      format: undefined,
      reason: 'An XChat IRC transcript: not an import format (its lines have no year); convert it to TSV with time, nick and message columns',
    };
  }
  return detectDelimited(text, complete);
}

function detectDelimited(text: string, complete: boolean): FormatDetection {
  const guess = sniffDelimited(text, complete);
  if (typeof guess === 'string') return { format: undefined, reason: `Not a delimited file: ${guess}` };
  const { notes, timeZone, ...detected } = guess;
  const names = new Set(guess.columns.map(normalizeName));
  if (guess.layout.delimiter === ',' && isTimesketch(names)) {
    return { format: 'timesketch-csv', reason: 'Comma-separated with Timesketch columns (message, datetime/timestamp, timestamp_desc)', ...detected };
  }
  const reason = notes.map((note, index) => (index === 0 ? `${note[0]?.toUpperCase() ?? ''}${note.slice(1)}` : note)).join('; ');
  const { startTime, ...rest } = guess.mapping;
  const settings =
    startTime === undefined
      ? undefined
      : {
          format: 'delimited' as const,
          ...guess.layout,
          mapping: { startTime, ...rest },
          numericUnit: guess.numericUnit,
          timeZone: timeZone ?? 'UTC',
          ...(guess.dateOrder === undefined ? {} : { dateOrder: guess.dateOrder }),
        };
  return { format: 'delimited', reason, ...detected, settings, timeZoneFromFile: timeZone !== undefined };
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
