/*
 * IRC logs of the common clients, line by line: XChat/HexChat (`dec 31 21:11:55 <nick> text`, the
 * year from the `**** BEGIN LOGGING AT` session line, rolled over at year ends), HexChat scrollback
 * (`T <epoch> ...`), irssi (`21:12 < nick> text` under `--- Log opened` and `--- Day changed`),
 * weechat (`2011-12-31 21:11:55<TAB>nick<TAB>text`), ZNC and mIRC (`[21:11:55] <nick> text`), and
 * Zoom's saved meeting chat (`10:02:15 From  Ana  to  Everyone:` with the text on the indented lines
 * after it; older versions `10:02:15<TAB> From  Ana : text`), whose times of day need the start date, and
 * LINE's exported chat history (a line per day, then `15:04<TAB>Ana<TAB>text`, a text of several lines
 * quoted with its lines following unmarked), and Chatterino's Twitch logs (`[12:00:01]  nick: text` under
 * `# Start logging at 2024-03-05 12:00:00 …`).
 */
import { parseSigtopText } from './parse-sigtop-text.ts';
import { parseTelegramHtml } from './parse-telegram-html.ts';
import type { ZoneId } from '@js-joda/core';
import type { IrcSettings } from './chat-settings.ts';
import { monthNumber, wallMicros } from './chat-time.ts';
import { MONTH_ABBREVIATIONS as MONTH_NAMES } from '../time/month-abbreviations.ts';
import type { ImportRecord, InvalidRow, ParsedPiece, ParseReport } from './import-record.ts';
import { ircLineBody, withoutFormatting } from './irc-line-body.ts';
import { parseChatBlocks } from './parse-chat-blocks.ts';
import {
  CHATTERINO_SESSION,
  COLON_NICK,
  DATED_IRC,
  IRSSI_DAY,
  IRSSI_SESSION,
  LINE_DAY,
  LINE_DAY_US,
  LINE_HEADER,
  LINE_MESSAGE,
  MIRC_IDENT,
  MIRC_SESSION,
  MONTH_DAY,
  SCROLLBACK,
  TIME_ONLY,
  WEECHAT,
  XCHAT_SESSION,
  ZOOM_OLD,
  ZOOM_TO,
} from './irc-line-shapes.ts';
import { loadZone, shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';
import { createTimestampReader, type TimestampReader } from '../time/read-timestamp.ts';

/** An event still being read (a Zoom message's text comes on the lines after its time). */
type OpenRecord = { -readonly [K in keyof ImportRecord]: ImportRecord[K] };

const DAY_MICROS = 86_400_000_000;
// As the syslog reader's: a message continued past this is no chat message; its further lines are reported.
const MAX_MESSAGE_CHARS = 1 << 20;

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export async function* parseIrc(
  text: AsyncIterable<string>,
  settings: IrcSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  if (settings.layout === 'sigtop-txt') return yield* parseSigtopText(text);
  const zone = await loadZone(settings.timeZone);
  if (settings.layout === 'telegram-html') return yield* parseTelegramHtml(text, zone);
  if (settings.layout === 'discord-txt' || settings.layout === 'imessage-txt') {
    yield* parseChatBlocks(text, settings, zone);
    return;
  }
  const reader = new IrcReader(zone, settings.startDate);
  for await (const lines of textLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      const result = reader.read(line, withoutFormatting(raw));
      piece.records.push(...reader.finished.splice(0));
      if (result === undefined) continue;
      if ('reason' in result) piece.invalid.push(result);
      else piece.records.push(result);
    }
    yield piece;
  }
  const last = reader.end();
  if (last !== undefined) yield { records: [last], invalid: [] };
  if (reader.usedStartDate)
    report.notes.push(`Lines with a time but no date were read as from ${settings.startDate ?? ''} on`);
}

class IrcReader {
  /** The day time-only lines belong to; also the year month-day lines take, rolled over at year ends. */
  private day: Day | undefined;
  /** Whether `day` is still the start date of the settings, not one the log wrote. */
  private dayFromSettings = false;
  usedStartDate = false;
  /** A Zoom message whose text may go on in the indented lines after it. */
  private zoom: OpenRecord | undefined;
  /** Days a Zoom chat has run past midnight (a time of day far before the one before it). */
  private zoomDays = 0;
  private zoomLast: number | undefined;
  /** The last Zoom line was refused: the indented text after it goes with it. */
  private zoomRefused = false;
  /** The open message is LINE's: the lines after it that start no message or day are its text. */
  private openUnmarked = false;
  /** A Chatterino session line was read: "nick: text" after a time names its sender. */
  private colonNicks = false;
  /** Zoom messages completed by the line just read, to emit before that line's own result. */
  readonly finished: ImportRecord[] = [];
  private readonly readDated: TimestampReader;

  constructor(
    private readonly zone: ZoneId,
    startDate: string | undefined,
  ) {
    this.readDated = createTimestampReader({ zone, numericUnit: 'auto', dateOrder: 'ymd' });
    if (startDate !== undefined) {
      const [year = 0, month = 0, day = 0] = startDate.split('-').map(Number);
      this.day = { year, month, day };
      this.dayFromSettings = true;
    }
  }

  read(line: number, raw: string): ImportRecord | InvalidRow | undefined {
    const text = raw.trimStart();
    if (text.trim() === '') return undefined;
    if (/^\s/.test(raw) && (this.zoom !== undefined || this.zoomRefused)) {
      if (this.zoom === undefined) return undefined;
      if (this.zoom.message.length + text.length > MAX_MESSAGE_CHARS) return tooLong(line);
      this.zoom.message = this.zoom.message === '' ? text.trimEnd() : `${this.zoom.message}\n${text.trimEnd()}`;
      return undefined;
    }
    const lineDay = LINE_DAY.exec(text) ?? LINE_DAY_US.exec(text);
    const lineMessage = LINE_MESSAGE.exec(text);
    if (this.zoom !== undefined && this.openUnmarked && lineDay === null && lineMessage === null) {
      if (this.zoom.message.length + raw.length > MAX_MESSAGE_CHARS) return tooLong(line);
      this.zoom.message = `${this.zoom.message}\n${raw.trimEnd()}`;
      return undefined;
    }
    const open = this.end();
    if (open !== undefined) this.finished.push(open);
    this.zoomRefused = false;
    if (LINE_HEADER.test(text)) return undefined;
    if (lineDay !== null) {
      const [, first = '', second = '', third = ''] = lineDay;
      const us = lineDay.length === 4 && !/^\d{4}$/.test(first);
      this.setDay(
        us
          ? { year: Number(third), month: Number(first), day: Number(second) }
          : { year: Number(first), month: Number(second), day: Number(third) },
      );
      return undefined;
    }
    if (lineMessage !== null) return this.lineMessage(line, lineMessage);
    const session = this.session(line, text);
    if (session !== undefined) return session ?? undefined;
    const scrollback = SCROLLBACK.exec(text);
    if (scrollback !== null) {
      const micros = Number(scrollback[1]) * 1_000_000;
      // The line as the client showed it: 'T 1232315916 Python interface unloaded' names no nick.
      return this.record(line, micros, scrollback[2] ?? '');
    }
    const weechat = WEECHAT.exec(text);
    if (weechat !== null) {
      const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = weechat.slice(1, 7).map(Number);
      const micros = wallMicros({ year, month, day, hour, minute, second }, this.zone);
      if (micros === undefined)
        return {
          line,
          reason: `${quote(text.slice(0, 19))} is not a date and time (expected year-month-day hour:minute:second)`,
        };
      this.setDay({ year, month, day });
      return this.record(line, micros, weechat[7] ?? '');
    }
    const dated = DATED_IRC.exec(text);
    if (dated !== null && dated[1] === (dated[3] === ']' ? '[' : '')) return this.datedLine(line, text, dated);
    const monthDay = MONTH_DAY.exec(text);
    if (monthDay !== null && monthNumber(monthDay[1] ?? '') !== undefined) return this.monthDayLine(line, monthDay);
    const zoom = ZOOM_TO.exec(text) ?? ZOOM_OLD.exec(text);
    if (zoom !== null) return this.zoomLine(line, zoom);
    const timeOnly = TIME_ONLY.exec(text);
    if (timeOnly !== null) return this.timeOnlyLine(line, text, timeOnly);
    return { line, reason: `${quote(text)} is not an IRC log line (expected a time, then a nick or status text)` };
  }

  /** A session or day line's event; null for one that only sets the date; undefined for any other line. */
  private session(line: number, text: string): ImportRecord | InvalidRow | null | undefined {
    const xchat = XCHAT_SESSION.exec(text);
    if (xchat !== null) return this.sessionLine(line, xchat[1] ?? '', xchat.slice(2), text);
    const irssi = IRSSI_SESSION.exec(text);
    if (irssi !== null) {
      const [, label = '', month = '', day = '', hour = '', minute = '', second = '00', year = ''] = irssi;
      return this.sessionLine(line, label, [month, day, hour, minute, second, year], text);
    }
    const mirc = MIRC_SESSION.exec(text);
    if (mirc !== null) {
      const kind = mirc[1];
      const record = this.sessionLine(line, `Session ${kind ?? ''}`, mirc.slice(2), text);
      return kind === 'Time' && !('reason' in record) ? null : record;
    }
    if (MIRC_IDENT.test(text)) return null;
    const chatterino = CHATTERINO_SESSION.exec(text);
    if (chatterino !== null) {
      const [, kind = '', year = '', month = '', day = '', hour = '', minute = '', second = ''] = chatterino;
      this.colonNicks = true;
      const monthName = MONTH_NAMES[Number(month) - 1] ?? '';
      return this.sessionLine(line, `${kind} logging`, [monthName, day, hour, minute, second, year], text);
    }
    const dayChange = IRSSI_DAY.exec(text);
    if (dayChange !== null) {
      const [, monthName = '', day = '', year = ''] = dayChange;
      const month = monthNumber(monthName);
      if (month === undefined) return { line, reason: `${quote(monthName)} is not a month name` };
      this.setDay({ year: Number(year), month, day: Number(day) });
      return null;
    }
    return undefined;
  }

  /** A session line: its date becomes the current day; the line itself is an event of the log. */
  private sessionLine(
    line: number,
    label: string,
    [monthName = '', day = '', hour = '', minute = '', second = '', year = '']: string[],
    text: string,
  ): ImportRecord | InvalidRow {
    const month = monthNumber(monthName);
    const time = {
      year: Number(year),
      month: month ?? 0,
      day: Number(day),
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second),
    };
    const micros = month === undefined ? undefined : wallMicros(time, this.zone);
    if (micros === undefined)
      return {
        line,
        reason: `${quote(text)} is not a session line with a valid date (expected weekday, month, day, time and year)`,
      };
    this.setDay(time);
    return {
      line,
      startMicros: micros,
      endMicros: micros,
      actor: '',
      message: text.replace(/^(?:\*{4}|---|#) /, ''),
      extra: { kind: 'session', label },
    };
  }

  /** A line with its own date: a UTC offset written with it is read as written, else the chosen zone. */
  private datedLine(line: number, text: string, match: RegExpExecArray): ImportRecord | InvalidRow {
    const micros = this.readDated(match[2] ?? '');
    if (micros === undefined)
      return { line, reason: `${quote(match[2] ?? '')} is not a date and time (expected year-month-day hour:minute)` };
    return this.record(line, micros, text.slice(match[0].length));
  }

  private monthDayLine(line: number, match: RegExpExecArray): ImportRecord | InvalidRow {
    const [, monthName = '', dayText = '', clock = '', rest = ''] = match;
    const month = monthNumber(monthName) ?? 0;
    const [hour = 0, minute = 0, second = 0] = clock.split(':').map(Number);
    const year = this.yearFor(month);
    if (year === undefined)
      return { line, reason: 'the line has no year and no session line before it gives one: set the start date' };
    const micros = wallMicros({ year, month, day: Number(dayText), hour, minute, second }, this.zone);
    if (micros === undefined)
      return {
        line,
        reason: `${quote(`${monthName} ${dayText} ${clock}`)} is not a date and time (expected month day hour:minute:second, hours 0-23)`,
      };
    this.setDay({ year, month, day: Number(dayText) });
    return this.record(line, micros, rest);
  }

  /** The current year, plus one when the month went back (December's log running into January). */
  private yearFor(month: number): number | undefined {
    if (this.day === undefined) return undefined;
    if (month >= this.day.month) return this.day.year;
    return this.day.year + 1;
  }

  private timeOnlyLine(line: number, text: string, match: RegExpExecArray): ImportRecord | InvalidRow {
    const [whole, open, hour = '', minute = '', second = '0', close] = match;
    if (open !== (close === ']' ? '[' : ''))
      return { line, reason: `${quote(text)} is not an IRC log line (a time in brackets is missing a bracket)` };
    const day = this.day;
    if (day === undefined)
      return {
        line,
        reason: 'the line has a time but no date, and no session line before it gives one: set the start date',
      };
    const micros = wallMicros(
      { ...day, hour: Number(hour), minute: Number(minute), second: Number(second) },
      this.zone,
    );
    if (micros === undefined)
      return { line, reason: `${quote(whole)} is not a time of day (expected hour:minute, hours 0-23)` };
    if (this.dayFromSettings) this.usedStartDate = true;
    return this.record(line, micros, text.slice(whole.length));
  }

  /** The message read so far, if one is still open: at the end of the file, or when the next begins. */
  end(): ImportRecord | undefined {
    const open = this.zoom;
    const quoted = this.openUnmarked;
    this.zoom = undefined;
    this.openUnmarked = false;
    // LINE quotes a text of several lines: the quotes are not the text's.
    const text = open?.message ?? '';
    if (
      open !== undefined &&
      quoted &&
      text.length > 1 &&
      text.startsWith('"') &&
      text.endsWith('"') &&
      text.includes('\n')
    )
      open.message = open.message.slice(1, -1);
    return open;
  }

  /** `15:04<TAB>Ana<TAB>text` under a LINE day line: open, since its text may go on. */
  private lineMessage(line: number, match: RegExpExecArray): InvalidRow | undefined {
    const [whole, hour = '', minute = '', actor = '', text = ''] = match;
    const day = this.day;
    if (day === undefined)
      return { line, reason: 'the message has a time but no day line before it gives the date: set the start date' };
    const micros = wallMicros({ ...day, hour: Number(hour), minute: Number(minute), second: 0 }, this.zone);
    if (micros === undefined)
      return { line, reason: `${quote(whole.slice(0, 5))} is not a time of day (expected hour:minute, hours 0-23)` };
    if (this.dayFromSettings) this.usedStartDate = true;
    this.zoom = {
      line,
      startMicros: micros,
      endMicros: micros,
      actor: actor.trim(),
      message: text.trimEnd(),
      extra: { kind: 'message' },
    };
    this.openUnmarked = true;
    return undefined;
  }

  private zoomLine(line: number, match: RegExpExecArray): InvalidRow | undefined {
    const [whole, hour = '', minute = '', second = ''] = match;
    const to = match.length === 7 ? match[5] : undefined;
    const day = this.day;
    if (day === undefined) {
      this.zoomRefused = true;
      return { line, reason: 'Zoom chat times have no date: set the start date (the day of the meeting)' };
    }
    const wall = wallMicros({ ...day, hour: Number(hour), minute: Number(minute), second: Number(second) }, this.zone);
    if (wall === undefined)
      return {
        line,
        reason: `${quote(whole.slice(0, 8))} is not a time of day (expected hour:minute:second, hours 0-23)`,
      };
    if (this.dayFromSettings) this.usedStartDate = true;
    if (this.zoomLast !== undefined && wall + this.zoomDays * DAY_MICROS < this.zoomLast - DAY_MICROS / 2)
      this.zoomDays += 1;
    const micros = wall + this.zoomDays * DAY_MICROS;
    this.zoomLast = micros;
    const actor = (match[4] ?? '').trim();
    const text = (match[match.length - 1] ?? '').trim();
    this.zoom = {
      line,
      startMicros: micros,
      endMicros: micros,
      actor,
      message: text,
      extra: to === undefined ? { kind: 'message' } : { kind: 'message', to: to.trim() },
    };
    return undefined;
  }

  private setDay({ year, month, day }: Day): void {
    this.day = { year, month, day };
    this.dayFromSettings = false;
  }

  private record(line: number, micros: number, body: string): ImportRecord {
    const read = ircLineBody(body);
    const colon = this.colonNicks && read.kind === 'status' && read.actor === '' ? COLON_NICK.exec(body) : null;
    const { actor, message, kind } =
      colon === null ? read : { actor: colon[1] ?? '', message: colon[2] ?? '', kind: 'message' };
    return { line, startMicros: micros, endMicros: micros, actor, message, extra: { kind } };
  }
}

function tooLong(line: number): InvalidRow {
  return { line, reason: 'the message this line continues is already 1 MiB long: the line is left out' };
}

function quote(text: string): string {
  return `"${shorten(text.trim())}"`;
}
