/*
 * Chat exports written as blocks, a header line naming when and who, then the message's lines:
 * DiscordChatExporter's TXT ("[3/5/2024 12:00 PM] alice#0001", the date in the exporting machine's
 * locale, the frame of "=" lines around the guild and the count skipped, "{Attachments}", "{Embed}",
 * "{Stickers}" and "{Reactions}" sections kept in extra) and imessage-exporter's TXT ("May 17, 2022
 * 5:29:42 PM (Read by you after 1 minute)", the sender on the next line, a blank line after each
 * message; replies indented by four spaces are messages of their own). Times are local.
 */
import type { ZoneId } from '@js-joda/core';
import type { IrcSettings } from './chat-settings.ts';
import type { ImportRecord, InvalidRow, JsonValue, ParsedPiece } from './import-record.ts';
import { shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';
import { createTimestampReader } from '../time/read-timestamp.ts';

// As the other chat readers: a message continued past this is runaway text; its further lines are reported.
const MAX_MESSAGE_CHARS = 1 << 20;
export const DISCORD_FRAME = /^={20,}$/;
export const DISCORD_HEADER = /^\[([^\]]{6,40})\] (.+?)( \(pinned\))?$/;
const DISCORD_SECTION = /^\{(Attachments|Embed|Stickers|Reactions)\}$/;
const IMESSAGE_SECTION = /^(Reactions):$/;
// imessage-exporter writes chrono's "%b %d, %Y %l:%M:%S %p": the hour padded with a space.
export const IMESSAGE_HEADER =
  /^( {4})?([A-Z][a-z]{2} \d{2}, \d{4} {1,2}\d{1,2}:\d{2}:\d{2} [AP]M)(?: \((Read by .+? after .+?)\))?$/;
const IMESSAGE_ANNOUNCEMENT = /^([A-Z][a-z]{2} \d{2}, \d{4} {1,2}\d{1,2}:\d{2}:\d{2} [AP]M) (.+)$/;

interface OpenMessage {
  readonly line: number;
  readonly micros: number;
  actor: string | undefined;
  readonly lines: string[];
  readonly sections: Map<string, string[]>;
  section: string | undefined;
  chars: number;
  readonly extra: Record<string, JsonValue>;
  /** imessage-exporter's indent of a reply: stripped from its lines. */
  readonly indent: string;
}

export async function* parseChatBlocks(
  text: AsyncIterable<string>,
  settings: IrcSettings,
  zone: ZoneId,
): AsyncGenerator<ParsedPiece> {
  const readTime = createTimestampReader({ zone, numericUnit: 'seconds', dateOrder: settings.dateOrder });
  const discord = settings.layout === 'discord-txt';
  let open: OpenMessage | undefined;
  // An iMessage message whose indented replies are open: its own lines may go on after them.
  let parent: OpenMessage | undefined;
  // The last header's date was unreadable: the lines under it go with that reported header.
  let refused = false;
  let inFrame = false;
  let previousBlank = true;
  const finish = (piece: ParsedPiece) => {
    if (open !== undefined) piece.records.push(recordOf(open));
    if (parent !== undefined) piece.records.push(recordOf(parent));
    open = undefined;
    parent = undefined;
  };
  const start = (
    line: number,
    micros: number,
    actor: string | undefined,
    extra: Record<string, JsonValue>,
    indent = '',
  ) => {
    open = { line, micros, actor, lines: [], sections: new Map(), section: undefined, chars: 0, extra, indent };
  };
  for await (const lines of textLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      const blank = raw.trim() === '';
      const wasBlank = previousBlank;
      previousBlank = blank;
      if (discord) {
        // The frame around the guild and channel names, and around the closing count.
        if (DISCORD_FRAME.test(raw) && (wasBlank || inFrame || line === 1)) {
          if (!inFrame) finish(piece);
          inFrame = !inFrame;
          continue;
        }
        if (inFrame) continue;
        const header = DISCORD_HEADER.exec(raw);
        if (header !== null) {
          const micros = readTime(header[1] ?? '');
          if (micros !== undefined) {
            finish(piece);
            start(line, micros, header[2], header[3] === undefined ? {} : { pinned: true });
            continue;
          }
          if (open === undefined || wasBlank) {
            finish(piece);
            refused = true;
            piece.invalid.push({ line, reason: dateReason(line, header[1] ?? '', settings) });
            continue;
          }
        }
      } else {
        const header = IMESSAGE_HEADER.exec(raw);
        const micros = header === null ? undefined : readTime(header[2] ?? '');
        if (header !== null && micros !== undefined && (wasBlank || open === undefined || header[1] !== undefined)) {
          if (header[1] !== undefined && open !== undefined && open.indent === '' && parent === undefined) {
            parent = open;
            open = undefined;
          } else if (header[1] !== undefined && parent !== undefined && open !== undefined) {
            piece.records.push(recordOf(open));
            open = undefined;
          } else finish(piece);
          const extra: Record<string, JsonValue> = header[1] === undefined ? {} : { kind: 'reply' };
          if (header[3] !== undefined) extra.read = header[3];
          start(line, micros, undefined, extra, header[1] ?? '');
          continue;
        }
        const announcement = wasBlank ? IMESSAGE_ANNOUNCEMENT.exec(raw) : null;
        const when = announcement === null ? undefined : readTime(announcement[1] ?? '');
        if (announcement !== null && when !== undefined) {
          finish(piece);
          piece.records.push({
            line,
            startMicros: when,
            endMicros: when,
            actor: '',
            message: announcement[2] ?? '',
            extra: { kind: 'status' },
          });
          continue;
        }
      }
      // A reply's lines are indented: an unindented line after it is its parent's again.
      if (parent !== undefined && open !== undefined && !blank && !raw.startsWith(open.indent)) {
        piece.records.push(recordOf(open));
        open = parent;
        parent = undefined;
      }
      if (open === undefined) {
        if (!blank && !refused)
          piece.invalid.push({
            line,
            reason: `line ${line}: "${shorten(raw)}" comes before any message header (${discord ? '"[date time] author"' : 'a date such as "May 17, 2022  5:29:42 PM"'})`,
          });
        continue;
      }
      addLine(open, line, raw, discord, piece);
    }
    yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  finish(last);
  if (last.records.length > 0) yield last;
}

function addLine(open: OpenMessage, line: number, raw: string, discord: boolean, piece: ParsedPiece): void {
  const text = open.indent !== '' && raw.startsWith(open.indent) ? raw.slice(open.indent.length) : raw;
  if (open.chars + text.length > MAX_MESSAGE_CHARS) {
    piece.invalid.push({ line, reason: 'the message this line continues is already 1 MiB long: the line is left out' });
    return;
  }
  open.chars += text.length;
  // imessage-exporter: the sender is the first line after the date.
  if (!discord && open.actor === undefined) {
    open.actor = text.trim();
    return;
  }
  const section = (discord ? DISCORD_SECTION : IMESSAGE_SECTION).exec(text.trim());
  if (section !== null) {
    open.section = (section[1] ?? '').toLowerCase();
    return;
  }
  if (open.section === undefined) open.lines.push(text);
  else {
    const list = open.sections.get(open.section) ?? [];
    if (text.trim() !== '') list.push(text.trim());
    open.sections.set(open.section, list);
  }
}

function recordOf(open: OpenMessage): ImportRecord {
  const extra: Record<string, JsonValue> = { kind: 'message', ...open.extra };
  for (const [name, lines] of open.sections) extra[name] = lines.join('\n');
  const message = open.lines.join('\n').trim();
  return { line: open.line, startMicros: open.micros, endMicros: open.micros, actor: open.actor ?? '', message, extra };
}

function dateReason(line: number, date: string, settings: IrcSettings): InvalidRow['reason'] {
  const order = { mdy: 'month/day/year', dmy: 'day/month/year', ymd: 'year-month-day' }[settings.dateOrder ?? 'mdy'];
  return `line ${line}: "[${shorten(date)}]" is not a date and time (expected ${order} then the time, as the export's locale wrote it)`;
}
