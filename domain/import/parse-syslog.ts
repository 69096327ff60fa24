/*
 * Syslog files streamed into events: a line with a syslog header starts a message, any other line
 * continues the one before it (stack traces, rsyslog's escaped newlines). RFC 3164's year comes from
 * the settings or, failing that, from the dates of the first pass of lines (said in a note).
 */
import { parseMysqlLog } from './parse-mysql-log.ts';
import { parseCmtrace } from './parse-cmtrace.ts';
import { parseSetupapi } from './parse-setupapi.ts';
import { ImportError } from './import-error.ts';
import { addToPiece, tallyPiece, type ParsedPiece, type ParseReport, type PieceTally } from './import-record.ts';
import { parseAptHistory } from './parse-apt-history.ts';
import { parsePowershellTranscript } from './parse-powershell-transcript.ts';
import { parseTimestampedLines } from './parse-timestamped-lines.ts';
import { parseWindowsEvents } from './parse-windows-events.ts';
import { loadZone, shorten } from './parse-event-time.ts';
import type { SyslogSettings } from './syslog-settings.ts';
import { GLOG_HEADER } from './service-log-line.ts';
import type { SyslogHeader } from './syslog-header.ts';
import { readSyslogHeader } from './syslog-line.ts';
import { syslogRecord } from './syslog-record.ts';
import { inferSyslogYear, YearRoller, type MonthDay } from './syslog-year.ts';
import { textLines, type TextLine } from './text-lines.ts';

// journalctl's "-- Logs begin at … --" and "-- Reboot --" lines mark the output, they are no message.
const JOURNAL_MARKER = /^-- .* --$/;
// logcat's "--------- beginning of main" between its buffers.
const LOGCAT_MARKER = /^-{9} (?:beginning of|switch to) \S+$/;
// A message longer than this is runaway text, not one event: further lines become invalid rows.
const MAX_MESSAGE_CHARS = 1 << 20;

const SYSLOG_EXPECTED =
  'expected a syslog time first, e.g. "Jan  2 03:04:05 host program[pid]: text" or "<14>1 2024-01-02T03:04:05Z host app - - - text"';

interface Pending {
  readonly line: number;
  readonly header: SyslogHeader;
  readonly year: number;
  message: string;
}

export async function* parseSyslog(
  text: AsyncIterable<string>,
  settings: SyslogSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const zone = await loadZone(settings.timeZone);
  if (settings.layout === 'apt-history') {
    yield* parseAptHistory(text, zone, report);
    return;
  }
  if (settings.layout === 'windows-events') {
    yield* parseWindowsEvents(text, report);
    return;
  }
  if (settings.layout === 'powershell-transcript') {
    yield* parsePowershellTranscript(text, zone);
    return;
  }
  if (settings.layout === 'setupapi') {
    yield* parseSetupapi(text, zone);
    return;
  }
  if (settings.layout === 'cmtrace') {
    yield* parseCmtrace(text, zone);
    return;
  }
  if (settings.layout === 'mysql') {
    yield* parseMysqlLog(text, zone);
    return;
  }
  if (settings.layout === 'timestamped') {
    yield* parseTimestampedLines(text, settings, zone);
    return;
  }
  let roller = settings.year === undefined ? undefined : new YearRoller(settings.year);
  let pending: Pending | undefined;
  const tally: PieceTally = { records: 0, invalid: 0 };
  const finish = (piece: ParsedPiece) => {
    if (pending === undefined) return;
    const result = syslogRecord(pending.line, pending.header, pending.year, zone, pending.message);
    addToPiece(piece, result);
    pending = undefined;
  };
  for await (const lines of textLines(text)) {
    roller ??= new YearRoller(firstYear(lines, report));
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      if (raw.trim() === '' || JOURNAL_MARKER.test(raw) || LOGCAT_MARKER.test(raw)) continue;
      // glog's header, before its first line.
      if (pending === undefined && GLOG_HEADER.test(raw)) continue;
      const header = readSyslogHeader(raw);
      if (header !== undefined) {
        finish(piece);
        const year = header.time.year === 0 ? roller.yearOf(header.time.month, header.time.day) : header.time.year;
        pending = { line, header, year, message: header.message };
      } else if (pending !== undefined && pending.message.length + raw.length < MAX_MESSAGE_CHARS) {
        pending.message += `\n${raw}`;
      } else {
        piece.invalid.push({
          line,
          reason: `line ${line}: "${shorten(raw)}" does not start a syslog message (${SYSLOG_EXPECTED})`,
        });
      }
    }
    // The last message may continue in the next pass: it stays pending, finished there or at the end.
    if (tallyPiece(tally, piece)) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  finish(last);
  const lastHoldsAny = tallyPiece(tally, last);
  if (tally.records === 0) {
    throw new ImportError(
      'invalid-file',
      tally.invalid === 0
        ? 'The file holds no syslog messages'
        : `No line of the file is a syslog message (${SYSLOG_EXPECTED})`,
    );
  }
  if (lastHoldsAny) yield last;
}

/** Without a year setting: inferred from the RFC 3164 dates of the first lines, against today. */
function firstYear(lines: readonly TextLine[], report: ParseReport): number {
  const dates: MonthDay[] = [];
  for (const { line, text } of lines) {
    const header = readSyslogHeader(text);
    if (header !== undefined && header.grammar !== 'rfc5424' && header.grammar !== 'iso' && header.time.year === 0)
      dates.push({ month: header.time.month, day: header.time.day, line });
  }
  const now = new Date();
  const guess = inferSyslogYear(dates, now, `today (${now.toISOString().slice(0, 10)})`);
  if (guess === undefined) return now.getUTCFullYear();
  report.notes.push(
    `The dates have no year (RFC 3164, logcat, klog, Asterisk, Snort, Redis before 3.0): ${guess.reason}`,
  );
  return guess.year;
}
