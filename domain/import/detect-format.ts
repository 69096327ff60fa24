/*
 * Which importer reads a file, from its first bytes and its name, with the settings to suggest in
 * the preview. Content decides; the extension only breaks ties. A file no importer reads gets
 * `format: undefined` and a reason to show.
 */
import { decodeStart } from './byte-chunks.ts';
import { detectAccessLog } from './detect-access-log.ts';
import { detectChat } from './detect-chat.ts';
import { detectJson } from './detect-json.ts';
import { detectSyslog } from './detect-syslog.ts';
import type { FamilyDetection, FormatDetection } from './format-detection.ts';
import { sniffDelimited } from './sniff-delimited.ts';
import { normalizeName } from './suggest-mapping.ts';

/**
 * How many leading bytes detectFormat reads: pass the file's first DETECT_BYTES (all of it when it
 * is smaller). Fewer than this is taken to be the whole file, so its last line counts as complete.
 */
export const DETECT_BYTES = 64 * 1024;

export type { FamilyDetection, FormatDetection };

const ZIP_MAGIC = [0x50, 0x4b];

export function detectFormat(firstBytes: Uint8Array, fileName: string): FormatDetection {
  if (firstBytes.byteLength === 0) return { format: undefined, reason: 'The file is empty' };
  if (ZIP_MAGIC.every((byte, index) => firstBytes[index] === byte)) {
    return { format: 'slack-zip', reason: 'A zip archive: read as a Slack export (channels.json, users.json, <channel>/<date>.json)' };
  }
  const complete = firstBytes.byteLength < DETECT_BYTES;
  const text = decodeStart(firstBytes.subarray(0, DETECT_BYTES));
  if (text.includes('\u0000')) return { format: undefined, reason: 'A binary file: the importers read text, HAR and Slack zips' };
  // Before JSON: WhatsApp iOS and ZNC lines open with "[".
  const chat = detectChat(text, complete, fileName);
  if (chat !== undefined) return chat;
  const json = detectJson(text, complete, fileName);
  if (json !== undefined) return json;
  // Space-separated logs must be claimed before the delimited sniff (and RFC 5424's "<PRI>" before
  // the XML check); access logs before syslog, since HAProxy and nginx lines often come through syslog.
  const family = detectAccessLog(text, complete, fileName) ?? detectSyslog(text, complete, fileName);
  if (family !== undefined) return family;
  const start = text.trimStart();
  if (start.startsWith('<')) {
    return {
      format: undefined,
      reason: /<gpx[\s>]/.test(start)
        ? 'A GPX track: map data (geo time series), not an event import'
        : 'An XML or HTML file: not an import format (section 3 lists har and tsv)',
    };
  }
  return detectDelimited(text, complete);
}

export function detectDelimited(text: string, complete: boolean): FormatDetection {
  const guess = sniffDelimited(text, complete);
  if (typeof guess === 'string') return { format: undefined, reason: `Not a delimited file: ${guess}` };
  const { notes, timeZone, ...detected } = guess;
  const names = new Set(guess.columns.map(normalizeName));
  if (guess.layout.delimiter === ',' && isTimesketch(names)) {
    return { format: 'timesketch-csv', reason: 'Comma-separated with Timesketch columns (message, datetime/timestamp, timestamp_desc)', ...detected };
  }
  const reason = notes.map((note, index) => (index === 0 ? `${note[0]?.toUpperCase() ?? ''}${note.slice(1)}` : note)).join('; ');
  const { startTime, ...rest } = guess.mapping;
  const settings =
    startTime === undefined
      ? undefined
      : {
          format: 'delimited' as const,
          ...guess.layout,
          mapping: { startTime, ...rest },
          numericUnit: guess.numericUnit,
          timeZone: timeZone ?? 'UTC',
          ...(guess.dateOrder === undefined ? {} : { dateOrder: guess.dateOrder }),
        };
  return { format: 'delimited', reason, ...detected, settings, timeZoneFromFile: timeZone !== undefined };
}

function isTimesketch(names: ReadonlySet<string>): boolean {
  return names.has('message') && names.has('timestampdesc') && (names.has('datetime') || names.has('timestamp'));
}
