/*
 * Slack workspace exports (zip): channels.json, users.json and <channel>/<YYYY-MM-DD>.json. Each
 * channel is a stream; messages come channel by channel, day by day. The archive is checked for
 * zip-bomb signs (zip-guard.ts) before anything is inflated, and only the files read are inflated.
 */
import { strFromU8, unzipSync } from 'fflate';
import { ImportError } from './import-error.ts';
import { isInvalidRow, type JsonValue, type ParsedPiece, type ParseReport } from './import-record.ts';
import { isJsonObject, jsonText } from './json-lines.ts';
import { learnBotName, slackMessageRecord, type SlackPeople, type SlackPerson } from './slack-message-record.ts';
import { inspectZip, type ZipLimits } from './zip-guard.ts';

const DAY_FILE = /^([^/]+)\/(\d{4}-\d{2}-\d{2})\.json$/;

export function* parseSlackExport(zip: Uint8Array, limits: ZipLimits, report: ParseReport): Generator<ParsedPiece> {
  const names = inspectZip(zip, limits).map((entry) => entry.name);
  const root = exportRoot(names);
  const wanted = (name: string) => name.startsWith(root) && (name.slice(root.length) === 'users.json' || DAY_FILE.test(name.slice(root.length)));
  if (!names.some((name) => DAY_FILE.test(name.slice(root.length)))) {
    throw new ImportError('invalid-file', 'Not a Slack export: no <channel>/<YYYY-MM-DD>.json files in the archive');
  }
  const files = unzipSync(zip, { filter: (file) => wanted(file.name) });
  const json = (name: string): JsonValue | undefined => {
    const bytes = files[root + name];
    if (bytes === undefined) return undefined;
    try {
      return JSON.parse(strFromU8(bytes)) as JsonValue;
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };

  const users = new Map<string, SlackPerson>();
  const userList = json('users.json');
  for (const user of Array.isArray(userList) ? userList : []) {
    if (!isJsonObject(user) || typeof user.id !== 'string') continue;
    const profile = isJsonObject(user.profile) ? user.profile : {};
    const name = [user.real_name, profile.real_name, user.name].map(jsonText).find((candidate) => candidate.trim() !== '') ?? user.id;
    users.set(user.id, { name, isBot: user.is_bot === true });
  }
  const days = Object.keys(files)
    .map((name) => name.slice(root.length))
    .filter((name) => DAY_FILE.test(name))
    .sort();
  const parsedDays = days.map((day) => ({ day, messages: json(day) }));
  const bots = new Map<string, string>();
  for (const { messages } of parsedDays) if (Array.isArray(messages)) messages.forEach((message) => learnBotName(message, bots));
  const people: SlackPeople = { users, bots };

  const channels = [...new Set(days.map((day) => day.split('/')[0] ?? ''))];
  report.columns = [];
  report.notes.push(`${channels.length} channel(s): ${channels.join(', ')}; ${users.size} user(s) in users.json`);
  let line = 0;
  for (const { day, messages } of parsedDays) {
    const channel = day.split('/')[0] ?? '';
    const piece: ParsedPiece = { records: [], invalid: [] };
    if (!Array.isArray(messages)) {
      line += 1;
      const detail = isJsonObject(messages) && typeof messages.error === 'string' ? `not valid JSON: ${messages.error}` : 'not an array of messages';
      piece.invalid.push({ line, reason: `${day}: ${detail}` });
    } else {
      messages.forEach((message, index) => {
        line += 1;
        const result = slackMessageRecord(message, line, channel, `${day} message ${index + 1}`, people);
        if (isInvalidRow(result)) piece.invalid.push(result);
        else piece.records.push(result);
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
