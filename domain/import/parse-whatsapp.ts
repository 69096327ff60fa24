/*
 * WhatsApp chat exports (Android and iOS, any locale): one message per date-and-time line, whose
 * following lines continue it until the next such line. `Name: text` names the sender (the actor);
 * a line without one is a system line (encryption notice, group changes) with an empty actor.
 */
import type { ZoneId } from '@js-joda/core';
import type { WhatsappSettings } from './chat-settings.ts';
import { wallMicros } from './chat-time.ts';
import type { ImportRecord, InvalidRow, JsonValue, ParsedPiece, ParseReport } from './import-record.ts';
import { loadZone, shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';
import { whatsappStart, whatsappTime, type WhatsappStart } from './whatsapp-line.ts';

interface Pending {
  readonly line: number;
  readonly micros: number;
  readonly start: WhatsappStart;
  readonly lines: string[];
}

// A sender is a name or a phone number; a longer "name" or one with quotes is a system line's text.
const MAX_SENDER_CHARS = 60;
const ATTACHED = /^<attached: ([^>]+)>$/;
// Android's placeholder in the export's language (<Media omitted>, <Multimedia omitido>, <Médias omis>)
// and iOS's "image omitted", "document omitted".
const OMITTED = /^<[^<>:]{3,40}>$|^(?:image|video|audio|sticker|GIF|document|Contact card) omitted$/i;
const MARKS = /[\u200e\u200f\u202a-\u202e]/g;

export async function* parseWhatsapp(
  text: AsyncIterable<string>,
  settings: WhatsappSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const zone = await loadZone(settings.timeZone);
  let pending: Pending | undefined;
  // Lines after a message start that was refused belong to that invalid row, not to the message before.
  let inRefused = false;
  let sawStart = false;
  for await (const lines of textLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      const start = whatsappStart(raw);
      if (start === undefined) {
        if (pending !== undefined) pending.lines.push(raw);
        else if (!inRefused && raw.trim() !== '') piece.invalid.push(notAMessage(line, raw, sawStart));
        continue;
      }
      sawStart = true;
      if (pending !== undefined) piece.records.push(messageRecord(pending));
      pending = undefined;
      const outcome = startOf(line, start, settings, zone);
      inRefused = 'reason' in outcome;
      if ('reason' in outcome) piece.invalid.push(outcome);
      else pending = outcome;
    }
    yield piece;
  }
  if (pending !== undefined) yield { records: [messageRecord(pending)], invalid: [] };
  report.notes.push(`Dates read ${settings.dateOrder} in ${settings.timeZone}`);
}

function startOf(line: number, start: WhatsappStart, settings: WhatsappSettings, zone: ZoneId): Pending | InvalidRow {
  const time = whatsappTime(start, settings.dateOrder);
  if (typeof time === 'string') return { line, reason: time };
  const micros = wallMicros(time, zone);
  if (micros === undefined)
    return {
      line,
      reason: `"${start.stamp}" is not a date and time that exists (${settings.dateOrder} date, hours 0-23)`,
    };
  return { line, micros, start, lines: [start.body] };
}

function notAMessage(line: number, raw: string, sawStart: boolean): InvalidRow {
  const why = sawStart ? 'follows a refused message' : 'comes before the first message';
  return {
    line,
    reason: `"${shorten(raw.trim())}" ${why} and does not start one (expected a date, a time and a sender)`,
  };
}

function messageRecord({ line, micros, start, lines }: Pending): ImportRecord {
  // Trailing blank lines are the export's spacing more often than the message's.
  while (lines.length > 1 && lines.at(-1)?.trim() === '') lines.pop();
  const whole = lines.join('\n');
  const colon = whole.indexOf(': ');
  const sender = colon > 0 ? whole.slice(0, colon).replace(MARKS, '').trim() : '';
  const isMessage = sender !== '' && sender.length <= MAX_SENDER_CHARS && !/["“”\n]/.test(sender);
  const message = (isMessage ? whole.slice(colon + 2) : whole).replace(/^[\u200e\u200f]+/, '');
  const extra: Record<string, JsonValue> = {
    kind: isMessage ? 'message' : 'system',
    platform: start.platform,
    sent: start.stamp,
  };
  const attached = ATTACHED.exec(message.trim());
  if (attached?.[1] !== undefined) extra.attachment = attached[1];
  else if (OMITTED.test(message.trim())) extra.mediaOmitted = true;
  return { line, startMicros: micros, endMicros: micros, actor: isMessage ? sender : '', message, extra };
}
