/*
 * A text log whose lines start with a time (nginx/Apache error logs, PostgreSQL, Java and Python
 * application logs): a line starting with the time starts an event, any other line continues the one
 * before it (stack traces). The level word near the start ("[error]", "ERROR", "[core:warn]") is kept.
 */
import type { ZoneId } from '@js-joda/core';
import { ImportError } from './import-error.ts';
import type { ImportRecord, InvalidRow, ParsedPiece } from './import-record.ts';
import { shorten } from './parse-event-time.ts';
import type { SyslogSettings } from './syslog-settings.ts';
import { textLines } from './text-lines.ts';
import { messageAfterTime, timePrefixReader } from './time-prefix.ts';

const MAX_MESSAGE_CHARS = 1 << 20;
const LEVEL =
  /^\[?(?:[\w.-]+:)?(emerg|emergency|alert|crit|critical|fatal|severe|err|error|warn|warning|notice|info|information|debug|trace|fine|finer|finest|verbose)\]?:?$/i;

/** The level among the first few words of a line's text, lower-cased, if one is there. */
export function levelOf(message: string): string | undefined {
  for (const word of message.split(/\s+/, 4)) {
    const level = LEVEL.exec(word)?.[1];
    if (level !== undefined) return level.toLowerCase();
  }
  return undefined;
}

interface Pending {
  readonly line: number;
  readonly micros: number;
  message: string;
}

export async function* parseTimestampedLines(
  text: AsyncIterable<string>,
  settings: SyslogSettings,
  zone: ZoneId,
): AsyncGenerator<ParsedPiece> {
  const prefix = settings.timePrefix ?? { bracketed: false, words: 2 };
  const read = timePrefixReader(prefix, zone, settings.dateOrder);
  const expected = prefix.bracketed
    ? 'a time in brackets first, e.g. "[Tue Jan 02 07:41:03 2024]"'
    : `a time first (the first ${prefix.words} word${prefix.words === 1 ? '' : 's'} of the line)`;
  let pending: Pending | undefined;
  let records = 0;
  const finish = (piece: ParsedPiece) => {
    if (pending === undefined) return;
    const level = levelOf(pending.message);
    const record: ImportRecord = {
      line: pending.line,
      startMicros: pending.micros,
      endMicros: pending.micros,
      actor: '',
      message: pending.message,
      extra: level === undefined ? {} : { level },
    };
    piece.records.push(record);
    records += 1;
    pending = undefined;
  };
  for await (const lines of textLines(text)) {
    const piece: { records: ImportRecord[]; invalid: InvalidRow[] } = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      if (raw.trim() === '') continue;
      const split = read(raw);
      if (split !== undefined) {
        finish(piece);
        pending = { line, micros: split.micros, message: messageAfterTime(split.rest) };
      } else if (pending !== undefined && pending.message.length + raw.length < MAX_MESSAGE_CHARS) {
        pending.message += `\n${raw.trimEnd()}`;
      } else {
        piece.invalid.push({
          line,
          reason: `line ${line}: "${shorten(raw)}" does not start with a time (expected ${expected})`,
        });
      }
    }
    if (piece.records.length > 0 || piece.invalid.length > 0) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  finish(last);
  if (records === 0)
    throw new ImportError('invalid-file', `No line of the file starts with a time (expected ${expected})`);
  if (last.records.length > 0) yield last;
}
