/*
 * HAProxy logs after their syslog prefix: "client:port [accept date] frontend …" in the HTTP layout
 * (timers TR/Tw/Tc/Tr/Ta, status, bytes, cookies, termination state, counters, captured headers,
 * "request"), the TCP layout (Tw/Tc/Tt, bytes, state, counters) or a connection error
 * ("frontend/bind: SSL handshake failure"). The accept date has milliseconds and no zone: it is read
 * in the file's zone, and the last timer (total time, ms) gives the end.
 */
import type { ZoneId } from '@js-joda/core';
import { MONTH_ABBREVIATIONS } from '../time/month-abbreviations.ts';
import type { AccessEntry, AccessReading } from './access-entry.ts';
import type { JsonValue } from './import-record.ts';
import { readRequestLine, requestMessage } from './http-request-line.ts';
import { civilTime, localMicros } from './local-micros.ts';

const HEAD = /^(\S+):(\d+) \[(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?\] (\S+) /;
const HTTP =
  /^(\S+)\/(\S+) (-?\d+\/-?\d+\/-?\d+\/-?\d+\/\+?-?\d+) (-?\d{1,3}) \+?(\d+) (\S+) (\S+) (\S{4}) (\d+\/\d+\/\d+\/\d+\/\+?\d+) (\d+\/\d+)((?: \{[^}]*\})*) "(.*)$/;
const TCP = /^(\S+)\/(\S+) (-?\d+\/-?\d+\/\+?-?\d+) \+?(\d+) (\S{2}) (\d+\/\d+\/\d+\/\d+\/\+?\d+) (\d+\/\d+)$/;
const MONTHS: ReadonlyMap<string, number> = new Map(MONTH_ABBREVIATIONS.map((name, index) => [name, index + 1]));

export function readHaproxyLine(text: string, zone: ZoneId): AccessReading {
  const head = HEAD.exec(text);
  if (head === null) return undefined;
  const [whole, client = '', port, day, monthName = '', year, hour, minute, second, fraction, frontend = ''] = head;
  const month = MONTHS.get(monthName);
  const time = civilTime(Number(year), month ?? 0, day, hour, minute, second, fraction);
  const start = month === undefined ? undefined : localMicros(time, zone);
  if (start === undefined)
    return `field "accept date": "${day}/${monthName}/${year}:${hour}:${minute}:${second}" is not a date (expected day/Mon/year:hour:minute:second.ms, e.g. 25/Feb/2019:16:19:48.143)`;
  const rest = text.slice(whole.length);
  const base: Record<string, JsonValue> = { client_port: Number(port), frontend: frontend.replace(/~$/, '') };
  // HTTP and TCP lines both name where the connection went and its timers.
  const routed = (backend: string, server: string, timers: string) => ({
    ...base,
    backend,
    server,
    timers,
    ...duration(timers),
  });
  const http = HTTP.exec(rest);
  if (http !== null) {
    const [
      ,
      backend = '',
      server = '',
      timers = '',
      status = '',
      bytes,
      requestCookie,
      responseCookie,
      termination,
      counters,
      queues,
      captures = '',
      quoted = '',
    ] = http;
    // HAProxy writes a quote inside the request as #22, so the first quote closes it; httpslog adds TLS fields after.
    const close = quoted.indexOf('"');
    const request = close === -1 ? quoted : quoted.slice(0, close);
    const after = close === -1 ? '' : quoted.slice(close + 1).trim();
    const extra: Record<string, JsonValue> = {
      ...routed(backend, server, timers),
      status: Number(status),
      bytes: Number(bytes),
    };
    Object.assign(extra, {
      request_cookie: requestCookie,
      response_cookie: responseCookie,
      termination_state: termination,
      connections: counters,
      queues,
    });
    const headers = [...captures.matchAll(/\{([^}]*)\}/g)].map((found) => found[1] ?? '');
    if (headers[0] !== undefined && headers[0] !== '') extra.captured_request_headers = headers[0];
    if (headers[1] !== undefined && headers[1] !== '') extra.captured_response_headers = headers[1];
    extra.request = request;
    if (after !== '') extra.after_request = after;
    const { method, target } = readRequestLine(request);
    if (method !== undefined) Object.assign(extra, { method, path: target ?? '' });
    return timed('haproxy-http', start, client, requestMessage(request, status), extra);
  }
  const tcp = TCP.exec(rest);
  if (tcp !== null) {
    const [, backend = '', server = '', timers = '', bytes = '', termination = '', counters, queues] = tcp;
    const extra: Record<string, JsonValue> = {
      ...routed(backend, server, timers),
      bytes: Number(bytes),
      termination_state: termination,
    };
    Object.assign(extra, { connections: counters, queues });
    return timed(
      'haproxy-tcp',
      start,
      client,
      `TCP ${base.frontend} → ${backend}/${server}: ${bytes} bytes, state ${termination}`,
      extra,
    );
  }
  // Errors log "frontend/bind: text" after the date; the frontend token then ends in a colon.
  if (!frontend.endsWith(':')) return undefined;
  return {
    grammar: 'haproxy-error',
    startMicros: start,
    endMicros: start,
    actor: client,
    message: `${frontend} ${rest}`.trim(),
    extra: { ...base, frontend: frontend.slice(0, -1) },
  };
}

/** The last timer is the total (Ta, or Tt before HAProxy 1.7); -1 means the connection was cut. */
function duration(timers: string): { duration_ms: number } | Record<string, never> {
  const total = Number(timers.split('/').at(-1)?.replace('+', ''));
  return Number.isFinite(total) && total >= 0 ? { duration_ms: total } : {};
}

function timed(
  grammar: AccessEntry['grammar'],
  start: number,
  client: string,
  message: string,
  extra: Record<string, JsonValue>,
): AccessEntry {
  const ms = typeof extra.duration_ms === 'number' ? extra.duration_ms : 0;
  return { grammar, startMicros: start, endMicros: start + ms * 1000, actor: client, message, extra };
}
