/*
 * Chat exports written as a text log, "time - Name: text": Element's plain-text room export
 * (matrix-react-sdk PlainTextExporter: "formatFullDate - sender: body", state events as "time - Bob
 * joined the room", emotes as "time - * Bob waves") and sigtop's text-short Signal export
 * ("2024-03-05 12:00 Bob: text"). "ERROR:" or "Caused by:" in an application log has the same shape on
 * one line, so the sender is only read when the whole file looks like a conversation (speakerPrefixFile):
 * the names repeat, none is a log level nor followed by one, and nearly every line names a speaker or
 * starts with one.
 */
import { levelOf } from './log-level.ts';

// A display name or phone number (sigtop writes "+15551234567" for a contact without a name): up to
// four words, no brackets, slashes or "=" (a logger's "[main]", "GET /x:", "pid=12:").
const SPEAKER = /^([\p{L}+][\p{L}\p{N}'._+-]{0,39}(?: [\p{L}\p{N}'._+-]{1,40}){0,3}):[ \t]+(?=\S)/u;
const NAME_CHARS = 120;
// A stack trace's "ValueError:", "java.io.IOException:", "Caused by:" is a log's, never a chat's.
const LOG_WORD = /(?:Error|Exception|Warning)$|^(?:Caused by|Traceback)/;

// A component's line with a level after its name ("worker: ERROR …", "db: [warn] …") is a log's.
const BRACKETED_LEVEL = /^\[(?:error|err|warn|warning|info|debug|trace|fatal|crit|critical|notice)\]/i;
const UPPER_LEVEL = /^(?:ERROR|ERR|WARN|WARNING|INFO|DEBUG|TRACE|FATAL|CRITICAL|NOTICE)\b/;

interface Speaker {
  readonly name: string;
  /** The text after "Name: ". */
  readonly text: string;
}

/** The speaker a message starts with ("Alice Smith: is the db down?"), if it has that shape. */
export function speakerOf(message: string): Speaker | undefined {
  const match = SPEAKER.exec(message.slice(0, NAME_CHARS));
  const name = match?.[1];
  if (match === null || name === undefined || LOG_WORD.test(name)) return undefined;
  return { name, text: message.slice(match[0].length) };
}

/**
 * Whether the messages after the times of a file's sampled lines are a conversation: at least three
 * name a speaker, the speakers repeat (fewer names than two thirds of those lines), no name is a log
 * level, fewer than a quarter go on with a level ("worker: ERROR …"), and eight in ten lines either name a speaker or start with one of the names ("Bob joined
 * the room", "* Bob waves").
 */
export function speakerPrefixFile(messages: readonly string[]): { named: number; example: string } | undefined {
  const names = new Map<string, number>();
  let leveled = 0;
  for (const message of messages) {
    const speaker = speakerOf(message);
    if (speaker === undefined) continue;
    if (levelOf(`${speaker.name}:`) !== undefined) return undefined;
    if (BRACKETED_LEVEL.test(speaker.text) || UPPER_LEVEL.test(speaker.text)) leveled += 1;
    names.set(speaker.name, (names.get(speaker.name) ?? 0) + 1);
  }
  const named = [...names.values()].reduce((sum, count) => sum + count, 0);
  if (named < 3 || names.size * 3 > named * 2 || leveled * 4 >= named) return undefined;
  const conforming = messages.filter(
    (message) => speakerOf(message) !== undefined || startingName(message, names) !== undefined,
  ).length;
  if (conforming < 0.8 * messages.length) return undefined;
  const example = [...names.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return { named, example };
}

/** The known name a line without "Name:" starts with (a state event or an emote), if one does. */
export function startingName(
  message: string,
  names: ReadonlyMap<string, unknown> | ReadonlySet<string>,
): string | undefined {
  const words = message.replace(/^\* /, '').slice(0, NAME_CHARS).split(' ', 4);
  for (let count = words.length; count >= 1; count -= 1) {
    const name = words.slice(0, count).join(' ');
    if (names.has(name)) return name;
  }
  return undefined;
}
