/*
 * Key=value log lines (logfmt: Go's logrus and slog, Heroku; Fortinet and Sophos firewalls; Loki):
 * `time="2024-01-02T07:41:03Z" level=info msg="started" host=web-1`, read as a record of string fields
 * so the JSON family's field evidence and records apply unchanged. A syslog PRI ("<189>") before the
 * first key is dropped; a separate date= and time= (FortiGate) are joined as "datetime". Linux audit
 * records (`type=USER_LOGIN msg=audit(1709633472.345:1234): pid=… msg='op=login …'`) give their stamp as
 * "timestamp" (epoch seconds) and "serial", and a "message" of the type and what follows the stamp;
 * the records of one event are merged (audit-event.ts).
 */
import { addAuditUser, auditStamp, mergeAuditRecord, readableProctitle } from './audit-event.ts';
import type { JsonValue } from './import-record.ts';
import type { JsonLine } from './json-lines.ts';
import { shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';

type Fields = { [key: string]: JsonValue };

const PAIR = /([A-Za-z_][\w.@/-]*)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S*))/y;
const PRI = /^<\d{1,3}>/;
const AUDIT_STAMP = /^audit\((\d{9,11}(?:\.\d{1,6})?):(\d+)\):?$/;
const MIN_PAIRS = 3;
const GROUP_SEPARATOR = '\u001d';

/** The fields of one line, or undefined when it is not key=value pairs (at most one stray word). */
export function readLogfmt(line: string): Fields | undefined {
  const text = line.replace(PRI, '');
  // auditd's enriched format (log_format = ENRICHED) appends the names of ids after a GS character:
  // `… auid=1000 uid=0␝AUID="alice" UID="root"`; they are fields, and no part of the message.
  const separator = text.indexOf(GROUP_SEPARATOR);
  const fields: Fields = {};
  const pairs = readPairs(separator === -1 ? text : text.slice(0, separator), fields);
  // An audit record's stamp makes it one, however few its fields (EOE has none).
  if (pairs === undefined || (pairs < MIN_PAIRS && fields['serial'] === undefined)) return undefined;
  if (separator !== -1) readPairs(text.slice(separator + 1).replaceAll(GROUP_SEPARATOR, ' '), fields);
  if (fields['serial'] !== undefined) addAuditUser(fields);
  const { date, time } = fields;
  if (
    typeof date === 'string' &&
    typeof time === 'string' &&
    /^\d/.test(date) &&
    /^\d{1,2}:\d{2}/.test(time) &&
    fields['datetime'] === undefined
  ) {
    fields['datetime'] = `${date} ${time}`;
  }
  return fields;
}

/** Adds the pairs of `text` to `fields`: how many, or undefined past one stray word. */
function readPairs(text: string, fields: Fields): number | undefined {
  let pairs = 0;
  let strays = 0;
  let at = 0;
  while (at < text.length) {
    if (text[at] === ' ' || text[at] === '\t') {
      at += 1;
      continue;
    }
    PAIR.lastIndex = at;
    const match = PAIR.exec(text);
    // Kept apart: reading an audit record's inner msg='…' runs PAIR again.
    const end = PAIR.lastIndex;
    if (match !== null && (end === text.length || /\s/.test(text[end] ?? ''))) {
      const [, key = '', quoted, single, bare] = match;
      const audit = key === 'msg' && bare !== undefined ? AUDIT_STAMP.exec(bare) : null;
      if (audit !== null) {
        fields['timestamp'] = audit[1] ?? '';
        fields['serial'] = audit[2] ?? '';
        fields['message'] =
          `${typeof fields['type'] === 'string' ? `${fields['type']} ` : ''}${text.slice(end).trim()}`;
        pairs += 1;
        at = end;
        continue;
      }
      fields[key] =
        quoted !== undefined
          ? quoted.replace(/\\(.)/g, (_, escaped: string) =>
              escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped,
            )
          : (single ?? bare ?? '');
      // An audit record's msg='op=login acct="bob" exe=… res=success' (USER_* records) holds its own
      // pairs: the account, program, address and result an analyst looks for.
      if (single !== undefined && key === 'msg' && fields['serial'] !== undefined) {
        const inner: Fields = {};
        if ((readPairs(single, inner) ?? 0) > 0)
          for (const [name, value] of Object.entries(inner)) if (!(name in fields)) fields[name] = value;
      }
      pairs += 1;
      at = end;
      continue;
    }
    strays += 1;
    if (strays > 1) return undefined;
    const next = text.slice(at).search(/\s/);
    at = next === -1 ? text.length : at + next;
  }
  return pairs;
}

/** Whether most of the sample's lines are key=value records. */
export function looksLikeLogfmt(lines: readonly string[]): boolean {
  const filled = lines.filter((line) => line.trim() !== '');
  return (
    filled.length > 0 &&
    readLogfmt(filled[0] ?? '') !== undefined &&
    filled.filter((line) => readLogfmt(line) !== undefined).length >= filled.length * 0.8
  );
}

export async function* logfmtLines(text: AsyncIterable<string>): AsyncGenerator<JsonLine[]> {
  // The audit event being gathered: its first line, its stamp and the merged fields.
  let event: { line: number; stamp: string; value: Fields } | undefined;
  for await (const lines of textLines(text)) {
    const out: JsonLine[] = [];
    for (const { line, text: raw } of lines) {
      if (raw.trim() === '') continue;
      const value = readLogfmt(raw);
      const stamp = value === undefined ? undefined : auditStamp(value);
      if (value !== undefined && stamp !== undefined) {
        readableProctitle(value);
        if (event?.stamp === stamp && mergeAuditRecord(event.value, value)) continue;
        if (event !== undefined) out.push({ line: event.line, value: event.value });
        event = { line, stamp, value };
        continue;
      }
      if (event !== undefined) out.push({ line: event.line, value: event.value });
      event = undefined;
      out.push(
        value === undefined
          ? { line, error: `'${shorten(raw)}' is not key=value pairs (expected e.g. time="…" level=info msg="…")` }
          : { line, value },
      );
    }
    if (out.length > 0) yield out;
  }
  if (event !== undefined) yield [{ line: event.line, value: event.value }];
}
