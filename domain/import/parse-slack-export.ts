/*
 * Slack workspace exports (zip): channels.json, users.json and <channel>/<YYYY-MM-DD>.json. Each
 * channel is a stream; messages come channel by channel, day by day. The archive is checked for
 * zip-bomb signs (zip-guard.ts) before anything is inflated; then one day file at a time is inflated,
 * parsed and handed out, so memory holds the packed archive and one day, never the whole export.
 */
import { strFromU8 } from 'fflate';
import { ImportError } from './import-error.ts';
import { addToPiece, type JsonValue, type ParsedPiece, type ParseReport } from './import-record.ts';
import { isJsonObject, jsonText } from './json-lines.ts';
import { learnBotName, slackMessageRecord, type SlackPeople, type SlackPerson } from './slack-message-record.ts';
import { inflateEntry, type ZipEntry } from './zip-directory.ts';
import { inspectZip, type ZipLimits } from './zip-guard.ts';

const DAY_FILE = /^([^/]+)\/(\d{4}-\d{2}-\d{2})\.json$/;

type Parsed = { readonly value: JsonValue } | { readonly error: string };

function readJson(zip: Uint8Array, entry: ZipEntry, only?: (text: string) => boolean): Parsed | undefined {
  const why = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let text: string;
  try {
    text = strFromU8(inflateEntry(zip, entry));
  } catch (error) {
    return { error: `cannot be unpacked: ${why(error)}` };
  }
  if (only !== undefined && !only(text)) return undefined;
  try {
    return { value: JSON.parse(text) as JsonValue };
  } catch (error) {
    return { error: `not valid JSON: ${why(error)}` };
  }
}

export function* parseSlackExport(zip: Uint8Array, limits: ZipLimits, report: ParseReport): Generator<ParsedPiece> {
  const entries = inspectZip(zip, limits);
  const root = exportRoot(entries.map((entry) => entry.name));
  const days = entries
    .filter((entry) => entry.name.startsWith(root) && DAY_FILE.test(entry.name.slice(root.length)))
    .map((entry) => ({ entry, day: entry.name.slice(root.length) }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  if (days.length === 0)
    throw new ImportError('invalid-file', 'Not a Slack export: no <channel>/<YYYY-MM-DD>.json files in the archive');

  const users = new Map<string, SlackPerson>();
  const usersEntry = entries.find((entry) => entry.name === `${root}users.json`);
  const userList = usersEntry === undefined ? undefined : readJson(zip, usersEntry);
  for (const user of userList !== undefined && 'value' in userList && Array.isArray(userList.value)
    ? userList.value
    : []) {
    if (!isJsonObject(user) || typeof user.id !== 'string') continue;
    const profile = isJsonObject(user.profile) ? user.profile : {};
    const name =
      [user.real_name, profile.real_name, user.name].map(jsonText).find((candidate) => candidate.trim() !== '') ??
      user.id;
    users.set(user.id, { name, isBot: user.is_bot === true });
  }
  // Bots are named by bot_add messages anywhere in the export: a first pass reads only the days that have one.
  const bots = new Map<string, string>();
  for (const { entry } of days) {
    const parsed = readJson(zip, entry, (text) => text.includes('bot_add'));
    if (parsed !== undefined && 'value' in parsed && Array.isArray(parsed.value))
      parsed.value.forEach((message) => learnBotName(message, bots));
  }
  const people: SlackPeople = { users, bots };

  const channels = [...new Set(days.map(({ day }) => day.split('/')[0] ?? ''))];
  report.columns = [];
  report.notes.push(`${channels.length} channel(s): ${channels.join(', ')}; ${users.size} user(s) in users.json`);
  let line = 0;
  for (const { entry, day } of days) {
    const channel = day.split('/')[0] ?? '';
    const piece: ParsedPiece = { records: [], invalid: [] };
    const parsed = readJson(zip, entry);
    if (parsed === undefined || 'error' in parsed || !Array.isArray(parsed.value)) {
      line += 1;
      const detail = parsed !== undefined && 'error' in parsed ? parsed.error : 'not an array of messages';
      piece.invalid.push({ line, reason: `${day}: ${detail}` });
    } else {
      parsed.value.forEach((message, index) => {
        line += 1;
        const result = slackMessageRecord(message, line, channel, `${day} message ${index + 1}`, people);
        addToPiece(piece, result);
      });
    }
    yield piece;
  }
}

/** The folder holding the export, '' at the top; zipping the export's folder adds one level. */
function exportRoot(names: readonly string[]): string {
  const marker = names
    .filter((name) => /(^|\/)(channels|users)\.json$/.test(name))
    .sort((a, b) => a.length - b.length)[0];
  return marker === undefined ? '' : marker.slice(0, marker.lastIndexOf('/') + 1);
}
