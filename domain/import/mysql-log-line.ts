/*
 * The lines of MySQL's general query log and slow query log (MySQL 5.6 to 8), as the server writes
 * them (sql/log.cc): a preamble of three lines each time the file is opened; general rows of a time,
 * the connection id, the command and its argument, tab-separated, where 5.6 writes the time only
 * when it changed ("YYMMDD HH:MM:SS", local) and 5.7+ writes an ISO time on every row (UTC, or the
 * system zone's offset under log_timestamps=SYSTEM); slow entries of "# Time:", "# User@Host:" and
 * "# Query_time:" comment lines and the statements after them.
 */
import type { ZoneId } from '@js-joda/core';
import { localMicros } from './local-micros.ts';
import { createTimestampReader } from '../time/read-timestamp.ts';

// "/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:", then the port
// line, then the column titles. Tested by includes and endsWith: a regular expression of ".*, Version:
// .*started with:" backtracks for minutes over a megabyte line of ", Version: ".
const PREAMBLE_LINE = /^(?:Tcp port: \d+ +Unix socket: |Time +Id +Command +Argument\s*$)/;

export function isMysqlPreamble(line: string): boolean {
  return PREAMBLE_LINE.test(line) || (line.includes(', Version: ') && line.trimEnd().endsWith('started with:'));
}
// 5.6's "240305  9:00:00" (the hour padded with a space) or 5.7+'s ISO time with Z or an offset.
const SHORT_TIME = '\\d{6} +\\d{1,2}:\\d{2}:\\d{2}';
const ISO_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2})';
const GENERAL_ROW = new RegExp(`^(${SHORT_TIME}|${ISO_TIME})?\\t+ *(\\d+) ([A-Z][A-Za-z]*(?: [A-Za-z]+)*)\\t(.*)$`);
export const SLOW_TIME = new RegExp(`^# Time: (${SHORT_TIME}|${ISO_TIME})\\s*$`);
// "# User@Host: alice[alice] @ localhost []  Id:    12" (older servers write no Id; the host or the address may be empty).
export const SLOW_USER = /^# User@Host: ([^[\s]*)\[[^\]]*\] @ ?(\S*) \[([^\]]*)\](?:\s+Id:\s*(\d+))?/;
export const SLOW_STATS = /^# (Query_time: .*)$/;
export const SLOW_SET_TIMESTAMP = /^SET timestamp=(\d+);$/;
export const SLOW_USE = /^use ([^;]+);$/;

interface GeneralRow {
  readonly time: string | undefined;
  readonly connection: string;
  readonly command: string;
  readonly argument: string;
}

export function readGeneralRow(line: string): GeneralRow | undefined {
  const match = GENERAL_ROW.exec(line);
  if (match === null) return undefined;
  const [, time, connection = '', command = '', argument = ''] = match;
  return { time, connection, command, argument };
}

/** A MySQL time in microseconds: an ISO time with its offset, or 5.6's YYMMDD local time in `zone`. */
export function mysqlTimeReader(zone: ZoneId): (text: string) => number | undefined {
  const iso = createTimestampReader({ zone, numericUnit: 'auto', dateOrder: undefined });
  return (text) => {
    const short = /^(\d{2})(\d{2})(\d{2}) +(\d{1,2}):(\d{2}):(\d{2})$/.exec(text);
    if (short === null) return iso(text);
    const [, year = '', month = '', day = '', hour = '', minute = '', second = ''] = short;
    return localMicros(
      {
        // MySQL's own two-digit years (YYMMDD): 70-99 are 1970-1999.
        year: (Number(year) < 70 ? 2000 : 1900) + Number(year),
        month: Number(month),
        day: Number(day),
        hour: Number(hour),
        minute: Number(minute),
        second: Number(second),
        fractionMicros: 0,
      },
      zone,
    );
  };
}

/** "alice@10.0.0.5" from a Connect row's "alice@10.0.0.5 on app using TCP/IP"; undefined for a refusal. */
export function connectUser(argument: string): string | undefined {
  return /^([^\s@']+@\S+) on /.exec(argument)?.[1];
}

/** Of the first lines, how many read as each kind of MySQL log line. */
export function mysqlLogEvidence(lines: readonly string[]): { preamble: number; general: number; slow: number } {
  let preamble = 0;
  let general = 0;
  let slow = 0;
  for (const line of lines) {
    if (isMysqlPreamble(line)) preamble += 1;
    else if (GENERAL_ROW.test(line)) general += 1;
    else if (SLOW_TIME.test(line) || SLOW_USER.test(line) || SLOW_STATS.test(line)) slow += 1;
  }
  return { preamble, general, slow };
}
