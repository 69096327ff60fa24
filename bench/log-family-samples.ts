/*
 * Samples of the line-log families: syslog (RFC 3164 as /var/log writes it, with no year; RFC 5424;
 * rsyslog's ISO-prefixed file format), web and proxy access logs (Apache combined and vhost, IIS W3C
 * extended, AWS ALB, HAProxy through syslog), and chats and transcripts (XChat IRC, WhatsApp exports
 * of two locales, WebVTT, SRT).
 */
import {
  AGENTS,
  HOSTS,
  USERS,
  UUID,
  dateOf,
  ip,
  iso,
  lineSample,
  micros,
  path,
  pick,
  SECOND,
  T0_MICROS,
  type FamilySample,
} from './family-sample-values.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const PROGRAMS = ['sshd', 'sudo', 'CRON', 'systemd', 'kernel', 'postfix/smtpd'];
const METHODS = ['GET', 'GET', 'POST', 'GET', 'HEAD', 'PUT'];
const STATUSES = [200, 200, 304, 200, 404, 301, 500];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const clock = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
/** "Dec 31 20:00:00", the day padded with a space as RFC 3164 says. */
const bsdStamp = (i: number) => {
  const d = dateOf(i);
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${clock(d)}`;
};
/** Common Log Format's "[31/Dec/2025:20:00:00 +0000]". */
const clfStamp = (i: number) => {
  const d = dateOf(i);
  return `[${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${clock(d)} +0000]`;
};
const program = (i: number) => `${pick(PROGRAMS, i)}[${1000 + ((i * 31) % 30_000)}]`;
const syslogText = (i: number) =>
  i % 4 === 0
    ? `Accepted publickey for ${pick(USERS, i)} from ${ip(i)} port ${40_000 + (i % 20_000)} ssh2: RSA SHA256:${UUID(i).replace(/-/g, '')}`
    : i % 4 === 1
      ? `pam_unix(sudo:session): session opened for user root(uid=0) by ${pick(USERS, i)}(uid=${1000 + (i % 12)})`
      : i % 4 === 2
        ? `(root) CMD (/usr/local/bin/backup --incremental --target s3://evidence-${i % 7}/)`
        : `Started Session ${i} of User ${pick(USERS, i)}.`;
const request = (i: number) => `${pick(METHODS, i)} ${path(i)} HTTP/1.1`;
/** Cue time as WebVTT (".") or SRT (",") writes it, relative to the first cue. */
const cueTime = (relativeMicros: number, separator: string) => {
  const ms = Math.floor(relativeMicros / 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
};
const LINES = [
  'I told you the deploy was frozen.',
  'Who rotated the keys on the bastion?',
  'Not me. Check the audit trail.',
  'Found it: a cron job at 20:00.',
  'OK, rolling back now.',
];

export const LOG_FAMILY_SAMPLES: readonly FamilySample[] = [
  lineSample({
    family: 'syslog RFC 3164 (no year)',
    fileName: 'messages',
    kind: 'events',
    resolutionMicros: SECOND,
    baseline: {
      kind: 'regex-per-line',
      pattern: /^([A-Z][a-z]{2}) ([ \d]\d) (\d\d:\d\d:\d\d) (\S+) ([^:[\s]+)(?:\[(\d+)\])?: (.*)$/,
    },
    line: (i) => `${bsdStamp(i)} ${pick(HOSTS, i)} ${program(i)}: ${syslogText(i)}\n`,
  }),
  lineSample({
    family: 'syslog RFC 5424',
    fileName: 'rfc5424.log',
    kind: 'events',
    resolutionMicros: 1,
    baseline: { kind: 'regex-per-line', pattern: /^<(\d{1,3})>1 (\S+) (\S+) (\S+) (\S+) (\S+) (-|\[.*?\]) ?(.*)$/ },
    line: (i) =>
      `<${(4 + (i % 3)) * 8 + (i % 8)}>1 ${iso(i, 6, '+00:00')} ${pick(HOSTS, i)} ${pick(PROGRAMS, i).replace('/', '-')} ${1000 + (i % 30_000)} ID${i % 60} ${i % 5 === 0 ? `[origin@32473 ip="${ip(i)}"]` : '-'} ${syslogText(i)}\n`,
  }),
  lineSample({
    family: 'syslog, ISO-prefixed (rsyslog file format)',
    fileName: 'auth.log',
    kind: 'events',
    resolutionMicros: 1,
    baseline: { kind: 'regex-per-line', pattern: /^(\d{4}-\d\d-\d\dT\S+) (\S+) ([^:[\s]+)(?:\[(\d+)\])?: (.*)$/ },
    line: (i) => `${iso(i, 6, '+00:00')} ${pick(HOSTS, i)} ${program(i)}: ${syslogText(i)}\n`,
  }),
  lineSample({
    family: 'Apache/nginx combined',
    fileName: 'access.log',
    kind: 'events',
    resolutionMicros: SECOND,
    baseline: {
      kind: 'regex-per-line',
      pattern: /^(\S+) (\S+) (\S+) \[([^\]]+)\] "([^"]*)" (\d{3}) (\S+) "([^"]*)" "([^"]*)"$/,
    },
    line: (i) =>
      `${ip(i)} - ${i % 6 === 0 ? pick(USERS, i) : '-'} ${clfStamp(i)} "${request(i)}" ${pick(STATUSES, i)} ${(i * 37) % 90_000} "${i % 4 === 0 ? '-' : 'https://www.example.com/'}" "${pick(AGENTS, i)}"\n`,
  }),
  lineSample({
    family: 'Apache vhost_combined',
    fileName: 'other_vhosts_access.log',
    kind: 'events',
    resolutionMicros: SECOND,
    baseline: {
      kind: 'regex-per-line',
      pattern: /^(\S+):(\d+) (\S+) (\S+) (\S+) \[([^\]]+)\] "([^"]*)" (\d{3}) (\S+) "([^"]*)" "([^"]*)"$/,
    },
    line: (i) =>
      `${pick(['www.example.com', 'shop.example.com', 'api.example.com'], i)}:443 ${ip(i)} - - ${clfStamp(i)} "${request(i)}" ${pick(STATUSES, i)} ${(i * 37) % 90_000} "-" "${pick(AGENTS, i)}"\n`,
  }),
  lineSample({
    family: 'W3C extended (IIS)',
    fileName: 'u_ex251231.log',
    kind: 'events',
    resolutionMicros: SECOND,
    baseline: { kind: 'papaparse', delimiter: ' ', comments: '#' },
    head:
      `#Software: Microsoft Internet Information Services 10.0\r\n#Version: 1.0\r\n#Date: ${iso(0, 0, '', ' ')}\r\n` +
      '#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken\r\n',
    line: (i) => {
      const [stem, query = '-'] = path(i).split('?');
      return `${iso(i, 0, '', ' ')} 10.0.0.4 ${pick(METHODS, i)} ${stem} ${query} 443 ${i % 5 === 0 ? `CONTOSO\\${pick(USERS, i)}` : '-'} ${ip(i)} ${pick(AGENTS, i).replace(/ /g, '+')} - ${pick(STATUSES, i)} 0 0 ${i % 2000}\r\n`;
    },
  }),
  lineSample({
    family: 'AWS ALB',
    fileName:
      '123456789012_elasticloadbalancing_us-east-1_app.my-lb.50dc6c495c0c9188_20251231T2000Z_10.0.0.1_5h8ofn7s.log',
    kind: 'events',
    resolutionMicros: 1,
    baseline: {
      kind: 'regex-per-line',
      pattern: /^(\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) "([^"]*)" "([^"]*)" (.*)$/,
    },
    line: (i) =>
      `https ${iso(i, 6)} app/my-lb/50dc6c495c0c9188 ${ip(i)}:${40_000 + (i % 20_000)} 10.0.1.${i % 20}:80 0.000 0.${pad(i % 999, 3)} 0.000 ${pick(STATUSES, i)} ${pick(STATUSES, i)} 34 ${(i * 37) % 9000} ` +
      `"${pick(METHODS, i)} https://www.example.com:443${path(i)} HTTP/1.1" "${pick(AGENTS, i)}" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-1:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 ` +
      `"Root=1-${(micros(i) / SECOND).toString(16).slice(0, 8)}-${UUID(i).replace(/-/g, '').slice(0, 24)}" "www.example.com" "arn:aws:acm:us-east-1:123456789012:certificate/${UUID(7)}" 0 ${iso(i, 6)} "forward" "-" "-" "10.0.1.${i % 20}:80" "${pick(STATUSES, i)}" "-" "-"\n`,
  }),
  lineSample({
    family: 'HAProxy HTTP log (via syslog)',
    fileName: 'haproxy.log',
    kind: 'events',
    resolutionMicros: 1000,
    baseline: {
      kind: 'regex-per-line',
      pattern:
        /^(\w{3} [ \d]\d \d\d:\d\d:\d\d) (\S+) haproxy\[(\d+)\]: (\S+):(\d+) \[([^\]]+)\] (\S+) (\S+) (\S+) (\d{3}) (\d+) .* "([^"]*)"$/,
    },
    line: (i) => {
      const d = dateOf(i);
      const accepted = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${clock(d)}.${pad(d.getUTCMilliseconds(), 3)}`;
      return `${bsdStamp(i)} lb-${i % 2} haproxy[14389]: ${ip(i)}:${40_000 + (i % 20_000)} [${accepted}] https-in~ ${pick(['static', 'api', 'app'], i)}/srv${i % 4} 10/0/30/${i % 300}/${(i % 300) + 40} ${pick(STATUSES, i)} ${(i * 37) % 9000} - - ---- 1/1/1/1/0 0/0 "${request(i)}"\n`;
    },
  }),
  lineSample({
    family: 'IRC (XChat/HexChat log)',
    fileName: '#incident-response.log',
    kind: 'events',
    resolutionMicros: SECOND,
    baseline: { kind: 'regex-per-line', pattern: /^([A-Z][a-z]{2} \d\d \d\d:\d\d:\d\d) (<[^>]+>|\*|-->|<--)\t(.*)$/ },
    head: `**** BEGIN LOGGING AT ${DAYS[dateOf(0).getUTCDay()]} ${MONTHS[dateOf(0).getUTCMonth()]} ${String(dateOf(0).getUTCDate()).padStart(2, ' ')} ${clock(dateOf(0))} ${dateOf(0).getUTCFullYear()}\n\n`,
    line: (i) => {
      const d = dateOf(i);
      const stamp = `${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${clock(d)}`;
      return i % 40 === 39
        ? `${stamp} -->\t${pick(USERS, i)} (~${pick(USERS, i)}@${ip(i)}) has joined #incident-response\n`
        : `${stamp} <${pick(USERS, i * 5)}>\t${pick(LINES, i)} (${i})\n`;
    },
  }),
  lineSample({
    family: 'WhatsApp export (Android, en-US)',
    fileName: 'WhatsApp Chat with Incident Room.txt',
    kind: 'events',
    resolutionMicros: 60 * SECOND,
    baseline: {
      kind: 'regex-per-line',
      pattern: /^(\d{1,2}\/\d{1,2}\/\d{2}), (\d{1,2}:\d\d\s?[AP]M) - ([^:]+): (.*)$/,
    },
    line: (i) => {
      const d = dateOf(i);
      const hour = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
      return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${pad(d.getUTCFullYear() % 100)}, ${hour}:${pad(d.getUTCMinutes())}\u202f${d.getUTCHours() < 12 ? 'AM' : 'PM'} - ${pick(USERS, i * 5)}: ${pick(LINES, i)}\n`;
    },
  }),
  lineSample({
    family: 'WhatsApp export (iOS, en-GB)',
    fileName: '_chat.txt',
    kind: 'events',
    resolutionMicros: SECOND,
    baseline: { kind: 'regex-per-line', pattern: /^\[(\d{2}\/\d{2}\/\d{4}), (\d\d:\d\d:\d\d)\] ([^:]+): (.*)$/ },
    line: (i) => {
      const d = dateOf(i);
      return `[${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}, ${clock(d)}] ${pick(USERS, i * 5)}: ${pick(LINES, i)}\n`;
    },
  }),
  {
    family: 'WebVTT',
    fileName: 'bridge-call.vtt',
    kind: 'events',
    streaming: true,
    recordsPerBlock: 1,
    resolutionMicros: undefined,
    baseline: { kind: 'none', why: 'no well-known streaming WebVTT parser is installed' },
    head: 'WEBVTT\n\n',
    tail: '',
    block: (i) =>
      `${i + 1}\n${cueTime(micros(i) - T0_MICROS, '.')} --> ${cueTime(micros(i) - T0_MICROS + 120_000, '.')}\n<v ${pick(USERS, i * 5)}>${pick(LINES, i)}\n\n`,
  },
  {
    family: 'SRT',
    fileName: 'bridge-call.srt',
    kind: 'events',
    streaming: true,
    recordsPerBlock: 1,
    resolutionMicros: undefined,
    baseline: { kind: 'none', why: 'no well-known streaming SRT parser is installed' },
    head: '',
    tail: '',
    block: (i) =>
      `${i + 1}\r\n${cueTime(micros(i) - T0_MICROS, ',')} --> ${cueTime(micros(i) - T0_MICROS + 120_000, ',')}\r\n${pick(USERS, i * 5).toUpperCase()}: ${pick(LINES, i)}\r\n\r\n`,
  },
];
