/*
 * Which importer reads a file, from its first bytes and its name, with the settings to suggest in
 * the preview. Content decides; the extension only breaks ties. A file no importer reads gets
 * `format: undefined` and a reason to show.
 */
import { composeLines, withComposePrefix } from './compose-prefix.ts';
import { detectMysqlLog } from './detect-mysql-log.ts';
import { decodeStart } from './byte-chunks.ts';
import { detectAccessLog } from './detect-access-log.ts';
import { detectChat } from './detect-chat.ts';
import { detectJson, detectLogfmt } from './detect-json.ts';
import { detectSyslog } from './detect-syslog.ts';
import { detectTimestampedLines } from './detect-timestamped-lines.ts';
import type { FormatDetection } from './format-detection.ts';
import { gunzipStart, isGzip, withoutGzipExtension } from './gunzip-bytes.ts';
import { harZipEvidence } from './har-zip.ts';
import { sniffDelimited } from './sniff-delimited.ts';
import { detectWindowsEventXml } from './windows-event-xml.ts';
import { normalizeName } from './suggest-mapping.ts';

/**
 * How many leading bytes detectFormat reads: pass the file's first DETECT_BYTES (all of it when it
 * is smaller). Fewer than this is taken to be the whole file, so its last line counts as complete.
 */
export const DETECT_BYTES = 64 * 1024;

export type { FormatDetection };

const TIME_THEN_TEXT = 'Lines of a time then free text';
const ZIP_MAGIC = [0x50, 0x4b];

/**
 * Binary, not text with a flaw: NUL bytes alone do not make a file binary (a syslog file padded with
 * NULs where a crash cut it, a stray NUL in a message, which the import drops); what is left without
 * them must still be lines of text, with almost no other control character or undecodable byte.
 */
function looksBinary(text: string): boolean {
  if (!text.includes('\u0000')) return false;
  const rest = text.replaceAll('\u0000', '');
  if (!rest.includes('\n')) return true;
  let odd = 0;
  for (let index = 0; index < rest.length; index += 1) {
    const code = rest.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0xfffd) odd += 1;
  }
  return odd > rest.length * 0.02;
}

export function detectFormat(firstBytes: Uint8Array, fileName: string): FormatDetection {
  if (firstBytes.byteLength === 0) return { format: undefined, reason: 'The file is empty' };
  if (isGzip(firstBytes)) return detectGzipped(firstBytes, fileName);
  if (ZIP_MAGIC.every((byte, index) => firstBytes[index] === byte)) {
    const har = harZipEvidence(firstBytes.subarray(0, DETECT_BYTES));
    if (har !== undefined) return { format: 'har', reason: har, settings: { format: 'har' } };
    return {
      format: 'slack-zip',
      reason: 'A zip archive: read as a Slack export (channels.json, users.json, <channel>/<date>.json)',
    };
  }
  const complete = firstBytes.byteLength < DETECT_BYTES;
  const decoded = decodeStart(firstBytes.subarray(0, DETECT_BYTES));
  if (looksBinary(decoded))
    return { format: undefined, reason: 'A binary file: the importers read text, HAR and Slack zips' };
  // As the importers read it (textChunks drops NULs).
  const text = decoded.replaceAll('\u0000', '');
  // docker compose output: judged without the containers' names, which become the actors.
  const compose = composeLines(text);
  if (compose !== undefined)
    return withComposePrefix(detectFormat(new TextEncoder().encode(compose.text), fileName), compose.reason);
  // Before every text family: an event's EventData holds "Name=" attributes and free text.
  const windowsEvents = detectWindowsEventXml(text);
  if (windowsEvents !== undefined) return windowsEvents;
  // Before JSON: kernel ring buffer lines open with "[" too.
  if (isDmesg(text)) {
    return {
      format: undefined,
      reason:
        'Kernel messages (dmesg) timed in seconds since boot, which no clock places: export them with their times (dmesg -T, journalctl -k or /var/log/kern.log) and import that',
    };
  }
  // Before JSON: WhatsApp iOS and ZNC lines open with "[".
  const chat = detectChat(text, complete, fileName);
  if (chat !== undefined) return chat;
  const json = detectJson(text, complete, fileName);
  if (json !== undefined) return json;
  // Space-separated logs must be claimed before the delimited sniff (and RFC 5424's "<PRI>" before
  // the XML check); access logs before syslog, since HAProxy and nginx lines often come through syslog.
  // Before the delimited sniff, which splits a general log's rows at their tabs.
  const mysql = detectMysqlLog(text, complete);
  if (mysql !== undefined) return mysql;
  const family = detectAccessLog(text, complete, fileName) ?? detectSyslog(text, complete, fileName);
  if (family !== undefined) return family;
  // key=value lines, after syslog: a syslog line whose message is key=value pairs keeps its header.
  const logfmt = detectLogfmt(text, complete);
  if (logfmt !== undefined) return logfmt;
  const start = text.trimStart();
  if (start.startsWith('<')) {
    return {
      format: undefined,
      reason: /<gpx[\s>]/.test(start)
        ? 'A GPX track: map data (geo time series), not an event import'
        : 'An XML or HTML file: no event importer reads it (events come from text logs, CSV or TSV, JSON, HAR and chat exports; GPX, KML and TCX tracks become maps)',
    };
  }
  // A table with a time column wins; lines that only start with a time (and go on in free text, with
  // stack traces between) are a text log, even where commas happen to split them evenly.
  // sniffDelimited's own "time then free text" reading keeps a zone word ("UTC") in the message and
  // refuses continuation lines: the text log reads those files better.
  const delimited = detectDelimited(text, complete);
  const table =
    delimited.format === 'timesketch-csv' ||
    (delimited.format === 'delimited' &&
      delimited.settings !== undefined &&
      !delimited.reason.startsWith(TIME_THEN_TEXT) &&
      !commaFraction(delimited));
  if (table && !headerlessWords(delimited)) return delimited;
  return detectTimestampedLines(text, complete, fileName) ?? delimited;
}

/*
 * Lines of a time then words split on spaces with no header row (BIND's query log, a daemon's own
 * log file) are text, not a table: as columns they give "column 6" as the message and cut the text
 * into words. Kept as a table when no time starts the lines.
 */
function headerlessWords(detection: FormatDetection): boolean {
  if (detection.format !== 'delimited') return false;
  const { delimiter, headerRows, columnNames, fieldsDirective } = detection.layout;
  // W3C and Zeek logs name their columns in directives: those are tables.
  const named = columnNames?.some((name) => !/^column \d+$/.test(name)) === true;
  if (headerRows !== 0 || named || fieldsDirective !== undefined) return false;
  return delimiter === 'whitespace' || delimiter === ' ';
}

const DMESG_LINE = /^\[ *\d+\.\d{6}\] /;

/** Most of the first lines are "[    3.141592] message": seconds since boot. */
function isDmesg(text: string): boolean {
  const lines = text.split('\n', 20).filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.filter((line) => DMESG_LINE.test(line)).length * 10 >= lines.length * 8;
}

/** A gzipped file is detected on the start of its text; a first sample shorter than the detection window counts as complete only when the gzip input was. */
function detectGzipped(firstBytes: Uint8Array, fileName: string): FormatDetection {
  const inflated = gunzipStart(firstBytes, DETECT_BYTES);
  if (inflated.byteLength === 0) return { format: undefined, reason: 'A gzip file whose start cannot be unpacked' };
  if (isGzip(inflated))
    return { format: undefined, reason: 'A gzip file holding another gzip file: unpack it once first' };
  const inner = detectFormat(inflated, withoutGzipExtension(fileName));
  if (inner.format === 'slack-zip')
    return { format: undefined, reason: 'A gzip file holding a zip archive: unpack it first' };
  return { ...inner, reason: `Compressed with gzip, read as it unpacks. ${inner.reason}` };
}

/**
 * "2024-01-02 07:41:03,515 INFO …" (log4j's and Python logging's default time, a comma before the
 * milliseconds) splits at that comma into a time column and one starting with the fraction's digits.
 */
function commaFraction(detection: FormatDetection): boolean {
  if (detection.format !== 'delimited' || detection.layout.delimiter !== ',' || detection.mapping.startTime !== 0)
    return false;
  const rows = detection.sampleRows.filter((row) => row.length > 1);
  return (
    rows.length > 0 &&
    rows.every((row) => /^\d{1,9}(?:\s|$)/.test(row[1] ?? '') && /\d:\d\d$/.test((row[0] ?? '').trim()))
  );
}

export function detectDelimited(text: string, complete: boolean): FormatDetection {
  const guess = sniffDelimited(text, complete);
  if (typeof guess === 'string') return { format: undefined, reason: `Not a delimited file: ${guess}` };
  const { notes, timeZone, ...detected } = guess;
  const names = new Set(guess.columns.map(normalizeName));
  if (guess.layout.delimiter === ',' && isTimesketch(names)) {
    return {
      format: 'timesketch-csv',
      reason: 'Comma-separated with Timesketch columns (message, datetime/timestamp, timestamp_desc)',
      ...detected,
    };
  }
  const reason = notes
    .map((note, index) => (index === 0 ? `${note[0]?.toUpperCase() ?? ''}${note.slice(1)}` : note))
    .join('; ');
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
