/*
 * Is this a web or proxy access log: the share of sample lines in each access grammar, alone or
 * behind a syslog prefix. Half the lines must be access lines; a syslog-prefixed line in another
 * layout (HAProxy's "Proxy x started.") is counted apart, as it still imports through its prefix.
 */
import { ZoneOffset } from '@js-joda/core';
import type { AccessGrammar } from './access-entry.ts';
import { readAccessLine } from './access-log-line.ts';
import type { FamilyDetection } from './format-detection.ts';
import { GRAMMAR_NAMES } from './parse-access-log.ts';
import { sampleLines } from './sample-lines.ts';

const DEFAULT_ZONE = 'UTC';

export function detectAccessLog(text: string, complete: boolean, _fileName: string): FamilyDetection | undefined {
  const lines = sampleLines(text, complete);
  if (lines.length === 0) return undefined;
  const counts = new Map<AccessGrammar, number>();
  let viaSyslog = 0;
  let otherSyslog = 0;
  let firstYear: number | undefined;
  for (const { text: line } of lines) {
    // Zone rules are not loaded during detection: UTC reads every shape, and only the year is kept.
    const { reading, syslog } = readAccessLine(line, ZoneOffset.UTC);
    if (typeof reading === 'object') {
      counts.set(reading.grammar, (counts.get(reading.grammar) ?? 0) + 1);
      if (syslog !== undefined) viaSyslog += 1;
      firstYear ??= new Date(reading.startMicros / 1000).getUTCFullYear();
    } else if (syslog !== undefined) {
      otherSyslog += 1;
    }
  }
  const matched = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (matched === 0 || matched * 2 < lines.length) return undefined;
  const haproxy = ['haproxy-http', 'haproxy-tcp', 'haproxy-error'].some((grammar) =>
    counts.has(grammar as AccessGrammar),
  );
  const aws = ['alb', 'elb', 'nlb', 's3'].some((grammar) => counts.has(grammar as AccessGrammar));
  const name = haproxy
    ? 'HAProxy log'
    : aws
      ? counts.has('s3')
        ? 'Amazon S3 server access log'
        : 'AWS load balancer access log'
      : counts.has('squid')
        ? 'Squid access log'
        : counts.has('envoy')
          ? 'Envoy access log'
          : counts.has('uwsgi')
            ? 'uWSGI request log'
            : 'Apache/nginx access log';
  const parts = [...counts].map(([grammar, count]) => `${count} ${GRAMMAR_NAMES[grammar]}`);
  let reason = `${name}${viaSyslog > 0 ? ' through syslog' : ''}: ${matched} of ${lines.length} lines match (${parts.join(', ')})`;
  if (otherSyslog > 0)
    reason += `; ${otherSyslog} other syslog line${otherSyslog === 1 ? '' : 's'} imported from the syslog prefix`;
  const settings: { format: 'access-log'; timeZone: string; year?: number } = {
    format: 'access-log',
    timeZone: DEFAULT_ZONE,
  };
  if (haproxy || counts.has('uwsgi') || viaSyslog + otherSyslog > 0) {
    const local = [
      haproxy ? 'HAProxy accept dates' : '',
      counts.has('uwsgi') ? 'uWSGI request times' : '',
      viaSyslog + otherSyslog > 0 ? 'syslog prefixes' : '',
    ].filter((part) => part !== '');
    // A HAProxy log names both, as it always has: its lines usually come through syslog.
    const named = haproxy && local.length === 1 ? [...local, 'syslog prefixes'] : local;
    reason += `; times without a UTC offset (${named.join(', ')}) are read in the chosen time zone (the host’s)`;
    if (firstYear !== undefined && viaSyslog + otherSyslog > 0) {
      settings.year = firstYear;
      reason += `; syslog prefixes have no year: ${firstYear}, from the lines’ own dates`;
    }
  }
  return { format: 'access-log', reason, settings };
}
