/*
 * Is this a syslog file, and which kind: counted over the sample's lines (a line not starting a
 * message may continue one, so half the unindented lines is enough), with the RFC 3164 year inferred from the
 * dates, the file name or today. Also Debian apt history stanzas, told by their Start-Date lines,
 * journalctl's export format, told by its "FIELD=value" lines, and PowerShell transcripts, told by
 * their opening header.
 */
import type { FamilyDetection } from './format-detection.ts';
import { isJournalExportField } from './parse-journal-export.ts';
import { TRANSCRIPT_START } from './parse-powershell-transcript.ts';
import { CMTRACE_START } from './parse-cmtrace.ts';
import { SETUPAPI_HEADER } from './parse-setupapi.ts';
import { sampleLines } from './sample-lines.ts';
import { GLOG_HEADER, glogYear } from './service-log-line.ts';
import { readSyslogHeader } from './syslog-line.ts';
import { fileNameDate, inferSyslogYear, messageYear, yearFromMessages, type MonthDay } from './syslog-year.ts';

const APT_START = /^Start-Date: \d{4}-\d{2}-\d{2} +\d{2}:\d{2}:\d{2}$/;
const APT_FIELD = /^[A-Za-z][A-Za-z-]*: /;
const JOURNAL_MARKER = /^-- .* --$/;
// logcat's "--------- beginning of main" between its buffers.
const LOGCAT_MARKER = /^-{9} (?:beginning of|switch to) \S+$/;
const DEFAULT_ZONE = 'UTC';

export function detectSyslog(text: string, complete: boolean, fileName: string): FamilyDetection | undefined {
  const sample = sampleLines(text, complete);
  const apt = detectAptHistory(sample.map((line) => line.text));
  if (apt !== undefined) return apt;
  const journal = detectJournalExport(sample.map((line) => line.text));
  if (journal !== undefined) return journal;
  const transcript = detectPowershellTranscript(sample.map((line) => line.text));
  if (transcript !== undefined) return transcript;
  const cmtrace = detectCmtrace(sample.map((line) => line.text));
  if (cmtrace !== undefined) return cmtrace;
  const setupapi = detectSetupapi(sample.map((line) => line.text));
  if (setupapi !== undefined) return setupapi;
  // journalctl's "-- Logs begin at … --" and "-- Reboot --" are markers, not messages.
  // glog's header lines come before its first line.
  const glogHeader = sample.slice(0, 6).filter((line) => GLOG_HEADER.test(line.text));
  const lines = sample.filter(
    (line) => !JOURNAL_MARKER.test(line.text) && !LOGCAT_MARKER.test(line.text) && !glogHeader.includes(line),
  );
  if (lines.length === 0) return undefined;
  const counts = { rfc3164: 0, rfc5424: 0, iso: 0, logcat: 0, redis: 0, klog: 0, asterisk: 0, 'fast-alert': 0 };
  const dates: MonthDay[] = [];
  const messageYears: (number | undefined)[] = [];
  let withOffset = 0;
  let firstIndex: number | undefined;
  lines.forEach(({ line, text: lineText }, index) => {
    const header = readSyslogHeader(lineText);
    // A time alone starts any application log (or an IRC "<nick>" line): syslog also names a host or program.
    if (
      header === undefined ||
      (header.grammar !== 'rfc5424' && header.program === undefined && header.host === undefined)
    )
      return;
    // rsyslog's ISO file formats always name the host before the program; an ISO time then one
    // "word:" is an application's line ("… panic: runtime error", "… ERROR: …"), unless a [pid] says program.
    if (
      header.grammar === 'iso' &&
      (header.program === undefined || (header.host === undefined && header.pid === undefined))
    )
      return;
    firstIndex ??= index;
    counts[header.grammar] += 1;
    if (header.offsetMinutes !== undefined) withOffset += 1;
    if (header.grammar !== 'rfc5424' && header.grammar !== 'iso' && header.time.year === 0) {
      dates.push({ month: header.time.month, day: header.time.day, line });
      messageYears.push(messageYear(header.message, header.time.month, header.time.day));
    }
  });
  const matched = Object.values(counts).reduce((sum, count) => sum + count, 0);
  // Indented lines (stack traces) continue a message: they do not count against the share. A file
  // cut mid-message may open with a few continuation lines.
  const unindented = lines.filter((line) => !/^\s/.test(line.text)).length;
  if (firstIndex === undefined || firstIndex > 4 || matched * 2 < unindented) return undefined;
  const kinds = [
    counts.rfc3164 > 0 ? `${counts.rfc3164} RFC 3164 (month, day and time, no year)` : '',
    counts.rfc5424 > 0 ? `${counts.rfc5424} RFC 5424 (<PRI>1 and an ISO time)` : '',
    counts.iso > 0 ? `${counts.iso} with an ISO time, host and program` : '',
    counts.logcat > 0 ? `${counts.logcat} Android logcat (month-day, time, process, thread, priority and tag)` : '',
    counts.redis > 0 ? `${counts.redis} Redis (process, day, month, time and level)` : '',
    counts.klog > 0 ? `${counts.klog} klog (level letter, month-day, time, thread and source file)` : '',
    counts.asterisk > 0 ? `${counts.asterisk} Asterisk (time in brackets, level, thread and module)` : '',
    counts['fast-alert'] > 0
      ? `${counts['fast-alert']} IDS fast alerts (month/day, time, signature; the source address as the actor)`
      : '',
  ].filter((part) => part !== '');
  const names: Record<string, string> = {
    rfc3164: 'RFC 3164 syslog',
    rfc5424: 'RFC 5424 syslog',
    logcat: 'Android logcat',
    redis: 'Redis server log',
    klog: 'Kubernetes/glog log (klog)',
    asterisk: 'Asterisk log',
    'fast-alert': 'Snort/Suricata fast alert log',
  };
  const only = Object.entries(counts).find(([, count]) => count === matched)?.[0];
  const name = (only === undefined ? undefined : names[only]) ?? 'Syslog';
  const rest = lines.length - matched;
  let reason = `${name}: ${matched} of ${lines.length} lines start a message (${kinds.join(', ')})`;
  if (rest > 0) reason += `; ${rest} other line${rest === 1 ? ' continues' : 's continue'} the message before`;
  const settings: { format: 'syslog'; timeZone: string; year?: number } = { format: 'syslog', timeZone: DEFAULT_ZONE };
  if (dates.length > 0) {
    const named = fileNameDate(fileName);
    const today = new Date();
    const guess =
      glogYear(
        glogHeader.map((line) => line.text),
        dates[0],
      ) ??
      yearFromMessages(dates, messageYears) ??
      inferSyslogYear(dates, named?.date ?? today, named?.label ?? `today (${today.toISOString().slice(0, 10)})`);
    if (guess !== undefined) {
      settings.year = guess.year;
      reason += `; ${guess.reason}`;
    }
  }
  if (withOffset < matched) reason += '; times without a UTC offset are read in the chosen time zone (the host’s)';
  return { format: 'syslog', reason, settings };
}

const REALTIME = /^__REALTIME_TIMESTAMP=\d+$/;

/** journalctl -o export: "FIELD=value" lines in blank-line separated entries, each with __REALTIME_TIMESTAMP. */
function detectJournalExport(lines: readonly string[]): FamilyDetection | undefined {
  const filled = lines.filter((line) => line !== '');
  if (!isJournalExportField(filled[0] ?? '')) return undefined;
  const entries = filled.filter((line) => REALTIME.test(line)).length;
  // A binary field's name stands alone on its line and its data lines follow: none count against.
  let fields = 0;
  let other = 0;
  let binary = false;
  for (const line of filled) {
    if (isJournalExportField(line)) fields += 1;
    else if (/^[A-Z0-9_]{1,64}$/.test(line)) binary = true;
    else if (!binary) other += 1;
    if (isJournalExportField(line)) binary = false;
  }
  if (entries === 0 || other > fields * 0.2) return undefined;
  return {
    format: 'syslog',
    reason: `journalctl export (-o export): ${entries} entr${entries === 1 ? 'y' : 'ies'} of "FIELD=value" lines, times from __REALTIME_TIMESTAMP (microseconds, UTC); host and SYSLOG_IDENTIFIER as the actor`,
    settings: { format: 'syslog', timeZone: DEFAULT_ZONE, layout: 'journal-export' },
  };
}

function detectAptHistory(lines: readonly string[]): FamilyDetection | undefined {
  if (!APT_START.test(lines[0] ?? '')) return undefined;
  const starts = lines.filter((line) => APT_START.test(line)).length;
  const fields = lines.filter((line) => APT_FIELD.test(line)).length;
  if (fields < lines.length * 0.9) return undefined;
  return {
    format: 'syslog',
    reason: `Debian apt history: ${starts} record${starts === 1 ? '' : 's'} from "Start-Date:" to "End-Date:", ${fields} of ${lines.length} lines are "Name: value"; local times read in the chosen time zone (the host’s)`,
    settings: { format: 'syslog', timeZone: DEFAULT_ZONE, layout: 'apt-history' },
  };
}

/** A PowerShell transcript: a line of asterisks, then "Windows PowerShell transcript start" (PowerShell 7: no "Windows"). */
function detectPowershellTranscript(lines: readonly string[]): FamilyDetection | undefined {
  if (!/^\*{10,}\s*$/.test(lines[0] ?? '') || !TRANSCRIPT_START.test((lines[1] ?? '').trim())) return undefined;
  const commands = lines.filter((line) => /^PS(?: [^>]{1,400})?>/.test(line)).length;
  const timed = lines.filter((line) => line.startsWith('Command start time: ')).length;
  return {
    format: 'syslog',
    reason: `PowerShell transcript: the "transcript start" header and ${commands} command prompt line${commands === 1 ? '' : 's'} in the sample; ${timed === 0 ? "no command has its own start time (invocation headers off), so each takes the session's start" : `${timed} "Command start time:" lines time the commands`}; Username as the actor, the command as the message and its output in extra; times are the machine's local time, read in the chosen time zone`,
    settings: { format: 'syslog', timeZone: DEFAULT_ZONE, layout: 'powershell-transcript' },
  };
}

/** A CMTrace log (Configuration Manager, Intune): the first line opens an entry with "<![LOG[", and entries close with their time and component. */
function detectCmtrace(lines: readonly string[]): FamilyDetection | undefined {
  const first = lines.find((line) => line.trim() !== '') ?? '';
  if (!first.startsWith(CMTRACE_START)) return undefined;
  const entries = lines.filter((line) => line.startsWith(CMTRACE_START)).length;
  const ends = lines.filter((line) => /\]LOG\]!><time="[^"]*" date="[^"]*" component="/.test(line)).length;
  if (ends === 0) return undefined;
  return {
    format: 'syslog',
    reason: `CMTrace log (Configuration Manager, Intune Management Extension): ${entries} "<![LOG[" entries in the sample, ${ends} closed by their time, date and component; the component is the actor, the type the level; a time with its bias (minutes to add for UTC) is placed by it, one without in the chosen time zone`,
    settings: { format: 'syslog', timeZone: DEFAULT_ZONE, layout: 'cmtrace' },
  };
}

/** Windows' SetupAPI log: its "[Device Install Log]" header, then ">>>  Section start" lines. */
function detectSetupapi(lines: readonly string[]): FamilyDetection | undefined {
  const first = lines.find((line) => line.trim() !== '') ?? '';
  if (!SETUPAPI_HEADER.test(first)) return undefined;
  const sections = lines.filter((line) => /^>>>\s+Section start \d{4}\//.test(line)).length;
  return {
    format: 'syslog',
    reason: `Windows SetupAPI log (device and driver installs): the "[Device Install Log]" header and ${sections} section${sections === 1 ? '' : 's'} in the sample; each section is an event from its start to its end, the kind of install its actor, its exit status and warnings kept; boot sessions are events too; times are the machine's local time, read in the chosen time zone`,
    settings: { format: 'syslog', timeZone: DEFAULT_ZONE, layout: 'setupapi' },
  };
}
