/*
 * sigtop's text export of Signal Desktop messages (`sigtop export-messages -f text`, fmt_text.go): a
 * "Conversation:" line, then per message "From:" (absent for a message without a sender), "Type:",
 * "Sent:"/"Received:" as RFC 1123 times with their offset, "Attachment:", "Reaction:" and "Edited:"
 * lines, a quoted message as ">"-prefixed lines, the body after a blank line, and an edited message's
 * versions as "|"-prefixed lines instead of a body (the newest first). A "From:" after a blank line
 * starts a message only when "Type:" follows it: otherwise it is a body line.
 */
import type { ImportRecord, InvalidRow, JsonValue, ParsedPiece } from './import-record.ts';
import { shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';
import { createTimestampReader } from '../time/read-timestamp.ts';
import { ZoneOffset } from '@js-joda/core';

const MAX_MESSAGE_CHARS = 1 << 20;
const SIGTOP_FIELD = /^(From|Type|Sent|Received|Attachment|Reaction|Edited): (.*)$/;
export const SIGTOP_CONVERSATION = /^Conversation: (.+)$/;
const LISTED = new Set(['Attachment', 'Reaction']);

interface OpenMessage {
  readonly line: number;
  readonly fields: Map<string, string[]>;
  inBody: boolean;
  readonly body: string[];
  readonly quote: string[];
  readonly versions: string[];
  chars: number;
}

export async function* parseSigtopText(text: AsyncIterable<string>): AsyncGenerator<ParsedPiece> {
  // Every time sigtop writes carries its offset.
  const readTime = createTimestampReader({ zone: ZoneOffset.UTC, numericUnit: 'seconds', dateOrder: undefined });
  let conversation: string | undefined;
  let open: OpenMessage | undefined;
  let previousBlank = true;
  // A "From:" after a blank line, waiting for the "Type:" that makes it a header.
  let candidate: { line: number; text: string; value: string } | undefined;
  const finish = (piece: ParsedPiece) => {
    if (open !== undefined) addResult(piece, open, conversation, readTime);
    open = undefined;
  };
  const start = (line: number): OpenMessage => {
    open = { line, fields: new Map(), inBody: false, body: [], quote: [], versions: [], chars: 0 };
    return open;
  };
  for await (const lines of textLines(text, undefined, 'a sigtop text export')) {
    const piece: { records: ImportRecord[]; invalid: InvalidRow[] } = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      const blank = raw.trim() === '';
      const wasBlank = previousBlank;
      previousBlank = blank;
      const field = SIGTOP_FIELD.exec(raw);
      if (candidate !== undefined) {
        const held = candidate;
        candidate = undefined;
        if (field?.[1] === 'Type') {
          finish(piece);
          start(held.line).fields.set('From', [held.value]);
        } else if (open !== undefined) addBodyLine(open, held.text, piece, held.line);
        else
          piece.invalid.push({
            line: held.line,
            reason: `line ${held.line}: "${shorten(held.text)}" is not followed by "Type:"`,
          });
      }
      if (conversation === undefined && open === undefined) {
        const named = SIGTOP_CONVERSATION.exec(raw);
        if (named !== null) {
          conversation = named[1];
          continue;
        }
      }
      if (field !== null && wasBlank && field[1] === 'From') {
        candidate = { line, text: raw, value: field[2] ?? '' };
        continue;
      }
      if (field !== null && wasBlank && field[1] === 'Type' && (open === undefined || open.inBody)) {
        finish(piece);
        start(line);
      }
      if (open === undefined) {
        if (!blank)
          piece.invalid.push({
            line,
            reason: `line ${line}: "${shorten(raw)}" comes before any message (expected "From:" or "Type:" after a blank line)`,
          });
        continue;
      }
      if (!open.inBody && field !== null) {
        const [, name = '', value = ''] = field;
        open.fields.set(name, LISTED.has(name) ? [...(open.fields.get(name) ?? []), value] : [value]);
      } else if (!open.inBody && blank) open.inBody = true;
      else if (open.inBody) addBodyLine(open, raw, piece, line);
    }
    if (piece.records.length > 0 || piece.invalid.length > 0) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  if (candidate !== undefined && open !== undefined) addBodyLine(open, candidate.text, last, candidate.line);
  finish(last);
  if (last.records.length > 0 || last.invalid.length > 0) yield last;
}

function addBodyLine(open: OpenMessage, raw: string, piece: ParsedPiece, line: number): void {
  if (open.chars + raw.length > MAX_MESSAGE_CHARS) {
    piece.invalid.push({ line, reason: 'the message this line continues is already 1 MiB long: the line is left out' });
    return;
  }
  open.chars += raw.length + 1;
  if (raw.startsWith('>')) open.quote.push(raw.slice(1).replace(/^ /, ''));
  else if (raw.startsWith('|')) open.versions.push(raw.slice(1));
  else open.body.push(raw);
}

function addResult(
  piece: ParsedPiece,
  open: OpenMessage,
  conversation: string | undefined,
  readTime: (text: string) => number | undefined,
): void {
  const value = (name: string) => open.fields.get(name)?.[0];
  const stamp = value('Sent') ?? value('Received');
  const micros = stamp === undefined ? undefined : readTime(stamp);
  if (micros === undefined) {
    piece.invalid.push({
      line: open.line,
      reason: `line ${open.line}: the message has no time sigtop wrote (${stamp === undefined ? 'no "Sent:" or "Received:"' : `"${shorten(stamp)}"`})`,
    });
    return;
  }
  const type = value('Type') ?? 'unknown';
  const extra: Record<string, JsonValue> = { kind: type === 'incoming' || type === 'outgoing' ? 'message' : type };
  if (type === 'incoming' || type === 'outgoing') extra['direction'] = type;
  if (conversation !== undefined) extra['conversation'] = conversation;
  for (const name of ['Received', 'Edited'])
    if (value(name) !== undefined) extra[name.toLowerCase()] = value(name) ?? '';
  for (const name of LISTED) {
    const list = open.fields.get(name);
    if (list !== undefined) extra[`${name.toLowerCase()}s`] = list.join('\n');
  }
  if (open.quote.length > 0) extra['quote'] = open.quote.join('\n').trim();
  let message = open.body.join('\n').trim();
  if (message === '' && open.versions.length > 0) message = newestVersion(open.versions);
  if (message === '') message = `[${type} message]`;
  piece.records.push({
    line: open.line,
    startMicros: micros,
    endMicros: micros,
    actor: value('From') ?? '',
    message,
    extra,
  });
}

/** The body of the first version listed (sigtop lists the newest first): its " "-prefixed lines after its header. */
function newestVersion(versions: readonly string[]): string {
  const body: string[] = [];
  let seen = 0;
  for (const line of versions) {
    if (line.startsWith('Version: ')) {
      seen += 1;
      if (seen > 1) break;
    } else if (line.startsWith(' ')) body.push(line.slice(1));
  }
  return body.join('\n').trim();
}
