/*
 * The header of one syslog line in any of the three shapes found in files: RFC 3164 ("Mmm dd
 * hh:mm:ss host prog[pid]: msg", host optional, no year), RFC 5424 ("<PRI>1 ISO-time host app procid
 * msgid SD msg"), an ISO time in front of a 3164 tag (rsyslog's file formats), and Android logcat's
 * threadtime and time formats ("MM-DD hh:mm:ss.mmm pid tid L Tag: msg", "MM-DD … L/Tag( pid): msg",
 * no year unless `-v year`), journalctl's short-full, macOS `log show`, Redis's own log, and klog, Asterisk and
 * Snort/Suricata fast alerts (service-log-line.ts). Undefined when the line starts with none of them: for a syslog file,
 * such a line continues the message before it.
 */
import { zoneAbbreviationOffset } from '../time/zone-abbreviations.ts';
import { MONTH_ABBREVIATIONS } from '../time/month-abbreviations.ts';
import { civilTime, type CivilTime } from './local-micros.ts';
import type { SyslogHeader } from './syslog-header.ts';
import { readServiceLogHeader } from './service-log-line.ts';
import { readStructuredData } from './syslog-structured-data.ts';

const MONTHS: ReadonlyMap<string, number> = new Map(MONTH_ABBREVIATIONS.map((name, index) => [name, index + 1]));
const PRI = String.raw`(?:<(\d{1,3})>)?`;
// Variants: a year after the day and a colon after the time (Cisco: "Mar 01 2019 10:00:00:"), a
// weekday first and the year after the time (OpenWrt logread: "Thu Jan  2 03:04:05 2024"), Cisco IOS's
// buffer ("000123: *Mar  1 00:01:23.456 UTC: %LINK-3-UPDOWN: …": a sequence number, "*" or "." for
// a clock not or once synchronised, a zone abbreviation before the "%" tag, placing the time when it names
// one offset (UTC, CET; see zoneAbbreviationOffset), else read in the file's zone).
const RFC3164 = new RegExp(
  String.raw`^${PRI}(?:\d{1,10}: )?[*.]?((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?([A-Z][a-z]{2}) {1,2}(\d{1,2})(?: (\d{4}))? (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?: (\d{4}))?(?: (UTC|GMT|[A-Z]{2,4}T)(?=: %))?:? +`,
);
const ISO = new RegExp(
  String.raw`^${PRI}(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})? +`,
);
// journalctl -o short-full: "Tue 2024-03-05 12:00:00 UTC host prog[pid]: msg" (a weekday, the ISO date
// and time, then the zone's abbreviation, or an offset such as "+03"); an offset or an abbreviation
// that names one (UTC, CET, EST) places the time, an ambiguous one (CST, IST) is read in the file's zone.
const SHORT_FULL =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))? (UTC|GMT|[+-]\d{2}(?::?\d{2})?|[A-Z]{2,5}) +/;
// macOS `log show` in its default style: the time with microseconds and an offset, the thread, the
// type (Default, Info, Debug, Error, Fault), the activity, the PID, the TTL, then "process: message".
const MACOS_LOG =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{1,6})([+-]\d{4}) +0x[0-9a-f]+ +([A-Z][a-z]+) +0x[0-9a-f]+ +(\d+) +\d+ +([^:]+?): /;
/** The unified log's types as syslog severities (user-level facility: 8 + severity). */
const MACOS_SEVERITY: Readonly<Record<string, number>> = { Fault: 2, Error: 3, Default: 5, Info: 6, Debug: 7 };
const RFC5424 =
  /^<(\d{1,3})>\d{1,2} (?:-|(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})) (\S+) (\S+) (\S+) (\S+) /;
// logcat: the date (a year only with `-v year`), the time to the millisecond, then threadtime's
// "pid tid L Tag: " or time's "L/Tag( pid): ". A tag may hold spaces (padded by some devices).
const LOGCAT = new RegExp(
  String.raw`^(?:(\d{4})-)?(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3,6}) +(?:(\d+) +(\d+) +([VDIWEFA]) (.*?) ?:(?: |$)|([VDIWEFA])\/(.*?)\( *(\d+)\):(?: |$))`,
);
// Redis's own log (serverLogRaw): "pid:role dd Mon yyyy hh:mm:ss.mmm level text", the role X (sentinel),
// C (a child writing RDB/AOF), S (replica) or M (master); before 3.0 "[pid] dd Mon hh:mm:ss.mmm level
// text" with no year. The level is one character: "." debug, "-" verbose, "*" notice, "#" warning.
const REDIS =
  /^(?:(\d{1,10}):([XCSM])|\[(\d{1,10})\]) (\d{1,2}) ([A-Z][a-z]{2}) (?:(\d{4}) )?(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))? ([.\-*#]) /;
const REDIS_SEVERITY: Readonly<Record<string, number>> = { '.': 7, '-': 7, '*': 5, '#': 4 };
const REDIS_ROLES: Readonly<Record<string, string>> = { X: 'sentinel', C: 'child', S: 'replica', M: 'master' };
/** logcat's priority letters as syslog severities (user-level facility: 8 + severity). */
const LOGCAT_SEVERITY: Readonly<Record<string, number>> = { V: 7, D: 7, I: 6, W: 4, E: 3, F: 2, A: 1 };
// "prog[pid]: " or "prog: ": a program name holds no spaces, brackets or colons and starts like a
// name, a path ("/USR/SBIN/CRON[1234]:") or Cisco's "%ASA-4-106023:", not with other punctuation (GitHub Actions' "##[group]Run …"
// after its ISO time is text); after a [pid] the colon may be missing (macOS launchd:
// "com.apple.xpc.launchd[1] (com.apple.x): …").
const HOST = /^[\w[][\w.:%\-\]]*$/;
const TAG = /^([\w/.(%\u00c0-\uffff][^\s[\]:]*)(?:\[([^\]\s]*)\]:? ?|: ?)/;

export function readSyslogHeader(text: string): SyslogHeader | undefined {
  if (text.startsWith('<')) {
    const structured = read5424(text);
    if (structured !== undefined) return structured;
  }
  const classic = RFC3164.exec(text);
  if (classic !== null) {
    const [, pri, weekday, monthName = '', day, yearBefore, hour, minute, second, fraction, yearAfter, zone] = classic;
    const month = MONTHS.get(monthName);
    if (month === undefined) return undefined;
    // C's ctime() ("Tue Mar  5 14:40:01 2024 text": OpenVPN, vsftpd) names no host: it is syslog only with
    // OpenWrt logread's "facility.level" or a "host program[pid]:" after it; else a text log with a time first.
    const after = text.slice(classic[0].length, classic[0].length + 200);
    if (
      weekday !== undefined &&
      yearAfter !== undefined &&
      levelOf(text, classic[0].length) === undefined &&
      !/^\S+ [\w/.-]+\[\d+\]: /.test(after)
    )
      return undefined;
    const year = yearBefore ?? yearAfter;
    const time = civilTime(year === undefined ? 0 : Number(year), month, day, hour, minute, second, fraction);
    const utc = zone === undefined ? undefined : zoneAbbreviationOffset(zone);
    return withTag(text, classic[0].length, 'rfc3164', priorityOf(pri), time, utc);
  }
  const logcat = readLogcat(text);
  if (logcat !== undefined) return logcat;
  const redis = readRedis(text);
  if (redis !== undefined) return redis;
  const service = readServiceLogHeader(text);
  if (service !== undefined) return service;
  const unified = MACOS_LOG.exec(text);
  if (unified !== null) {
    const [head, year, month, day, hour, minute, second, fraction, zone, type = '', pid, process] = unified;
    const severity = MACOS_SEVERITY[type];
    return {
      grammar: 'iso',
      priority: severity === undefined ? undefined : 8 + severity,
      time: civilTime(Number(year), Number(month), day, hour, minute, second, fraction),
      offsetMinutes: offsetOf(zone),
      host: undefined,
      program: process,
      pid,
      msgid: undefined,
      structuredData: undefined,
      message: text.slice(head.length).trim(),
      prefixLength: head.length,
    };
  }
  const full = SHORT_FULL.exec(text);
  if (full !== null) {
    const [, year, month, day, hour, minute, second, fraction, zone = ''] = full;
    const time = civilTime(Number(year), Number(month), day, hour, minute, second, fraction);
    const offset = /^[+-]/.test(zone) ? offsetOf(zone.padEnd(5, '0')) : zoneAbbreviationOffset(zone);
    return withTag(text, full[0].length, 'iso', undefined, time, offset);
  }
  const iso = ISO.exec(text);
  if (iso === null) return undefined;
  const [, pri, year, month, day, hour, minute, second, fraction, zone] = iso;
  const time = civilTime(Number(year), Number(month), day, hour, minute, second, fraction);
  return withTag(text, iso[0].length, 'iso', priorityOf(pri), time, offsetOf(zone));
}

function readRedis(text: string): SyslogHeader | undefined {
  const match = REDIS.exec(text);
  if (match === null) return undefined;
  const [head, pid, role = '', oldPid, day, monthName = '', year, hour, minute, second, fraction, level = ''] = match;
  const month = MONTHS.get(monthName);
  if (month === undefined) return undefined;
  const severity = REDIS_SEVERITY[level];
  return {
    grammar: 'redis',
    priority: severity === undefined ? undefined : 8 + severity,
    time: civilTime(year === undefined ? 0 : Number(year), month, day, hour, minute, second, fraction),
    offsetMinutes: undefined,
    host: undefined,
    program: 'redis',
    pid: pid ?? oldPid,
    msgid: undefined,
    role: REDIS_ROLES[role],
    structuredData: undefined,
    message: text.slice(head.length).trim(),
    prefixLength: head.length,
  };
}

function readLogcat(text: string): SyslogHeader | undefined {
  const match = LOGCAT.exec(text);
  if (match === null) return undefined;
  const [
    head,
    year,
    month,
    day,
    hour,
    minute,
    second,
    fraction,
    pid,
    tid,
    letter,
    tag,
    briefLetter,
    briefTag,
    briefPid,
  ] = match;
  const severity = LOGCAT_SEVERITY[letter ?? briefLetter ?? ''];
  return {
    grammar: 'logcat',
    priority: severity === undefined ? undefined : 8 + severity,
    time: civilTime(year === undefined ? 0 : Number(year), Number(month), day, hour, minute, second, fraction),
    offsetMinutes: undefined,
    host: undefined,
    program: (tag ?? briefTag ?? '').trim() || undefined,
    pid: pid ?? briefPid,
    msgid: undefined,
    thread: tid,
    structuredData: undefined,
    message: text.slice(head.length).trim(),
    prefixLength: head.length,
  };
}

function read5424(text: string): SyslogHeader | undefined {
  const match = RFC5424.exec(text);
  if (match === null) return undefined;
  const [head, pri, year, month, day, hour, minute, second, fraction, zone, host, app, procid, msgid] = match;
  // A nil timestamp has no instant: the caller reports the line.
  const time =
    year === undefined
      ? civilTime(0, 0, '0', '0', '0', '0', undefined)
      : civilTime(Number(year), Number(month), day, hour, minute, second, fraction);
  const sd = readStructuredData(text, head.length);
  if (sd === undefined) return undefined;
  // MSG may start with a BOM (RFC 5424 section 6.4 marks UTF-8 that way); it is not text.
  const lead = /^ ?\uFEFF?/.exec(text.slice(sd.end))?.[0].length ?? 0;
  const message = text.slice(sd.end + lead);
  return {
    grammar: 'rfc5424',
    priority: priorityOf(pri),
    time,
    offsetMinutes: year === undefined ? undefined : offsetOf(zone),
    host: nil(host),
    program: nil(app),
    pid: nil(procid),
    msgid: nil(msgid),
    structuredData: nil(sd.text),
    message: message.trim(),
    prefixLength: sd.end + lead,
  };
}

function withTag(
  text: string,
  start: number,
  grammar: 'rfc3164' | 'iso',
  priority: number | undefined,
  time: CivilTime,
  offsetMinutes: number | undefined,
): SyslogHeader {
  // Busybox and OpenWrt write "facility.level" before the tag, after the host if there is one; VMware
  // ESXi a level word (hostd.log: "info hostd[123] …") or, from 8.0, its PRI ("In(166) Hostd[123]: …").
  let at = start;
  let level = levelOf(text, at) ?? vmwareLevelOf(text, at);
  at += level?.length ?? 0;
  let host: string | undefined;
  let tag = TAG.exec(text.slice(at));
  if (tag === null && level === undefined) {
    // The first word is the host when a tag or plain text follows it (BSD files may have no host);
    // "--- last message repeated 2 times ---" has none.
    const space = text.indexOf(' ', at);
    if (space > at && HOST.test(text.slice(at, space))) {
      host = text.slice(at, space);
      at = space + 1;
      level = levelOf(text, at);
      at += level?.length ?? 0;
      tag = TAG.exec(text.slice(at));
    }
  }
  // macOS's Apple System Log writes its level after the tag ("socketfilterfw[87] <Info>: …", "secd[1] <Error> [user{} ]: …").
  const asl = tag === null || text[at + tag[0].length] !== '<' ? null : aslLevelAt(text, at + tag[0].length);
  const prefix = (tag === null ? at : at + tag[0].length) + (asl?.[0].length ?? 0);
  const rest = text.slice(prefix);
  return {
    grammar,
    priority: priority ?? level?.priority ?? (asl === null ? undefined : 8 + ASL_SEVERITY.indexOf(asl[1] ?? '')),
    time,
    offsetMinutes,
    host,
    program: tag?.[1],
    pid: tag?.[2],
    msgid: undefined,
    structuredData: undefined,
    message: rest.trim(),
    prefixLength: prefix,
  };
}

function priorityOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return value <= 191 ? value : undefined;
}

function offsetOf(zone: string | undefined): number | undefined {
  if (zone === undefined) return undefined;
  if (zone === 'Z') return 0;
  const digits = zone.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return zone.startsWith('-') ? -minutes : minutes;
}

function nil(value: string | undefined): string | undefined {
  return value === undefined || value === '-' ? undefined : value;
}

const FACILITIES = [
  'kern',
  'user',
  'mail',
  'daemon',
  'auth',
  'syslog',
  'lpr',
  'news',
  'uucp',
  'cron',
  'authpriv',
  'ftp',
  'ntp',
  'security',
  'console',
  'solaris-cron',
  'local0',
  'local1',
  'local2',
  'local3',
  'local4',
  'local5',
  'local6',
  'local7',
] as const;
const SEVERITIES = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'] as const;
const SEVERITY_ALIASES: Record<string, string> = { panic: 'emerg', error: 'err', warn: 'warning' };
const LEVEL = /^([a-z]+[0-7]?)\.([a-z]+) /;

/** "daemon.info " at `at`: its length and the PRI it stands for, or undefined. */
function levelOf(text: string, at: number): { length: number; priority: number } | undefined {
  const match = LEVEL.exec(text.slice(at, at + 24));
  if (match === null) return undefined;
  const [whole, facilityName = '', severityName = ''] = match;
  const facility = (FACILITIES as readonly string[]).indexOf(facilityName);
  const severity = (SEVERITIES as readonly string[]).indexOf(SEVERITY_ALIASES[severityName] ?? severityName);
  return facility === -1 || severity === -1 ? undefined : { length: whole.length, priority: facility * 8 + severity };
}

// A word before "program[pid]", or the PRI code before "program[pid]:" or "program:" (vmkernel has no pid).
// Sticky (read at a position, no substring made): tried on every line without "facility.level".
const VMWARE_LEVEL =
  /(?:(verbose|info|warning|error|trivia|critical|panic) (?=[\w.-]+\[\d+\])|(?:Em|Al|Cr|Er|Wa|No|In|Db)\((\d{1,3})\) (?=[\w.-]+(?:\[\d+\])?:))/y;
const ASL_SEVERITY = ['Emergency', 'Alert', 'Critical', 'Error', 'Warning', 'Notice', 'Info', 'Debug'];
const ASL_LEVEL = new RegExp(`<(${ASL_SEVERITY.join('|')})>:? ?`, 'y');
const VMWARE_SEVERITY: Readonly<Record<string, number>> = {
  panic: 0,
  critical: 2,
  error: 3,
  warning: 4,
  info: 6,
  verbose: 7,
  trivia: 7,
};

function aslLevelAt(text: string, at: number): RegExpExecArray | null {
  ASL_LEVEL.lastIndex = at;
  return ASL_LEVEL.exec(text);
}

/** ESXi's level before "program[pid]" at `at`: its length and the PRI it stands for (user facility for a word). */
function vmwareLevelOf(text: string, at: number): { length: number; priority: number } | undefined {
  VMWARE_LEVEL.lastIndex = at;
  const match = VMWARE_LEVEL.exec(text);
  if (match === null) return undefined;
  const priority = match[2] === undefined ? 8 + (VMWARE_SEVERITY[match[1] ?? ''] ?? 6) : Number(match[2]);
  return priority > 191 ? undefined : { length: match[0].length, priority };
}

/** PRI = facility × 8 + severity, both by their usual names. */
export function priorityNames(priority: number): { facility: string; severity: string } {
  return {
    facility: FACILITIES[Math.floor(priority / 8)] ?? String(Math.floor(priority / 8)),
    severity: SEVERITIES[priority % 8] ?? '',
  };
}
