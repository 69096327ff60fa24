/*
 * A text log whose lines start with a time (nginx/Apache error logs, PostgreSQL, Java and Python
 * application logs): a line starting with the time starts an event, any other line continues the one
 * before it (stack traces). The level word near the start ("[error]", "ERROR", "[core:warn]") is kept,
 * and the session user a PostgreSQL prefix names before it is the actor (prefix-session.ts), else the client
 * an nginx or Apache error line names (error-log-client.ts).
 */
import { Instant, ZonedDateTime, type ZoneId } from '@js-joda/core';
import { ImportError } from './import-error.ts';
import type { ImportRecord, InvalidRow, ParsedPiece } from './import-record.ts';
import { shorten } from './parse-event-time.ts';
import type { SyslogSettings } from './syslog-settings.ts';
import { textLines } from './text-lines.ts';
import { clockPrefixReader, messageAfterTime, timePrefixReader } from './time-prefix.ts';
import { localMicros } from './local-micros.ts';
import { prefixSessionOf } from './prefix-session.ts';
import { speakerOf, startingName } from './speaker-prefix.ts';
import { errorLogClient } from './error-log-client.ts';
import { levelOf } from './log-level.ts';
import { isConversationHeader } from './detect-timestamped-lines.ts';

const MAX_MESSAGE_CHARS = 1 << 20;
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
  const read =
    prefix.timeOfDay === true
      ? clockLineReader(prefix, settings, zone)
      : timePrefixReader(prefix, zone, settings.dateOrder);
  const expected = prefix.bracketed
    ? 'a time in brackets first, e.g. "[Tue Jan 02 07:41:03 2024]"'
    : `a time first (the first ${prefix.words} word${prefix.words === 1 ? '' : 's'} of the line)`;
  if (prefix.timeOfDay === true && settings.startDate === undefined)
    throw new ImportError(
      'bad-settings',
      'The lines hold a time of day without a date: set the start date (the day of the first line)',
    );
  let pending: Pending | undefined;
  let records = 0;
  const speakers = settings.speakerPrefix === true ? new Set<string>() : undefined;
  const finish = (piece: ParsedPiece) => {
    if (pending === undefined) return;
    const spoken = speakers === undefined ? undefined : speakerRecord(pending, speakers);
    const session = prefixSessionOf(pending.message);
    const level = levelOf(pending.message) ?? session?.level;
    const record: ImportRecord = spoken ?? {
      line: pending.line,
      startMicros: pending.micros,
      endMicros: pending.micros,
      actor: session?.actor ?? errorLogClient(firstLine(pending.message)) ?? '',
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
      // Pidgin's first line names the conversation and its day (detection took the day from it).
      if (raw.trim() === '' || (line === 1 && isConversationHeader(raw))) continue;
      const split = read(raw);
      if (split !== undefined) {
        finish(piece);
        pending = { line, micros: split.micros, message: messageAfterTime(split.rest) };
      } else if (pending !== undefined && pending.message.length + raw.length < MAX_MESSAGE_CHARS) {
        // A time alone on its line (Oracle's alert log) is followed by its message.
        pending.message += pending.message === '' ? raw.trim() : `\n${raw.trimEnd()}`;
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

/** A message's first line: a stack trace after it names no client. */
function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return end === -1 ? message : message.slice(0, end);
}

// Names a chat's lines have given, for its state events ("Bob joined the room"); bounded for a huge room.
const MAX_SPEAKERS = 10_000;

/** A chat line's record: "Name: text" as actor and text, or a line starting with a known name as that actor's. */
function speakerRecord(pending: Pending, speakers: Set<string>): ImportRecord {
  const speaker = speakerOf(pending.message);
  if (speaker !== undefined && speakers.size < MAX_SPEAKERS) speakers.add(speaker.name);
  return {
    line: pending.line,
    startMicros: pending.micros,
    endMicros: pending.micros,
    actor: speaker?.name ?? startingName(pending.message, speakers) ?? '',
    message: speaker?.text ?? pending.message,
    extra: {},
  };
}

const DAY_MICROS = 86_400_000_000;

/**
 * Lines of a time of day alone, on settings.startDate: a time more than an hour before the line
 * before it is on the next day (a log running past midnight; an hour allows lines a thread wrote late).
 */
function clockLineReader(
  prefix: NonNullable<SyslogSettings['timePrefix']>,
  settings: SyslogSettings,
  zone: ZoneId,
): (line: string) => { micros: number; rest: string } | undefined {
  const readClock = clockPrefixReader(prefix);
  // A line with its whole date (Pidgin writes one when the day changes): the times of day after it are on its day.
  const readDated = timePrefixReader(prefix, zone, settings.dateOrder);
  let [year = 0, month = 0, day = 0] = (settings.startDate ?? '').split('-').map(Number);
  let days = 0;
  let last: number | undefined;
  return (line) => {
    const split = readClock(line);
    if (split === undefined) {
      const dated = readDated(line);
      if (dated === undefined) return undefined;
      const local = ZonedDateTime.ofInstant(Instant.ofEpochMilli(Math.floor(dated.micros / 1000)), zone);
      [year, month, day, days] = [local.year(), local.monthValue(), local.dayOfMonth(), 0];
      last = (local.hour() * 3600 + local.minute() * 60 + local.second()) * 1_000_000;
      return dated;
    }
    if (last !== undefined && split.clock < last - DAY_MICROS / 24) days += 1;
    last = split.clock;
    const date = new Date(Date.UTC(year, month - 1, day + days));
    const micros = localMicros(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: Math.floor(split.clock / 3_600_000_000),
        minute: Math.floor(split.clock / 60_000_000) % 60,
        second: Math.floor(split.clock / 1_000_000) % 60,
        fractionMicros: split.clock % 1_000_000,
      },
      zone,
    );
    return micros === undefined ? undefined : { micros, rest: split.rest };
  };
}
