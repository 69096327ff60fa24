/*
 * Chat exports written as blocks under a header line (parse-chat-blocks.ts): DiscordChatExporter's TXT,
 * told by its "=" frame with "Guild:" and "Channel:", its date order read from the headers' dates (a
 * day above 12 decides, else month-first as its default en-US locale writes them), and
 * imessage-exporter's TXT, told by dates alone on a line with the sender on the next.
 */
import type { FamilyDetection } from './format-detection.ts';
import { DISCORD_FRAME, DISCORD_HEADER, IMESSAGE_HEADER } from './parse-chat-blocks.ts';
import { SIGTOP_CONVERSATION } from './parse-sigtop-text.ts';
import { inferTimeShape } from '../time/infer-time-shape.ts';

const LOCAL = '; times are the exporting machine’s local time, read in the chosen time zone';

export function detectChatBlocks(lines: readonly string[]): FamilyDetection | undefined {
  return detectDiscord(lines) ?? detectImessage(lines) ?? detectSigtop(lines);
}

/** sigtop's text export: "Type:" and "Sent:" header lines of message after message, a "Conversation:" line first. */
function detectSigtop(lines: readonly string[]): FamilyDetection | undefined {
  const first = lines.find((line) => line.trim() !== '') ?? '';
  let types = 0;
  for (const [index, line] of lines.entries()) {
    if (!/^Type: \S+$/.test(line)) continue;
    const after = lines.slice(index + 1, index + 3);
    if (after.some((next) => /^(?:Sent|Received): /.test(next))) types += 1;
  }
  if (types < 2 && !(types === 1 && SIGTOP_CONVERSATION.test(first))) return undefined;
  return {
    format: 'irc',
    reason: `Signal messages exported by sigtop (text): ${types} messages of "From:", "Type:" and "Sent:" lines in the sample${SIGTOP_CONVERSATION.test(first) ? ', under a "Conversation:" line' : ''}; the sender is the actor, a quoted message and attachments kept in extra, an edited message read as its newest version; times carry their own offset`,
    settings: { format: 'irc', timeZone: 'UTC', layout: 'sigtop-txt' },
  };
}

function detectDiscord(lines: readonly string[]): FamilyDetection | undefined {
  const head = lines.slice(0, 8).map((line) => line.trim());
  if (
    !DISCORD_FRAME.test(head[0] ?? '') ||
    !head.some((line) => line.startsWith('Guild: ')) ||
    !head.some((line) => line.startsWith('Channel: '))
  )
    return undefined;
  const dates = lines.flatMap((line) => {
    const header = DISCORD_HEADER.exec(line);
    return header === null ? [] : [header[1] ?? ''];
  });
  const shape = inferTimeShape(dates, 0.5);
  const order = shape?.dateOrder ?? 'mdy';
  const why =
    shape === undefined
      ? 'most header dates do not read as dates (each such message is listed with its reason); month-first is assumed'
      : shape.reason === ''
        ? 'dates name their month'
        : shape.reason;
  return {
    format: 'irc',
    reason: `DiscordChatExporter text export: ${dates.length} messages under "[date time] author" headers; ${why}, in the locale of the exporting machine (set the date order if it wrote another)${LOCAL}`,
    settings: { format: 'irc', timeZone: 'UTC', layout: 'discord-txt', dateOrder: order },
  };
}

function detectImessage(lines: readonly string[]): FamilyDetection | undefined {
  const filled = lines.filter((line) => line.trim() !== '');
  let headers = 0;
  for (const [index, line] of lines.entries()) {
    const header = IMESSAGE_HEADER.exec(line);
    if (header !== null && header[1] === undefined && (lines[index + 1] ?? '').trim() !== '') headers += 1;
  }
  // A message is at least its date, sender and one line of text.
  if (headers < 2 || headers * 4 < filled.length * 0.5 || !IMESSAGE_HEADER.test(filled[0] ?? '')) return undefined;
  return {
    format: 'irc',
    reason: `iMessage export (imessage-exporter TXT): ${headers} messages, each a date such as "May 17, 2022  5:29:42 PM" on its own line with the sender on the next${LOCAL}`,
    settings: { format: 'irc', timeZone: 'UTC', layout: 'imessage-txt' },
  };
}
