/*
 * One syslog message as an event: the header's time (RFC 3164's missing year from the roller, local
 * times in the file's zone), host and program as the actor, PRI's facility and severity in extra.
 */
import type { ZoneId } from '@js-joda/core';
import { securityEventOf } from './cef-payload.ts';
import { firewallCsv } from './firewall-csv.ts';
import { klogInMessage } from './service-log-line.ts';
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { localMicros, offsetMicros } from './local-micros.ts';
import type { SyslogHeader } from './syslog-header.ts';
import { priorityNames } from './syslog-line.ts';

function syslogInstant(header: SyslogHeader, year: number, zone: ZoneId): number | undefined {
  const time = header.time.year === 0 ? { ...header.time, year } : header.time;
  return header.offsetMinutes === undefined ? localMicros(time, zone) : offsetMicros(time, header.offsetMinutes);
}

// Cisco devices (IOS, ASA, NX-OS, FTD) tag each message "%FACILITY-SEVERITY-MNEMONIC"; the facility is
// the program, the rest names the message kind (a firewall log would otherwise have an actor per kind).
const CISCO_TAG = /^(%[A-Z][A-Z0-9_]*)-(\d)-([A-Z0-9_]+)$/;

/** "host program"; a macOS host logs itself both as "name" and "name.local" (Bonjour), one actor. */
function syslogActor(header: SyslogHeader): string {
  const host = header.host?.replace(/\.local$/i, '');
  const program = header.program === undefined ? undefined : (CISCO_TAG.exec(header.program)?.[1] ?? header.program);
  return [host, program].filter((part) => part !== undefined && part !== '').join(' ');
}

export function syslogRecord(
  line: number,
  lineHeader: SyslogHeader,
  year: number,
  zone: ZoneId,
  lineMessage: string,
): ImportRecord | InvalidRow {
  if (lineHeader.grammar === 'rfc5424' && lineHeader.time.month === 0) {
    return { line, reason: `line ${line}: the timestamp is "-" (none given), so the message has no time` };
  }
  // A klog line carried in the message (kubelet through journald) brings its level, source and microseconds.
  const klog = lineHeader.grammar === 'klog' ? undefined : klogInMessage(lineMessage);
  const header = klog === undefined ? lineHeader : withKlog(lineHeader, klog);
  const message = klog?.text ?? lineMessage;
  const micros = syslogInstant(header, year, zone);
  if (micros === undefined) {
    const { month, day, hour, minute, second } = header.time;
    const shown = `${header.time.year === 0 ? year : header.time.year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
    return {
      line,
      reason: `line ${line}, field "time": "${shown}" is not a date (expected a real calendar day and time of day)`,
    };
  }
  const extra: Record<string, JsonValue> = {};
  if (header.host !== undefined) extra.host = header.host;
  if (header.program !== undefined) extra.program = header.program;
  const cisco = header.program === undefined ? null : CISCO_TAG.exec(header.program);
  if (cisco !== null) {
    extra.severity = Number(cisco[2]);
    extra.mnemonic = cisco[3] ?? '';
  }
  if (header.pid !== undefined) extra.pid = header.pid;
  if (klog !== undefined) extra.source = klog.source;
  if (header.thread !== undefined) extra.tid = header.thread;
  if (header.role !== undefined) extra.role = header.role;
  if (header.msgid !== undefined) extra.msgid = header.msgid;
  if (header.structuredData !== undefined) extra.structuredData = header.structuredData;
  if (header.priority !== undefined) {
    const { facility, severity } = priorityNames(header.priority);
    extra.priority = header.priority;
    extra.facility = facility;
    extra.severity = severity;
  }
  // A firewall's CSV payload (pfSense filterlog, PAN-OS) or a CEF/LEEF event in named fields, its message
  // a summary; the line kept.
  const firewall = firewallCsv(header.program, message);
  const security = firewall === undefined ? securityEventOf(header.program, message) : undefined;
  const payload = firewall ?? security;
  if (payload !== undefined) Object.assign(extra, payload.fields, { payload: message });
  // A CEF/LEEF event's product says more than the "CEF" tag it came under.
  const actor =
    security === undefined
      ? syslogActor(header)
      : syslogActor({ ...header, program: security.product || header.program });
  return { line, startMicros: micros, endMicros: micros, actor, message: payload?.message ?? message, extra };
}

/** The header with a carried klog line's level (when it has none) and microseconds (when its seconds agree). */
function withKlog(header: SyslogHeader, klog: NonNullable<ReturnType<typeof klogInMessage>>): SyslogHeader {
  const { time } = header;
  const agrees =
    time.fractionMicros === 0 &&
    (['month', 'day', 'hour', 'minute', 'second'] as const).every((key) => time[key] === klog.clock[key]);
  return {
    ...header,
    priority: header.priority ?? klog.priority,
    time: agrees ? { ...time, fractionMicros: klog.clock.fractionMicros } : time,
  };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
