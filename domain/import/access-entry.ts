/*
 * What every access-log grammar reads from a line: an event's fields plus the grammar's name, so
 * detection can count lines per grammar and the parser can keep them apart in its summary.
 */
import type { JsonValue } from './import-record.ts';

export type AccessGrammar =
  | 'common'
  | 'combined'
  | 'vhost'
  | 'alb'
  | 'elb'
  | 'nlb'
  | 'haproxy-http'
  | 'haproxy-tcp'
  | 'haproxy-error'
  | 'squid'
  | 's3'
  | 'envoy'
  | 'uwsgi';

export interface AccessEntry {
  readonly grammar: AccessGrammar;
  readonly startMicros: number;
  readonly endMicros: number;
  readonly actor: string;
  readonly message: string;
  readonly extra: Record<string, JsonValue>;
}

/** An entry; a reason when the line has the grammar's shape but a bad value; undefined otherwise. */
export type AccessReading = AccessEntry | string | undefined;

/** "141.35.244.171:53332" → ["141.35.244.171", "53332"]; IPv6 keeps its colons, brackets dropped. */
export function splitHostPort(text: string): [string, string | undefined] {
  const match = /^\[?(.+?)\]?:(\d+)$/.exec(text);
  return match === null ? [text, undefined] : [match[1] ?? text, match[2]];
}

export function numberOrText(text: string): JsonValue {
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : text;
}
