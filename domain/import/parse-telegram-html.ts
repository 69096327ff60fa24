/*
 * Telegram Desktop's HTML chat export (messages.html, messages2.html, … of 1,000 messages each): a
 * `<div class="message default clearfix">` per message with its time in the date's title
 * ("05.03.2024 12:00:01 UTC+01:00"; exports before the offset was added write none: the exporting
 * machine's local time), the sender in `from_name`, the text in `text`. A message "joined" to the one
 * before (the same sender within 15 minutes) has no `from_name`: the sender is the one before. A
 * forwarded message's original author sits in a `forwarded body` of its own, which never names the
 * sender. Service messages ("Bob invited Dave", the day dividers) have no time in this export.
 * Telegram writes each tag on its own line, so the export is read line by line, a message at a time,
 * and never as a tree; a message is at most 1 MiB.
 */
import { ZoneOffset, type ZoneId } from '@js-joda/core';
import { wallMicros } from './chat-time.ts';
import { htmlText } from './html-text.ts';
import type { ImportRecord, InvalidRow, JsonValue, ParsedPiece } from './import-record.ts';
import { shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';

const MESSAGE_START = '<div class="message ';
const MAX_MESSAGE_CHARS = 1 << 20;
const DATE_TITLE = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})(?: UTC([+-])(\d{2}):?(\d{2}))?$/;
// The service messages that divide days: "5 March 2024" (the export writes English month names).
const DAY_DIVIDER = /^\d{1,2} [A-Z][a-z]+ \d{4}$/;

// A photo, video, animation or sticker shown with its thumbnail, or a file, voice message, … as a generic link.
const FILE_LINK = /<a class="(photo_wrap|video_file_wrap|animated_wrap|sticker_wrap|media) [^"]*" href="([^"]*)"/;
const FILE_KINDS: Readonly<Record<string, string>> = {
  photo_wrap: 'Photo',
  video_file_wrap: 'Video',
  animated_wrap: 'Animation',
  sticker_wrap: 'Sticker',
};

interface OpenMessage {
  readonly line: number;
  readonly parts: string[];
  chars: number;
}

export async function* parseTelegramHtml(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<ParsedPiece> {
  let open: OpenMessage | undefined;
  let sender = '';
  const finish = (piece: ParsedPiece) => {
    if (open === undefined) return;
    const result = readMessage(open, sender, zone);
    open = undefined;
    if (result === undefined) return;
    if ('reason' in result) piece.invalid.push(result);
    else {
      piece.records.push(result);
      sender = result.actor;
    }
  };
  for await (const lines of textLines(text, undefined, 'a Telegram HTML export')) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      const trimmed = raw.trim();
      if (trimmed.startsWith(MESSAGE_START)) {
        finish(piece);
        // A service message between two messages makes the next name its sender again.
        if (trimmed.includes(' service')) sender = '';
        open = { line, parts: [trimmed], chars: trimmed.length };
      } else if (open !== undefined && trimmed !== '') {
        if (open.chars + trimmed.length > MAX_MESSAGE_CHARS) {
          piece.invalid.push({ line: open.line, reason: 'the message is over 1 MiB long: it is left out' });
          open = undefined;
          continue;
        }
        open.parts.push(trimmed);
        open.chars += trimmed.length + 1;
      }
    }
    if (piece.records.length > 0 || piece.invalid.length > 0) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  finish(last);
  if (last.records.length > 0 || last.invalid.length > 0) yield last;
}

function readMessage(open: OpenMessage, previousSender: string, zone: ZoneId): ImportRecord | InvalidRow | undefined {
  const block = open.parts.join('\n');
  const classes = block.slice(MESSAGE_START.length, block.indexOf('"', MESSAGE_START.length)).split(' ');
  const id = /\bid="message(-?\d+)"/.exec(open.parts[0] ?? '')?.[1];
  if (classes.includes('service')) {
    const said = divText(block, '<div class="body details">') ?? '';
    if (said === '' || DAY_DIVIDER.test(said)) return undefined;
    return {
      line: open.line,
      reason: `Telegram's HTML export gives a service message ("${shorten(said)}") no time: it is left out (the JSON export has it)`,
    };
  }
  const title = /<div class="pull_right date details" title="([^"]*)"/.exec(block)?.[1] ?? '';
  const micros = timeOf(title, zone);
  if (micros === undefined)
    return {
      line: open.line,
      reason:
        title === ''
          ? 'the message has no time (expected the title of its "date details")'
          : `"${shorten(title)}" is not a date and time (expected day.month.year hour:minute:second, perhaps with "UTC+hh:mm")`,
    };
  const forwarded = block.indexOf('<div class="forwarded body">');
  const named = block.indexOf('<div class="from_name">');
  const ownName = named !== -1 && (forwarded === -1 || named < forwarded);
  const actor = ownName ? (divText(block, '<div class="from_name">') ?? '') : previousSender;
  const extra: Record<string, JsonValue> = { kind: 'message' };
  if (id !== undefined) extra['messageId'] = id;
  if (forwarded !== -1) {
    const from = divText(block.slice(forwarded), '<div class="from_name">');
    // The original's date follows its author's name inside the same div.
    if (from !== undefined) extra['forwardedFrom'] = from.replace(/\s+\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/, '');
  }
  const replyTo = /GoToMessage\((\d+)\)/.exec(block)?.[1];
  if (replyTo !== undefined) extra['replyTo'] = replyTo;
  const file = FILE_LINK.exec(block);
  const media = divText(block, '<div class="title bold">') ?? (file === null ? undefined : FILE_KINDS[file[1] ?? '']);
  if (media !== undefined) extra['media'] = media;
  if (file?.[2] !== undefined) extra['file'] = htmlText(file[2]);
  const body = divText(block, '<div class="text">') ?? '';
  return {
    line: open.line,
    startMicros: micros,
    endMicros: micros,
    actor,
    message: body !== '' ? body : media !== undefined ? `[${media}]` : '',
    extra,
  };
}

function timeOf(title: string, zone: ZoneId): number | undefined {
  const match = DATE_TITLE.exec(title);
  if (match === null) return undefined;
  const [, day = 0, month = 0, year = 0, hour = 0, minute = 0, second = 0] = match.slice(0, 7).map(Number);
  const sign = match[7];
  const at = sign === undefined ? zone : offsetOf(sign, Number(match[8]), Number(match[9]));
  return wallMicros({ year, month, day, hour, minute, second }, at);
}

function offsetOf(sign: string, hours: number, minutes: number): ZoneId {
  const direction = sign === '-' ? -1 : 1;
  return ZoneOffset.ofHoursMinutes(direction * hours, direction * minutes);
}

/**
 * The text of the first div opening with `opening`, up to its closing tag: Telegram writes no div
 * inside the ones read here. Tags are dropped by a single forward pass before htmlText sees the
 * text, so an unclosed "<" in a hostile file costs no rescans.
 */
function divText(block: string, opening: string): string | undefined {
  const start = block.indexOf(opening);
  if (start === -1) return undefined;
  const from = start + opening.length;
  const end = block.indexOf('</div>', from);
  return htmlText(withoutTags(block.slice(from, end === -1 ? undefined : end)));
}

/** The text between tags, Telegram's <br> kept as a line break and the export's own line ends as spaces. */
function withoutTags(html: string): string {
  const parts: string[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const close = open === -1 ? -1 : html.indexOf('>', open);
    if (close === -1) break;
    parts.push(html.slice(at, open));
    if (/^<br\s*\/?>$/i.test(html.slice(open, close + 1))) parts.push('\u2028');
    at = close + 1;
  }
  // An unclosed "<" is text: escaped, so htmlText's tag pattern never meets it.
  parts.push(html.slice(at).replaceAll('<', '&lt;'));
  return parts
    .join('')
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ')
    .replaceAll('\u2028', '\n');
}
