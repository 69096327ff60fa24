/*
 * One Slack message to a record. Actors: a user by real name (else name), a bot by its username,
 * bot_profile name, or the integration name a bot_add message gave its bot id. Mentions <@U…> read
 * as @name. Empty text (bot messages) falls back to the Block Kit blocks' text, the attachments, then
 * the shared files.
 */
import { parseDate } from '../time/parse-date.ts';
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { isJsonObject, jsonText } from './json-lines.ts';

export interface SlackPerson {
  readonly name: string;
  readonly isBot: boolean;
}

export interface SlackPeople {
  readonly users: ReadonlyMap<string, SlackPerson>;
  /** bot_id → integration name, learnt from "added an integration to this channel: <…|github>". */
  readonly bots: ReadonlyMap<string, string>;
}

// Duplicates of text (blocks) and of users.json (user_profile); file objects are kept normalized.
const DROPPED = new Set(['text', 'blocks', 'user_profile', 'file', 'files']);
const FILE_FIELDS = [
  'id',
  'name',
  'title',
  'mimetype',
  'filetype',
  'size',
  'url_private',
  'url_private_download',
  'permalink',
];
const BOT_ADD = /<[^|>]*\/services\/(B[A-Z0-9]+)\|([^>]+)>/;

export function slackMessageRecord(
  message: JsonValue,
  line: number,
  channel: string,
  place: string,
  people: SlackPeople,
): ImportRecord | InvalidRow {
  if (!isJsonObject(message)) return { line, reason: `${place}: not a message object` };
  const ts = typeof message.ts === 'string' || typeof message.ts === 'number' ? String(message.ts) : undefined;
  // NOTE: ts is the string "seconds.micros"; parsing the text keeps all six digits exact.
  const startMicros = ts === undefined ? undefined : parseDate(ts, 'UTC', { numericUnit: 'seconds' });
  if (startMicros === undefined)
    return { line, reason: `${place}: ts ${ts === undefined ? 'is missing' : `'${ts}' is not a Slack timestamp`}` };

  const { actor, isBot } = actorOf(message, people);
  const files = filesOf(message);
  const extra: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(message)) if (!DROPPED.has(key)) extra[key] = value;
  if (files.length > 0) extra.files = files;
  const text = typeof message.text === 'string' ? message.text : '';
  const shown =
    text !== ''
      ? text
      : blockText(message.blocks) ||
        attachmentText(message.attachments) ||
        files.map((file) => `uploaded a file: ${jsonText(file.title ?? file.name)}`).join('\n');
  return {
    line,
    startMicros,
    endMicros: startMicros,
    actor,
    message: resolveMentions(shown, people.users),
    extra,
    stream: channel,
    ...(typeof message.thread_ts === 'string' ? { threadKey: message.thread_ts } : {}),
    ...(isBot ? { actorIsBot: true } : {}),
  };
}

/** bot_id → name from the bot_add messages of an export. */
export function learnBotName(message: JsonValue, bots: Map<string, string>): void {
  if (!isJsonObject(message) || message.subtype !== 'bot_add' || typeof message.text !== 'string') return;
  const match = BOT_ADD.exec(message.text);
  if (match?.[1] !== undefined && match[2] !== undefined) bots.set(match[1], match[2]);
}

function actorOf(message: { [key: string]: JsonValue }, people: SlackPeople): { actor: string; isBot: boolean } {
  const user = typeof message.user === 'string' ? people.users.get(message.user) : undefined;
  if (user !== undefined) return { actor: user.name, isBot: user.isBot };
  const botId = typeof message.bot_id === 'string' ? message.bot_id : undefined;
  if (message.subtype === 'bot_message' || botId !== undefined) {
    const profile = isJsonObject(message.bot_profile) ? message.bot_profile.name : undefined;
    const name = [message.username, profile, botId === undefined ? undefined : people.bots.get(botId), botId].find(
      (candidate): candidate is string => typeof candidate === 'string' && candidate !== '',
    );
    return { actor: name ?? 'bot', isBot: true };
  }
  return { actor: typeof message.user === 'string' ? message.user : '', isBot: false };
}

// Block Kit nests a few levels (rich_text → section → elements); deeper is not text a message shows.
const MAX_BLOCK_DEPTH = 6;

/**
 * The text of Block Kit blocks, each block a line: a section's or header's text and fields, a
 * context's elements, rich text's runs (a user as <@U…>, resolved later; a link as its text or URL;
 * an emoji as :name:).
 */
function blockText(blocks: JsonValue | undefined): string {
  if (!Array.isArray(blocks)) return '';
  const pieces = (value: JsonValue | undefined, depth: number): string => {
    if (depth > MAX_BLOCK_DEPTH) return '';
    if (Array.isArray(value)) return value.map((item) => pieces(item, depth + 1)).join('');
    if (!isJsonObject(value)) return '';
    const { type, text } = value;
    if (typeof text === 'string') return text;
    if (type === 'user' && typeof value.user_id === 'string') return `<@${value.user_id}>`;
    if (type === 'link' && typeof value.url === 'string') return value.url;
    if (type === 'emoji' && typeof value.name === 'string') return `:${value.name}:`;
    const fields = Array.isArray(value.fields) ? value.fields.map((field) => pieces(field, depth + 1)).join(' ') : '';
    return [pieces(text, depth + 1), fields, pieces(value.elements, depth + 1)].filter((part) => part !== '').join(' ');
  };
  return blocks
    .map((block) => pieces(block, 0).trim())
    .filter((line) => line !== '')
    .join('\n');
}

function attachmentText(attachments: JsonValue | undefined): string {
  if (!Array.isArray(attachments)) return '';
  return attachments
    .filter(isJsonObject)
    .map((attachment) =>
      [attachment.pretext, attachment.title, attachment.text ?? attachment.fallback]
        .map(jsonText)
        .filter((part) => part !== '')
        .join('\n'),
    )
    .filter((part) => part !== '')
    .join('\n');
}

/** The files a message shares, old exports' `file` and newer `files` alike, for later uploads. */
function filesOf(message: { [key: string]: JsonValue }): Array<Record<string, JsonValue>> {
  const raw = [message.file, ...(Array.isArray(message.files) ? message.files : [])];
  return raw.filter(isJsonObject).map((file) => {
    const kept: Record<string, JsonValue> = {};
    for (const field of FILE_FIELDS) if (file[field] !== undefined) kept[field] = withoutToken(file[field]!);
    return kept;
  });
}

/**
 * Slack export file addresses carry the exporter's access token (?t=xoxe-…); every analyst sees
 * an event's extra fields, so the token is dropped and only the address kept.
 */
function withoutToken(value: JsonValue): JsonValue {
  if (typeof value !== 'string' || !/^https?:\/\//.test(value)) return value;
  try {
    const url = new URL(value);
    url.searchParams.delete('t');
    return url.href;
  } catch {
    return value;
  }
}

function resolveMentions(text: string, users: ReadonlyMap<string, SlackPerson>): string {
  return text.replace(/<@([UW][A-Z0-9]+)(?:\|([^>]*))?>/g, (whole, id: string, label: string | undefined) => {
    const name = users.get(id)?.name ?? label;
    return name === undefined ? whole : `@${name}`;
  });
}
