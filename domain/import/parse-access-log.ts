/*
 * Web and proxy access logs streamed into events, line by line, whatever grammar each line has
 * (access-log-line.ts). A syslog-prefixed line in no access grammar becomes an event from its prefix;
 * any other line is an invalid row. Syslog prefixes lack a year: from the settings, else from the
 * first dated access line (the counts per grammar go into the summary's notes).
 */
import type { ZoneId } from '@js-joda/core';
import type { AccessGrammar } from './access-entry.ts';
import type { AccessLogSettings } from './access-log-settings.ts';
import { readAccessLine } from './access-log-line.ts';
import { ImportError } from './import-error.ts';
import { isInvalidRow, tallyPiece, type ParsedPiece, type ParseReport, type PieceTally } from './import-record.ts';
import { loadZone, shorten } from './parse-event-time.ts';
import { syslogRecord } from './syslog-record.ts';
import { inferSyslogYear, YearRoller, type MonthDay } from './syslog-year.ts';
import { textLines, type TextLine } from './text-lines.ts';

const ACCESS_LOG_EXPECTED =
  'expected an Apache/nginx line (client - user [13/Jan/2016:19:31:20 +0200] "GET / HTTP/1.1" 200 494), an AWS load balancer, HAProxy or Squid line';

export async function* parseAccessLog(
  text: AsyncIterable<string>,
  settings: AccessLogSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const zone = await loadZone(settings.timeZone);
  const counts = new Map<AccessGrammar | 'syslog', number>();
  let roller = settings.year === undefined ? undefined : new YearRoller(settings.year);
  const tally: PieceTally = { records: 0, invalid: 0 };
  for await (const lines of textLines(text)) {
    roller ??= new YearRoller(firstYear(lines, zone, report));
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      if (raw.trim() === '') continue;
      const { reading, syslog } = readAccessLine(raw, zone);
      const year =
        syslog !== undefined && syslog.time.year === 0
          ? roller.yearOf(syslog.time.month, syslog.time.day)
          : (syslog?.time.year ?? 0);
      if (typeof reading === 'string') {
        piece.invalid.push({ line, reason: `line ${line}, ${reading}` });
      } else if (reading !== undefined) {
        const extra = { ...reading.extra };
        if (syslog?.host !== undefined) extra.syslog_host = syslog.host;
        if (syslog?.program !== undefined) extra.syslog_program = syslog.program;
        if (syslog?.pid !== undefined) extra.syslog_pid = syslog.pid;
        const { grammar, ...fields } = reading;
        counts.set(grammar, (counts.get(grammar) ?? 0) + 1);
        piece.records.push({ line, ...fields, extra });
      } else if (syslog !== undefined) {
        const result = syslogRecord(line, syslog, year, zone, syslog.message);
        if (isInvalidRow(result)) piece.invalid.push(result);
        else {
          counts.set('syslog', (counts.get('syslog') ?? 0) + 1);
          piece.records.push(result);
        }
      } else {
        piece.invalid.push({
          line,
          reason: `line ${line}: "${shorten(raw)}" is not an access log line (${ACCESS_LOG_EXPECTED})`,
        });
      }
    }
    if (tallyPiece(tally, piece)) yield piece;
  }
  if (tally.records === 0) {
    throw new ImportError(
      'invalid-file',
      tally.invalid === 0
        ? 'The file holds no access log lines'
        : `No line of the file is an access log line (${ACCESS_LOG_EXPECTED})`,
    );
  }
  report.notes.push(
    `Lines read: ${[...counts].map(([grammar, count]) => `${count} ${GRAMMAR_NAMES[grammar]}`).join(', ')}`,
  );
}

export const GRAMMAR_NAMES: Record<AccessGrammar | 'syslog', string> = {
  common: 'Apache/nginx common',
  combined: 'Apache/nginx combined',
  vhost: 'with a virtual host',
  alb: 'AWS ALB',
  elb: 'AWS classic ELB',
  nlb: 'AWS NLB (TLS)',
  'haproxy-http': 'HAProxy HTTP',
  'haproxy-tcp': 'HAProxy TCP',
  'haproxy-error': 'HAProxy connection error',
  squid: 'Squid native',
  s3: 'Amazon S3 server access',
  envoy: 'Envoy/Istio default format',
  uwsgi: 'uWSGI request log',
  syslog: 'other syslog messages',
};

/** Without a year setting, syslog prefixes take the year of the first dated access line, else an inferred one. */
function firstYear(lines: readonly TextLine[], zone: ZoneId, report: ParseReport): number {
  const dates: MonthDay[] = [];
  for (const { line, text } of lines) {
    const { reading, syslog } = readAccessLine(text, zone);
    if (typeof reading === 'object') return new Date(reading.startMicros / 1000).getUTCFullYear();
    if (syslog !== undefined && syslog.time.year === 0)
      dates.push({ month: syslog.time.month, day: syslog.time.day, line });
  }
  const now = new Date();
  const guess = inferSyslogYear(dates, now, `today (${now.toISOString().slice(0, 10)})`);
  if (guess === undefined) return now.getUTCFullYear();
  report.notes.push(`Syslog dates have no year: ${guess.reason}`);
  return guess.year;
}
