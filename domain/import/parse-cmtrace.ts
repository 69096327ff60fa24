/*
 * Logs in the CMTrace format: Configuration Manager (SCCM) clients and servers, the Intune Management
 * Extension, Windows Update and other Microsoft agents. Each entry is
 *   <![LOG[message]LOG]!><time="19:33:19.766-330" date="11-28-2014" component="AppEnforce" context=""
 *   type="1" thread="8744" file="appprovider.cpp:1702">
 * with a message that may run over many lines. The time's suffix is the bias of Windows' time zone
 * information, in minutes: UTC = local time + bias; an entry without one is read in the chosen zone.
 * type 1 is information, 2 a warning, 3 an error. The component is the actor.
 */
import type { ZoneId } from '@js-joda/core';
import type { ImportRecord, InvalidRow, JsonValue, ParsedPiece } from './import-record.ts';
import { ImportError } from './import-error.ts';
import { civilTime, localMicros, offsetMicros } from './local-micros.ts';
import { shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';

export const CMTRACE_START = '<![LOG[';
const ENTRY_END =
  /\]LOG\]!><time="(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([+-]\d{1,4})?" date="(\d{1,2})-(\d{1,2})-(\d{4})" component="([^"]*)" context="([^"]*)" type="(\d*)" thread="(\d*)" file="([^"]*)">\s*$/;
const LEVELS: Readonly<Record<string, string>> = { '1': 'info', '2': 'warning', '3': 'error' };
const MAX_ENTRY_CHARS = 1 << 20;

interface Open {
  readonly line: number;
  text: string;
}

export async function* parseCmtrace(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<ParsedPiece> {
  let open: Open | undefined;
  let records = 0;
  for await (const lines of textLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      if (open !== undefined && open.text.length + raw.length > MAX_ENTRY_CHARS) {
        piece.invalid.push({ line: open.line, reason: `line ${open.line}: the entry runs past 1 MiB without its end` });
        open = undefined;
      }
      let last: string;
      if (open === undefined) {
        if (raw.trim() === '') continue;
        if (!raw.startsWith(CMTRACE_START)) {
          piece.invalid.push({
            line,
            reason: `line ${line}: "${shorten(raw)}" does not start a CMTrace entry (expected <![LOG[text]LOG]!><time=… date=… component=…>)`,
          });
          continue;
        }
        last = raw.slice(CMTRACE_START.length);
        open = { line, text: '' };
      } else last = raw;
      // The entry's end is on one line: only that line is searched, never the whole message again.
      const end = last.trimEnd().endsWith('">') ? ENTRY_END.exec(last) : null;
      if (end === null) {
        open.text += open.text === '' && open.line === line ? last : `\n${last}`;
        continue;
      }
      const before = last.slice(0, end.index);
      const message = open.line === line ? before : `${open.text}\n${before}`;
      const entry = cmtraceEntry(open.line, message, end, zone);
      if ('reason' in entry) piece.invalid.push(entry);
      else {
        piece.records.push(entry);
        records += 1;
      }
      open = undefined;
    }
    if (piece.records.length > 0 || piece.invalid.length > 0) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  if (open !== undefined)
    last.invalid.push({ line: open.line, reason: `line ${open.line}: the entry has no end (]LOG]!><time=…>)` });
  if (records === 0)
    throw new ImportError(
      'invalid-file',
      'No CMTrace entry of the file has a time (<![LOG[text]LOG]!><time=… date=…>)',
    );
  if (last.invalid.length > 0) yield last;
}

function cmtraceEntry(line: number, message: string, end: RegExpExecArray, zone: ZoneId): ImportRecord | InvalidRow {
  const [
    ,
    hour,
    minute,
    second,
    fraction,
    bias,
    month = '',
    day,
    year = '',
    component = '',
    context = '',
    type = '',
    thread = '',
    file = '',
  ] = end;
  const time = civilTime(Number(year), Number(month), day, hour, minute, second, fraction);
  // UTC = local + bias, so the local time's offset east of UTC is -bias.
  const micros = bias === undefined ? localMicros(time, zone) : offsetMicros(time, -Number(bias));
  if (micros === undefined)
    return {
      line,
      reason: `line ${line}, field "time": "${month}-${day ?? ''}-${year} ${hour ?? ''}:${minute ?? ''}:${second ?? ''}" is not a date`,
    };
  const extra: Record<string, JsonValue> = {};
  const level = LEVELS[type];
  if (level !== undefined) extra.level = level;
  if (thread !== '') extra.thread = thread;
  if (file !== '') extra.file = file;
  if (context !== '') extra.context = context;
  return { line, startMicros: micros, endMicros: micros, actor: component, message: message.trim(), extra };
}
