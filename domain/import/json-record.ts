/*
 * One JSON record (a line, an array element, a CRI line) to an ImportRecord by a field mapping of
 * dotted paths. A string field that holds a JSON object (CloudTrail lookup-events' CloudTrailEvent,
 * a JSON message in a CRI line) is read as that object, so its fields are reachable by path.
 */
import type { ZoneId } from '@js-joda/core';
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { isKubernetesAuditEvent, kubernetesAuditMessage } from './k8s-audit-message.ts';
import { isJsonObject, jsonText } from './json-lines.ts';
import type { JsonLinesSettings } from './json-lines-settings.ts';
import { jsonTimeMicros, jsonTimeReason } from './json-time.ts';
import { shorten } from './parse-event-time.ts';
import { htmlText, markedAsHtml } from './html-text.ts';
import { countNoun } from '../count-noun.ts';
import { dnsQueryMessage } from './json-dns-message.ts';
import { httpRequestMessage } from './json-http-message.ts';
import { windowsEventJsonMessage } from './windows-event-json.ts';

// Terminal escapes: OSC titles (ESC ] … BEL or ESC \), CSI sequences (colours, cursor) and lone ESC pairs.
// eslint-disable-next-line no-control-regex
const TERMINAL_ESCAPES = /\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[@-_]/g;
const SUMMARY_FIELDS = 6;

/** The record with every string that holds a whole JSON object or array replaced by it, at any depth (the same value when none does). */
export function withEmbeddedJson(value: JsonValue): JsonValue {
  if (typeof value === 'string') {
    const first = value.charCodeAt(0);
    // Only '{' or '[' (after spaces) can open embedded JSON; most strings stop here.
    if (first !== 0x7b && first !== 0x5b && first !== 0x20 && first !== 0x09) return value;
    const text = value.trim();
    if ((text.startsWith('{') && text.endsWith('}')) || (text.startsWith('[') && text.endsWith(']'))) {
      try {
        return withEmbeddedJson(JSON.parse(text) as JsonValue);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map(withEmbeddedJson);
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (isJsonObject(value)) {
    let out: Record<string, JsonValue> | undefined;
    for (const key in value) {
      const field = value[key] as JsonValue;
      const expanded = withEmbeddedJson(field);
      if (expanded !== field) {
        out ??= { ...value };
        out[key] = expanded;
      }
    }
    return out ?? value;
  }
  return value;
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

/** Display text with terminal escapes removed and the trailing line end a log line carries dropped. */
export function readableText(text: string): string {
  const stripped = text.includes('\u001b') ? text.replace(TERMINAL_ESCAPES, '') : text;
  const last = stripped.charCodeAt(stripped.length - 1);
  return last === 10 || last === 13 ? stripped.replace(/[\r\n]+$/, '') : stripped;
}

export function jsonRecord(
  raw: JsonValue,
  line: number,
  settings: JsonLinesSettings,
  zone: ZoneId,
): ImportRecord | InvalidRow {
  if (!isJsonObject(raw))
    return {
      line,
      reason: `the record is ${Array.isArray(raw) ? 'an array' : `'${shorten(jsonText(raw))}'`}, not a JSON object`,
    };
  const expanded = withEmbeddedJson(raw);
  const value = isJsonObject(expanded) ? expanded : raw;
  const { fields, numericUnit } = settings;
  const time = (path: string): number | string => {
    const field = valueAt(value, path);
    return jsonTimeMicros(field, zone, numericUnit) ?? jsonTimeReason(path, field);
  };
  const startMicros = time(fields.startTime);
  if (typeof startMicros === 'string') return { line, reason: startMicros };
  let endMicros = startMicros;
  if (fields.endTime !== undefined && valueAt(value, fields.endTime) !== undefined) {
    const end = time(fields.endTime);
    if (typeof end === 'string') return { line, reason: end };
    if (end < startMicros)
      return { line, reason: `"${fields.endTime}" is before the start time "${fields.startTime}"` };
    endMicros = end;
  }
  const messageValue =
    fields.message === undefined
      ? undefined
      : fields.message === '@mt'
        ? clefMessage(value)
        : valueAt(value, fields.message);
  const holder = fields.message?.includes('.') ? valueAt(value, fields.message.replace(/\.[^.]*$/, '')) : value;
  const rawMessage = markedAsHtml(holder) ? htmlText(messageText(messageValue)) : messageText(messageValue);
  // An empty message (a chat's service line, a log line with no text) shows the record's fields instead.
  // Kubernetes audit events name only their verb: the verb with its object and answer says what happened.
  const audit =
    (fields.message === undefined || fields.message === 'verb') && isKubernetesAuditEvent(value)
      ? kubernetesAuditMessage(value)
      : undefined;
  // An .evtx event as JSON: its ID alone (a "#text" the field choice may take) says as little as a verb.
  const windowsEvent =
    fields.message === undefined || fields.message.startsWith('Event.System.')
      ? windowsEventJsonMessage(value)
      : undefined;
  const named = namedSection(value, rawMessage);
  const message =
    audit ??
    windowsEvent ??
    named ??
    (rawMessage.trim() !== ''
      ? utf8OfLatin1(readableText(rawMessage))
      : ((fields.message === undefined ? (httpRequestMessage(value) ?? dnsQueryMessage(value)) : undefined) ??
        payloadMessage(value) ??
        summaryOf(value, fields)));
  // A mapped top-level field leaves extra, unless its text was changed for display (the raw stays).
  const exact = typeof messageValue === 'string' && message === messageValue;
  const mapped = new Set([fields.startTime, fields.endTime, fields.actor, ...(exact ? [fields.message] : [])]);
  const extra: Record<string, JsonValue> = {};
  for (const [key, field] of Object.entries(value)) if (!mapped.has(key)) extra[key] = field;
  return {
    line,
    startMicros,
    endMicros,
    actor: actorText(fields.actor === undefined ? undefined : valueAt(value, fields.actor)),
    message,
    extra,
  };
}

/** The actor's text; "-", an access log's "no value", is none. */
function actorText(value: JsonValue | undefined): string {
  if (value === undefined) return '';
  const text = jsonText(value).trim();
  return text === '-' ? '' : utf8OfLatin1(text);
}

/**
 * Serilog's compact JSON (CLEF) keeps the message as a template, "User {UserId} logged in": its rendered
 * text ("@m") when the record has it, else the template with each {Name} (also {@Name}, {$Name},
 * {Name:format}, {Name,width}) replaced by that property; a hole with no property stays as written.
 */
function clefMessage(record: { [key: string]: JsonValue }): JsonValue | undefined {
  const rendered = record['@m'];
  if (typeof rendered === 'string') return rendered;
  const template = record['@mt'];
  if (typeof template !== 'string') return template;
  return template.replace(/\{\{|\}\}|\{[@$]?([^{}:,]+)(?:[,:][^{}]*)?\}/g, (hole, name: string | undefined) => {
    if (hole === '{{') return '{';
    if (hole === '}}') return '}';
    const property = name === undefined ? undefined : record[name];
    return property === undefined ? hole : jsonText(property);
  });
}

// A UTF-8 lead byte (C2-F4) then a continuation byte (80-BF), both read as Latin-1 characters.
const LATIN1_UTF8 = /[\u00c2-\u00f4][\u0080-\u00bf]/;
// eslint-disable-next-line no-control-regex
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Facebook's and Instagram's JSON exports write each UTF-8 byte of a text as its own \u00XX escape, so
 * "Café" arrives as "CafÃ©" and an emoji as four Latin-1 letters. A text that only holds Latin-1
 * characters, has such a pair and reads as valid UTF-8 when its characters are taken as bytes is
 * that UTF-8; any other text (real Latin-1 rarely forms valid multi-byte sequences) stays as it is.
 */
function utf8OfLatin1(text: string): string {
  if (!LATIN1_UTF8.test(text) || BEYOND_LATIN1.test(text)) return text;
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return text;
  }
}

/** journald writes a field that is not valid UTF-8 as an array of its bytes: that text, else undefined. */
export function bytesText(value: JsonValue | undefined): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const bytes: number[] = [];
  for (const byte of value) {
    if (typeof byte !== 'number' || !Number.isInteger(byte) || byte < 0 || byte > 255) return undefined;
    bytes.push(byte);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/**
 * Chat exports write formatted text as an array of plain strings and {"type", "text"} pieces (Telegram's
 * bold, links, mentions): the pieces' text joined, else undefined.
 */
export function richText(value: JsonValue | undefined): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  let text = '';
  for (const piece of value) {
    if (typeof piece === 'string') text += piece;
    else if (isJsonObject(piece) && typeof piece['text'] === 'string') text += piece['text'];
    else return undefined;
  }
  return text;
}

/*
 * A message that only names the kind of a record whose details sit under that name (Suricata's EVE:
 * "event_type": "alert" beside an "alert" object; "dns" beside "dns") reads as the kind with those
 * details, text fields first: "alert: action=allowed signature=ET SCAN … category=…".
 */
function namedSection(value: { [key: string]: JsonValue }, kind: string): string | undefined {
  if (!/^[\w-]{1,30}$/.test(kind)) return undefined;
  const section = value[kind];
  if (!isJsonObject(section)) return undefined;
  const entries = Object.entries(section).filter(
    ([, field]) =>
      (typeof field === 'string' && field !== '') || typeof field === 'number' || typeof field === 'boolean',
  );
  entries.sort(([, a], [, b]) => Number(typeof a !== 'string') - Number(typeof b !== 'string'));
  const parts = entries.slice(0, SUMMARY_FIELDS).map(([key, field]) => `${key}=${shorten(String(field), 80)}`);
  return parts.length === 0 ? undefined : `${kind}: ${parts.join(' ')}`;
}

/** A message field's text; an object (a JSON log line inside a CRI or Docker line) gives its own message. */
function messageText(value: JsonValue | undefined): string {
  const bytes = bytesText(value) ?? richText(value);
  if (bytes !== undefined) return bytes;
  if (!isJsonObject(value)) return jsonText(value);
  const inner = ['message', 'msg', 'MESSAGE', 'log', 'text']
    .map((key) => value[key])
    .find((field) => typeof field === 'string');
  return typeof inner === 'string' ? inner : JSON.stringify(value);
}

/** A short `key=value` line of the record's first plain fields at any depth, when no message field is mapped. */
/**
 * A Google Cloud Logging entry carries one payload: an export mixes entries with "textPayload" and entries
 * with "jsonPayload", whose message field says what the text would; the field chosen is one of the two.
 */
function payloadMessage(value: { [key: string]: JsonValue }): string | undefined {
  const payload = value['jsonPayload'];
  const fields = isJsonObject(payload) ? [payload['message'], payload['msg'], payload['MESSAGE']] : [];
  const text = [value['textPayload'], ...fields].find((field) => typeof field === 'string' && field.trim() !== '');
  return typeof text === 'string' ? readableText(text) : undefined;
}

function summaryOf(value: { [key: string]: JsonValue }, fields: JsonLinesSettings['fields']): string {
  const skipped = new Set([fields.startTime, fields.endTime, fields.actor]);
  const parts: string[] = [];
  const walk = (object: { [key: string]: JsonValue }, prefix: string): void => {
    for (const [key, field] of Object.entries(object)) {
      if (parts.length === SUMMARY_FIELDS) return;
      const path = `${prefix}${key}`;
      if (isJsonObject(field)) walk(field, `${path}.`);
      else if (skipped.has(path) || field === null || field === '') continue;
      // A list of attachments (Messenger's photos, Slack's files) says how many; a list of words, which.
      else if (Array.isArray(field)) {
        if (field.length === 0) continue;
        // Text written as pieces (Hangouts' segment, Telegram's text_entities) is that text.
        const plain = field.every((item) => !isJsonObject(item) && !Array.isArray(item));
        const rich = plain ? undefined : richText(field);
        const shown = rich ?? (plain ? field.map(String).join(', ') : undefined);
        parts.push(`${key}=${shown === undefined ? countNoun(field.length, 'item') : shorten(shown, 80)}`);
      } else parts.push(`${key}=${shorten(String(field), 80)}`);
    }
  };
  walk(value, '');
  return parts.join(' ');
}
