/*
 * Line shapes of services' own logs read as syslog headers (syslog-line.ts asks here after its own):
 * - klog/glog, the format of every Kubernetes component and of Google's C++ and Go logging:
 *   "I0305 09:14:02.118375    1 server.go:148] text" (level letter, month and day without a year,
 *   microseconds, thread id, source file and line);
 * - Asterisk's own log: "[Mar  5 14:30:01] NOTICE[2411][C-00000012] chan_sip.c: text" (logger.conf's default
 *   dateformat, no year) or a dated "[2024-03-05 14:30:01.123]", the level, thread and call id, the module;
 * - the "fast" alert lines of Snort and Suricata: "03/05-14:22:31.118352  [**] [1:2010935:3] text [**]
 *   [Classification: …] [Priority: 2] {TCP} a:port -> b:port" (Snort without -y has no year; Suricata
 *   writes "03/05/2024-…"), the alert's source address as the actor and its gid:sid:rev as the message id.
 */
import { MONTH_ABBREVIATIONS } from '../time/month-abbreviations.ts';
import { civilTime, type CivilTime } from './local-micros.ts';
import type { SyslogHeader } from './syslog-header.ts';

const KLOG = /^([IWEF])(\d{2})(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{1,9}) +(\d+) ([^\s:\]]+):(\d+)\] ?/;
/** klog's level letters as syslog severities (user-level facility: 8 + severity). */
const KLOG_SEVERITY: Readonly<Record<string, number>> = { I: 6, W: 4, E: 3, F: 2 };

const ASTERISK = new RegExp(
  String.raw`^\[(?:([A-Z][a-z]{2}) {1,2}(\d{1,2})|(\d{4})-(\d{2})-(\d{2})) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?\] ` +
    String.raw`(DEBUG|VERBOSE|NOTICE|WARNING|ERROR|SECURITY|DTMF|FAX)\[(\d+)\](?:\[([^\]\s]*)\])? ([^\s:]+): ?`,
);
const ASTERISK_SEVERITY: Readonly<Record<string, number>> = {
  DEBUG: 7,
  VERBOSE: 6,
  DTMF: 6,
  FAX: 6,
  NOTICE: 5,
  SECURITY: 5,
  WARNING: 4,
  ERROR: 3,
};

// "[Drop] " or "[wDrop] " comes first on an IPS's dropped packet; Snort 3 quotes the signature.
const FAST_ALERT =
  /^(\d{2})\/(\d{2})(?:\/(\d{2}|\d{4}))?-(\d{2}):(\d{2}):(\d{2})\.(\d{1,6}) +(?:\[w?Drop\] +)?\[\*\*\] \[(\d+:\d+:\d+)\] "?(.*?)"? \[\*\*\] ?(.*)$/;
// The packet's addresses at the end: "{TCP} 185.220.101.4:49152 -> 10.0.0.5:1433".
const ENDPOINTS = /\{[^}]*\} (\S+) -> \S+$/;

/** glog's header before its first line (klog writes none): "Log file created at: 2024/03/05 09:14:02" and three or four more. */
export const GLOG_HEADER =
  /^(?:Log file created at|Running on machine|Running duration \(h:mm:ss\)|Binary|Log line format): /;
const GLOG_CREATED = /^Log file created at: (\d{4})\/(\d{2})\/(\d{2}) /;

/** The year of a glog file's first line from its header's creation date (a line dated before it is in the next year). */
export function glogYear(
  headerLines: readonly string[],
  first: { readonly month: number; readonly day: number } | undefined,
): { year: number; reason: string } | undefined {
  const created = headerLines.map((line) => GLOG_CREATED.exec(line)).find((match) => match !== null);
  if (created === undefined || created === null || first === undefined) return undefined;
  const [text = '', year, month, day] = created;
  const before = first.month * 100 + first.day < Number(month) * 100 + Number(day);
  return {
    year: Number(year) + (before ? 1 : 0),
    reason: `year ${Number(year) + (before ? 1 : 0)} from the file's header ("${text.trim()}")`,
  };
}

const MONTHS: ReadonlyMap<string, number> = new Map(MONTH_ABBREVIATIONS.map((name, index) => [name, index + 1]));

export function readServiceLogHeader(text: string): SyslogHeader | undefined {
  return readKlog(text) ?? readAsterisk(text) ?? readFastAlert(text);
}

/**
 * A klog line inside another log's message (kubelet and containerd through journald or rsyslog:
 * "kubelet[812]: E0305 09:20:11.533090     812 kubelet.go:2909] text"): its severity, source, text and
 * its time of day with microseconds, which refine the carrying line's whole seconds when they agree.
 */
export function klogInMessage(
  message: string,
): { priority: number; source: string; text: string; clock: CivilTime } | undefined {
  // Most messages are no klog line: their first two characters say so without the pattern.
  if (!'IWEF'.includes(message[0] ?? 'x') || !(message.charCodeAt(1) >= 48 && message.charCodeAt(1) <= 57))
    return undefined;
  const match = KLOG.exec(message);
  if (match === null) return undefined;
  const [head, letter = '', month, day, hour, minute, second, fraction, , file, line] = match;
  return {
    priority: 8 + (KLOG_SEVERITY[letter] ?? 6),
    source: `${file ?? ''}:${line ?? ''}`,
    text: message.slice(head.length).trim(),
    clock: civilTime(0, Number(month), day, hour, minute, second, fraction),
  };
}

function readKlog(text: string): SyslogHeader | undefined {
  const match = KLOG.exec(text);
  if (match === null) return undefined;
  const [head, letter = '', month, day, hour, minute, second, fraction, thread, file] = match;
  return {
    grammar: 'klog',
    priority: 8 + (KLOG_SEVERITY[letter] ?? 6),
    time: civilTime(0, Number(month), day, hour, minute, second, fraction),
    offsetMinutes: undefined,
    host: undefined,
    program: file,
    pid: undefined,
    msgid: undefined,
    thread,
    structuredData: undefined,
    message: text.slice(head.length).trim(),
    prefixLength: head.length,
  };
}

function readAsterisk(text: string): SyslogHeader | undefined {
  const match = ASTERISK.exec(text);
  if (match === null) return undefined;
  const [
    head,
    monthName,
    monthDay,
    year,
    month,
    day,
    hour,
    minute,
    second,
    fraction,
    level = '',
    thread,
    call,
    module,
  ] = match;
  const monthNumber = monthName === undefined ? Number(month) : MONTHS.get(monthName);
  if (monthNumber === undefined) return undefined;
  return {
    grammar: 'asterisk',
    priority: 8 + (ASTERISK_SEVERITY[level] ?? 6),
    time: civilTime(Number(year ?? 0), monthNumber, monthDay ?? day, hour, minute, second, fraction),
    offsetMinutes: undefined,
    host: undefined,
    program: module,
    pid: undefined,
    // The call's id ties a call's lines together (Asterisk's "C-" identifiers).
    msgid: call,
    thread,
    structuredData: undefined,
    message: text.slice(head.length).trim(),
    prefixLength: head.length,
  };
}

function readFastAlert(text: string): SyslogHeader | undefined {
  const match = FAST_ALERT.exec(text);
  if (match === null) return undefined;
  const [
    head,
    first = '',
    second2 = '',
    third,
    hour,
    minute,
    second,
    fraction,
    signatureId,
    signature = '',
    rest = '',
  ] = match;
  // Suricata writes "MM/DD/YY" and, in later versions, "YY/MM/DD" (no month is above 12); Snort "MM/DD".
  const yearFirst = third !== undefined && Number(first) > 12;
  const [month, day, year] = yearFirst ? [second2, third, first] : [first, second2, third];
  const fullYear = year === undefined ? 0 : year.length === 2 ? 2000 + Number(year) : Number(year);
  const source = ENDPOINTS.exec(rest)?.[1];
  return {
    grammar: 'fast-alert',
    priority: undefined,
    time: civilTime(fullYear, Number(month), day, hour, minute, second, fraction),
    offsetMinutes: undefined,
    // A source's port differs per connection: the address alone is the actor ("a.b.c.d:port", "[v6]:port").
    host:
      source?.replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1').replace(/^\[([\da-fA-F:.]+)\]:\d+$/, '$1') ?? 'alert',
    program: undefined,
    pid: undefined,
    msgid: signatureId,
    structuredData: undefined,
    message: `${signature} ${rest}`.trim(),
    prefixLength: head.length,
  };
}
