/*
 * Is this a text log whose lines start with a time (error logs, application logs)? Judged after the
 * syslog, access-log and table detectors have passed: most lines that are not indented start with a
 * time of one shape, the file opens with one, and the lines between continue the one before.
 */
import type { FamilyDetection } from './format-detection.ts';
import { sampleLines } from './sample-lines.ts';
import { prefixSessionOf } from './prefix-session.ts';
import { speakerPrefixFile } from './speaker-prefix.ts';
import { errorLogClient } from './error-log-client.ts';
import { clockPrefixReader, inferTimePrefix, messageAfterTime, timePrefixReader } from './time-prefix.ts';
import { ZoneOffset } from '@js-joda/core';
import { createTimestampReader } from '../time/read-timestamp.ts';

// A rolled log's date in its name: "app.2024-03-05.log", "app-20240305.0.log".
const FILE_DATE = /(?:^|\D)((?:19|20)\d{2})-?(\d{2})-?(\d{2})(?:\D|$)/;

const MAX_HEADER_LINES = 60;
const MIN_LINES_AFTER_HEADER = 10;

export function detectTimestampedLines(text: string, complete: boolean, fileName = ''): FamilyDetection | undefined {
  const lines = sampleLines(text, complete).map((line) => line.text);
  const guess = inferTimePrefix(lines);
  if (guess === undefined) return undefined;
  // A stack trace's "Caused by:" or "ValueError:" lines are not indented: four in ten lines is enough.
  const unindented = lines.filter((line) => !/^\s/.test(line)).length;
  if (guess.matched < Math.min(2, lines.length) || guess.matched < 0.4 * unindented) return undefined;
  const opens = (line: string) =>
    line.includes(guess.example) || inferTimePrefix([line])?.prefix.words === guess.prefix.words;
  // A header block may come first (Windows DNS Server's debug log explains its fields in ~30 lines):
  // then the lines after it must nearly all start with a time, and be many.
  const header = lines.slice(0, 3).some(opens) ? 0 : lines.slice(0, MAX_HEADER_LINES).findIndex(opens);
  if (header === -1) return undefined;
  const unindentedAfter = lines.slice(header).filter((line) => !/^\s/.test(line)).length;
  if (header > 0 && (guess.matched < MIN_LINES_AFTER_HEADER || guess.matched < 0.8 * unindentedAfter)) return undefined;
  const timeOfDay = guess.prefix.timeOfDay === true;
  const where = timeOfDay
    ? `a time of day alone${guess.prefix.bracketed ? ' in brackets' : ''}`
    : guess.prefix.bracketed
      ? 'a time in brackets'
      : `a time (${guess.prefix.words} word${guess.prefix.words === 1 ? '' : 's'}${guess.prefix.zoneGlued === true ? ' and its zone, joined to what follows by a colon' : ''})`;
  const named = timeOfDay ? FILE_DATE.exec(fileName) : null;
  const headed = timeOfDay ? conversationStart(lines[0] ?? '') : undefined;
  const startDate = named === null ? headed : `${named[1]}-${named[2]}-${named[3]}`;
  const day = !timeOfDay
    ? ''
    : startDate === undefined
      ? "; the lines have no date and none is in the file name: they are read on the day of the incident's first event unless you set the start date; lines after midnight (a time earlier than the line before) fall on the next day"
      : `; the lines have no date: ${startDate}, from the ${named === null ? 'first line ("Conversation with … at …", Pidgin)' : 'file name'}; lines after midnight (a time earlier than the line before) fall on the next day`;
  const before = header;
  const continued =
    guess.matched + before < guess.judged
      ? `; the other ${guess.judged - guess.matched - before} continue the line before`
      : '';
  const headerRows =
    before === 0
      ? ''
      : `; the ${before} lines before the first time are the file's header, listed as rows without a time`;
  const order = guess.dateOrderReason === '' ? '' : `; ${guess.dateOrderReason}`;
  const session = sessionActorReason(lines, guess.prefix, guess.dateOrder);
  const speakers =
    session === undefined ? speakerPrefixFile(messagesOf(lines, guess.prefix, guess.dateOrder)) : undefined;
  const actor =
    session ??
    (speakers === undefined
      ? 'no actor in the lines'
      : `actor: the name before a colon that ${speakers.named} lines start with, such as "${speakers.example}" (a chat written as text lines, as Element and sigtop export one; a line starting with a name that has spoken, such as "Bob joined the room", is that person's)`);
  return {
    format: 'syslog',
    reason: `A text log: ${guess.matched} of ${guess.judged} lines start with ${where} such as "${guess.example}"${headerRows}${continued}${order}${day}; ${actor}; message: ${speakers === undefined ? 'the rest of each line' : "the text after the speaker's name"}`,
    settings: {
      format: 'syslog',
      timeZone: 'UTC',
      layout: 'timestamped',
      timePrefix: guess.prefix,
      ...(guess.dateOrder === undefined ? {} : { dateOrder: guess.dateOrder }),
      ...(startDate === undefined ? {} : { startDate }),
      ...(speakers === undefined ? {} : { speakerPrefix: true }),
    },
  };
}

// Pidgin's text log opens "Conversation with bob@… at Tue 05 Mar 2024 11:52:31 PM CET on alice@… (jabber)".
const CONVERSATION_HEADER = /^Conversation with .+? at (.+?) on .+ \([^()]+\)\s*$/;

/** Pidgin's first line; a long line is not one (and the pattern's backtracking stays small). */
export function isConversationHeader(line: string): boolean {
  return line.length <= 1000 && CONVERSATION_HEADER.test(line);
}

/** The day a Pidgin log's first line gives, as written (its zone abbreviation set aside), or undefined. */
function conversationStart(line: string): string | undefined {
  const text = isConversationHeader(line)
    ? CONVERSATION_HEADER.exec(line)?.[1]?.replace(/\s+[A-Z]{2,5}$/, '')
    : undefined;
  const read = createTimestampReader({ zone: ZoneOffset.UTC, numericUnit: 'auto', dateOrder: undefined });
  const micros = text === undefined ? undefined : read(text);
  return micros === undefined ? undefined : new Date(Math.floor(micros / 1000)).toISOString().slice(0, 10);
}

/** The text after the time of each line that starts with one (the speakers of a chat are judged on these). */
function messagesOf(
  lines: readonly string[],
  prefix: Parameters<typeof timePrefixReader>[0],
  dateOrder: Parameters<typeof timePrefixReader>[2],
): string[] {
  const read =
    prefix.timeOfDay === true ? clockPrefixReader(prefix) : timePrefixReader(prefix, ZoneOffset.UTC, dateOrder);
  return lines.flatMap((line) => {
    const split = read(line);
    return split === undefined ? [] : [messageAfterTime(split.rest)];
  });
}

/** Whether the lines' prefixes name a session user before the level (PostgreSQL), as the reason says it. */
function sessionActorReason(
  lines: readonly string[],
  prefix: Parameters<typeof timePrefixReader>[0],
  dateOrder: Parameters<typeof timePrefixReader>[2],
): string | undefined {
  if (prefix.timeOfDay === true) return undefined;
  const read = timePrefixReader(prefix, ZoneOffset.UTC, dateOrder);
  const named = lines.filter((line) => {
    const split = read(line);
    return split !== undefined && prefixSessionOf(messageAfterTime(split.rest))?.actor !== undefined;
  });
  if (named.length === 0) {
    const clients = lines.flatMap((line) => {
      const split = read(line);
      const client = split === undefined ? undefined : errorLogClient(split.rest);
      return client === undefined ? [] : [client];
    });
    return clients.length === 0
      ? undefined
      : `actor: the client a web server's error line names (nginx's "client:", Apache's "[client …]") in ${clients.length} lines, such as "${clients[0] ?? ''}"`;
  }
  const first = prefixSessionOf(messageAfterTime(read(named[0] ?? '')?.rest ?? ''))?.actor ?? '';
  return `actor: the user@database the line prefix names before the level (PostgreSQL's log_line_prefix) in ${named.length} lines, such as "${first}"`;
}
