/*
 * One access-log line in any of the families' grammars, tried in turn, each alone or behind a syslog
 * prefix (HAProxy and nginx often log through syslog). A prefixed line in no access grammar ("Proxy
 * x started.") is returned as its syslog header so it can still become an event.
 */
import type { ZoneId } from '@js-joda/core';
import type { AccessReading } from './access-entry.ts';
import { readApacheLine } from './apache-access-line.ts';
import { readAwsLoadBalancerLine } from './aws-load-balancer-line.ts';
import { readEnvoyLine } from './envoy-access-line.ts';
import { readHaproxyLine } from './haproxy-line.ts';
import { readS3AccessLine } from './s3-access-line.ts';
import { readSquidLine } from './squid-access-line.ts';
import { readUwsgiLine } from './uwsgi-access-line.ts';
import type { SyslogHeader } from './syslog-header.ts';
import { readSyslogHeader } from './syslog-line.ts';

interface AccessLineReading {
  readonly reading: AccessReading;
  readonly syslog: SyslogHeader | undefined;
}

export function readAccessLine(text: string, zone: ZoneId): AccessLineReading {
  const direct = readBare(text, zone);
  if (direct !== undefined) return { reading: direct, syslog: undefined };
  const syslog = readSyslogHeader(text);
  if (syslog === undefined) return { reading: undefined, syslog: undefined };
  return { reading: readBare(text.slice(syslog.prefixLength).trimStart(), zone), syslog };
}

function readBare(text: string, zone: ZoneId): AccessReading {
  return (
    readApacheLine(text) ??
    readHaproxyLine(text, zone) ??
    readAwsLoadBalancerLine(text) ??
    readSquidLine(text) ??
    readS3AccessLine(text) ??
    readEnvoyLine(text) ??
    readUwsgiLine(text, zone)
  );
}
