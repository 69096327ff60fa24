/*
 * Detection of the JSON families from a file's first 64 KiB: HAR (a "log" object with "entries",
 * wherever the key sits; JSONP-wrapped .harp), Timesketch JSONL, and JSON records of any shape (JSON
 * Lines, an array, a {"Records": […]} document, top-level values, Kubernetes CRI lines), with the
 * field mapping chosen from the values of every sampled record.
 */
import type { NumericTimestampUnit } from '../time/parse-date.ts';
import { CRI_LINE } from './cri-lines.ts';
import type { JsonValue } from './import-record.ts';
import { wrappedRecords } from './json-envelope.ts';
import { documentReader, type DocumentItem, type DocumentValue } from './json-document.ts';
import { chooseJsonFields } from './json-field-evidence.ts';
import { isJsonObject } from './json-lines.ts';
import type { JsonContainer, JsonFieldMapping, JsonLinesImportSettings } from './json-lines-settings.ts';
import { withEmbeddedJson } from './json-record.ts';
import { isJsonpCall } from './jsonp-wrapper.ts';
import { looksLikeLogfmt, readLogfmt } from './logfmt-line.ts';
import { mergedAuditEvents } from './audit-event.ts';
import { sampleLines } from './sample-lines.ts';
import { normalizeName } from './suggest-mapping.ts';

type JsonObject = { [key: string]: JsonValue };
const MAX_SAMPLES = 500;

export type JsonDetection =
  | {
      readonly format: 'jsonl';
      readonly reason: string;
      /** Dotted paths of the sampled records' fields. */
      readonly fields: readonly string[];
      readonly mapping: Partial<JsonFieldMapping>;
      /** The unit as the preview's picker knows it; settings hold the exact one. */
      readonly numericUnit: NumericTimestampUnit;
      /** Complete settings when a start time field was found (its zone 'UTC' unless zoneless times need the analyst's). */
      readonly settings: JsonLinesImportSettings | undefined;
      /** Whether the times carry no offset, so the analyst's zone replaces settings.timeZone. */
      readonly zoneless: boolean;
    }
  | { readonly format: 'har'; readonly reason: string; readonly settings: { readonly format: 'har' } }
  | {
      readonly format: 'timesketch-jsonl';
      readonly reason: string;
      readonly settings: { readonly format: 'timesketch-jsonl' };
    }
  | { readonly format: undefined; readonly reason: string };

/**
 * The JSON family of `text` (the file's start, `complete` when it is all of it), or undefined when it is
 * no JSON. `asRecords`: the analyst wants Timesketch lines read as plain records with fields to map.
 */
const BRACKET_THEN_TEXT = /^\[[^[\]{}"]*\][ \t]+[^\s,\]]/;

export function detectJson(
  text: string,
  complete: boolean,
  fileName: string,
  options: { readonly asRecords?: boolean } = {},
): JsonDetection | undefined {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  const lines = start.split('\n');
  if (!complete && lines.length > 1) lines.pop();
  const firstLine = lines[0] ?? '';
  if (CRI_LINE.test(firstLine.replace(/\r$/, ''))) return detectCri(lines);
  const harp = isJsonpCall(start);
  if (!harp && !start.startsWith('{') && !start.startsWith('[')) return undefined;
  const harReason = (why: string) => ({ format: 'har', reason: `HAR: ${why}`, settings: { format: 'har' } }) as const;
  if (harp)
    return /"log"\s*:/.test(start)
      ? harReason('a JSONP call (.harp) wrapping a "log" object')
      : { format: undefined, reason: 'A JSONP call (a script), not a HAR: it wraps no "log" object' };
  const first = parseOrUndefined(firstLine);
  if (isJsonObject(first)) {
    const log = first.log;
    if (isJsonObject(log) && Array.isArray(log.entries)) return harReason('a "log" object with an "entries" array');
    if (options.asRecords !== true && isTimesketch(Object.keys(first))) {
      return {
        format: 'timesketch-jsonl',
        reason: 'JSON Lines with Timesketch fields (message, datetime/timestamp, timestamp_desc)',
        settings: { format: 'timesketch-jsonl' },
      };
    }
    const records = lines.slice(0, MAX_SAMPLES).map(parseOrUndefined).filter(isJsonObject);
    // A whole document on one line (a minified export) holds its records in an array, read below.
    // So is one whose array holds timed records though the document has a time of its own (Skype's
    // exportDate beside its conversations' messages).
    const oneDocument =
      records.length === 1 &&
      lines.filter((line) => line.trim() !== '').length === 1 &&
      (chooseJsonFields(records).mapping.startTime === undefined || timedRecords(documentRecords(start, complete)));
    if (!oneDocument && lines.length > 1 && chooseJsonFields(records).mapping.startTime === undefined) {
      const inner = documentsRecords(records, 'lines');
      if (inner !== undefined) return inner;
    }
    if (!oneDocument)
      return recordsDetection(
        records,
        'lines',
        '',
        `JSON Lines: ${records.length} of ${lines.filter((line) => line.trim() !== '').length} sampled lines are objects`,
      );
  }
  if (start.startsWith('{') && /"log"\s*:\s*\{/.test(start) && /"entries"\s*:\s*\[/.test(start)) {
    return harReason('a "log" object with an "entries" array');
  }
  // HAR 1.2 requires log.creator beside log.entries; a long "pages" array (or a large creator
  // comment) can push "entries" past the detection window, and the pages are not the records.
  if (start.startsWith('{') && /^\{\s*"log"\s*:\s*\{/.test(start) && /"creator"\s*:\s*\{[^{}]*"name"\s*:/.test(start)) {
    // The whole file seen and no "entries" in it: a HAR with no requests to read (an exporter that
    // failed), refused with that reason rather than imported as nothing.
    if (complete && !/"entries"\s*:/.test(start))
      return {
        format: undefined,
        reason:
          'A HAR whose "log" has no "entries" array: it holds no requests to import (HAR 1.2 requires log.entries; the export may have failed)',
      };
    return harReason('a "log" object with a "creator" (its "entries" array past the first 64 KiB)');
  }
  if (start.startsWith('[')) {
    const { values, broken } = sample(start, complete, { paths: ['$.*'] });
    const records = values.map((item) => item.value).filter(isJsonObject);
    // "[2024-01-02 03:04:05] INFO …" starts like an array: text that breaks at once is no JSON, nor is
    // a bracketed word with text after it on its line ("[4018] 14 Nov 07:01:22.119 * …": Redis 2).
    if (records.length === 0)
      return broken || BRACKET_THEN_TEXT.test(firstLine)
        ? undefined
        : { format: undefined, reason: 'A JSON array whose first elements are not objects: no records to import' };
    return recordsDetection(records, 'array', '', `A JSON array of records (${records.length} sampled)`);
  }
  const tops = sample(start, complete, { paths: ['$'], concatenated: true });
  if (tops.values.length === 0 && tops.broken) return undefined;
  const objects = tops.values.map((item) => item.value).filter(isJsonObject);
  if (objects.length > 1)
    return chooseJsonFields(objects).mapping.startTime === undefined
      ? (documentsRecords(objects, 'values') ??
          recordsDetection(objects, 'values', '', `JSON objects one after another (${objects.length} sampled)`))
      : recordsDetection(objects, 'values', '', `JSON objects one after another (${objects.length} sampled)`);
  // One document: the shallowest array whose objects read as records (with a time) holds them, else the
  // shallowest array of objects, unless the document itself reads as one record and those objects do not
  // (a record with a list inside). Arrays inside arrays count ("conversations.*.MessageList": Skype).
  const [key, records] = documentRecords(start, complete) ?? [];
  const single = objects[0];
  const oneRecord = single !== undefined && chooseJsonFields([single]).mapping.startTime !== undefined;
  if (
    key !== undefined &&
    records !== undefined &&
    !(oneRecord && chooseJsonFields(records).mapping.startTime === undefined)
  ) {
    return recordsDetection(
      records,
      'array',
      key,
      `A JSON document whose "${key}" array holds the records (${records.length} sampled)`,
    );
  }
  if (single === undefined) {
    return {
      format: undefined,
      reason: `A JSON document with no array of records, and its first object does not end in the first 64 KiB${fileName === '' ? '' : ` of ${fileName}`}`,
    };
  }
  return recordsDetection([single], 'values', '', 'One JSON object, read as one record');
}

/** Key=value lines (logfmt, firewall kv logs), read as records of string fields, or undefined. */
export function detectLogfmt(text: string, complete: boolean): JsonDetection | undefined {
  const lines = sampleLines(text, complete, MAX_SAMPLES).map((line) => line.text);
  if (!looksLikeLogfmt(lines)) return undefined;
  const records = lines.map(readLogfmt).filter((record) => record !== undefined);
  const events = mergedAuditEvents(records);
  // A raw auditd log is named as such: "key=value lines" says nothing to an analyst holding audit.log.
  const audit = records.filter((record) => typeof record['serial'] === 'string' && 'type' in record).length;
  const what =
    audit >= 0.8 * records.length
      ? `Linux audit log (auditd): ${audit} of ${lines.length} sampled lines are audit records ("type=… msg=audit(time:serial)"), ${events.length} events once the records of one event (the same serial) are merged`
      : `Key=value lines (logfmt): ${records.length} of ${lines.length} sampled lines are key=value pairs`;
  return recordsDetection(events, 'logfmt', '', what);
}

/**
 * Documents one after another (on their lines or not) with no time of their own, each holding timed
 * records in an array: an OpenTelemetry collector's file exporter (a {"resourceLogs": …} request per
 * line), CloudWatch Logs subscription payloads as Firehose delivers them ({"logEvents": […]} …). The
 * documents are the ones the sample already parsed: their arrays are looked for without parsing again.
 */
function documentsRecords(documents: readonly JsonObject[], container: 'lines' | 'values'): JsonDetection | undefined {
  const candidates = objectArrays(documents);
  let chosen = candidates.find(timedRecords);
  for (const inner of candidates.filter(timedRecords))
    if (chosen !== undefined && inner[0].startsWith(`${chosen[0]}.*.`) && inner[1].length > chosen[1].length)
      chosen = inner;
  if (chosen === undefined) return undefined;
  const key = chosen[0];
  // The records with the fields around them, as the parser reads them.
  const records = documents
    .flatMap((document) => wrappedRecords(document, key) ?? [])
    .filter(isJsonObject)
    .slice(0, MAX_SAMPLES);
  return recordsDetection(
    records,
    container,
    key,
    `JSON documents one ${container === 'lines' ? 'per line' : 'after another'}, each holding records in its "${key}" array (${records.length} sampled)`,
  );
}

/** The arrays of objects within the documents, five keys deep at most, by dotted path ("*" for an array on the way), shallowest first. */
function objectArrays(documents: readonly JsonObject[]): [string, JsonObject[]][] {
  const byKey = new Map<string, JsonObject[]>();
  const walk = (value: JsonValue, keys: readonly string[]): void => {
    if (keys.length > 5) return;
    if (Array.isArray(value)) {
      const objects = value.filter(isJsonObject);
      const key = keys.join('.');
      if (objects.length > 0) byKey.set(key, [...(byKey.get(key) ?? []), ...objects].slice(0, MAX_SAMPLES));
      for (const element of value) walk(element, [...keys, '*']);
    } else if (isJsonObject(value)) for (const [key, field] of Object.entries(value)) walk(field, [...keys, key]);
  };
  for (const document of documents) for (const [key, field] of Object.entries(document)) walk(field, [key]);
  return [...byKey].sort((a, b) => a[0].split('.').length - b[0].split('.').length || b[1].length - a[1].length);
}

const timedRecords = (found: readonly [string, JsonObject[]] | undefined) =>
  found !== undefined && chooseJsonFields(found[1]).mapping.startTime !== undefined;

/**
 * The shallowest array of a document whose objects have a time, else its shallowest array of objects.
 * An array inside those objects wins when its objects have a time too and outnumber them: a chat's
 * conversations, each dated by its last message, hold the messages (Skype, Hangouts).
 */
function documentRecords(text: string, complete: boolean): [string, JsonObject[]] | undefined {
  // Six deep: an OpenTelemetry (OTLP/JSON) export's resourceLogs.*.scopeLogs.*.logRecords.
  const arrays = ['$.*.*', '$.*.*.*', '$.*.*.*.*', '$.*.*.*.*.*.*']
    .map((selector) => recordArrays(text, complete, selector))
    .filter((found) => found !== undefined);
  const timed = arrays.filter(timedRecords);
  let chosen = timed[0];
  for (const inner of timed.slice(1))
    if (chosen !== undefined && inner[0].startsWith(`${chosen[0]}.*.`) && inner[1].length > chosen[1].length)
      chosen = inner;
  return chosen ?? arrays[0];
}

/**
 * The dotted key path of the array (at the selector's depth) holding the most objects, with them; an
 * array on the way stands as "*" (every element's array).
 */
function recordArrays(text: string, complete: boolean, selector: string): [string, JsonObject[]] | undefined {
  const byKey = new Map<string, JsonObject[]>();
  for (const item of sample(text, complete, { paths: [selector] }).values) {
    const keys = item.path.slice(0, -1);
    if (typeof item.path.at(-1) !== 'number' || typeof keys[0] !== 'string' || !isJsonObject(item.value)) continue;
    const key = keys.map((step) => (typeof step === 'number' ? '*' : step)).join('.');
    byKey.set(key, [...(byKey.get(key) ?? []), item.value]);
  }
  return [...byKey].sort((a, b) => b[1].length - a[1].length)[0];
}

function detectCri(lines: readonly string[]): JsonDetection {
  const filled = lines.filter((line) => line.trim() !== '').slice(0, MAX_SAMPLES);
  const records: JsonObject[] = [];
  for (const line of filled) {
    const match = CRI_LINE.exec(line.replace(/\r$/, ''));
    if (match !== null)
      records.push({ time: match[1] ?? '', stream: match[2] ?? '', tag: match[3] ?? '', log: match[4] ?? '' });
  }
  return recordsDetection(
    records,
    'cri',
    '',
    `Kubernetes CRI log lines: ${records.length} of ${filled.length} sampled lines are "<time> <stream> <P|F> <message>"`,
  );
}

function recordsDetection(
  raw: readonly JsonObject[],
  container: JsonContainer,
  recordsPath: string,
  what: string,
): JsonDetection {
  const records = raw.map((record) => withEmbeddedJson(record)).filter(isJsonObject);
  const choice = chooseJsonFields(records);
  const { startTime, ...rest } = choice.mapping;
  const settings: JsonLinesImportSettings | undefined =
    startTime === undefined
      ? undefined
      : {
          format: 'jsonl',
          fields: { startTime, ...rest },
          numericUnit: choice.numericUnit,
          timeZone: 'UTC',
          container,
          ...(recordsPath === '' ? {} : { recordsPath }),
        };
  return {
    format: 'jsonl',
    reason: `${what}; ${choice.reasons.join('; ')}${choice.zoned ? '' : '; the times carry no offset: read in the chosen time zone'}`,
    fields: choice.paths,
    mapping: choice.mapping,
    numericUnit: choice.numericUnit === 'microseconds' ? 'microseconds' : 'seconds',
    settings,
    zoneless: !choice.zoned,
  };
}

interface SampleOptions {
  readonly paths: readonly string[];
  readonly concatenated?: boolean;
}

/** The complete values at `paths` within the sample text (a cut at its end is expected), and whether the JSON broke. */
function sample(text: string, complete: boolean, options: SampleOptions): { values: DocumentValue[]; broken: boolean } {
  const reader = documentReader({ ...options, maxValueBytes: Number.MAX_SAFE_INTEGER, what: 'record' });
  try {
    const items = [...reader.feed(text), ...(complete ? reader.finish() : [])];
    const values = items.filter((item: DocumentItem): item is DocumentValue => 'value' in item).slice(0, MAX_SAMPLES);
    return { values, broken: items.some((item) => 'error' in item && item.error.startsWith('not valid JSON')) };
  } catch {
    return { values: [], broken: true };
  }
}

function parseOrUndefined(line: string): JsonValue | undefined {
  try {
    return JSON.parse(line) as JsonValue;
  } catch {
    return undefined;
  }
}

function isTimesketch(keys: readonly string[]): boolean {
  const names = new Set(keys.map(normalizeName));
  return names.has('message') && names.has('timestampdesc') && (names.has('datetime') || names.has('timestamp'));
}
