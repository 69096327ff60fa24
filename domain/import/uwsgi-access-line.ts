/*
 * uWSGI's default request log line (its "logformat" left unset):
 * [pid: 88185|app: 0|req: 1/1] 127.0.0.1 () {38 vars in 696 bytes} [Sun Mar 13 22:49:12 2016]
 * POST /update_metrics => generated 47 bytes in 129 msecs (HTTP/1.1 200) 9 headers in 378 bytes (1 switches on core 3)
 * The time is the server's local time (ctime, no zone), read in the file's zone; the request ran for the
 * msecs (or micros, with --log-micros) after it. The remote user sits in the parentheses after the address.
 */
import type { ZoneId } from '@js-joda/core';
import { MONTH_ABBREVIATIONS } from '../time/month-abbreviations.ts';
import type { AccessReading } from './access-entry.ts';
import type { JsonValue } from './import-record.ts';
import { civilTime, localMicros } from './local-micros.ts';

const UWSGI =
  /^\[pid: (\d+)\|app: (-?\d+)\|req: (\d+)\/(\d+)\] (\S+) \(([^)]*)\) \{(\d+) vars in (\d+) bytes\} \[\w{3} (\w{3}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\d{4})\] (\S+) (\S+) => generated (\d+) bytes in (\d+) (msecs|micros) \((\S+) (\d{3})\)/;
const MONTHS: ReadonlyMap<string, number> = new Map(MONTH_ABBREVIATIONS.map((name, index) => [name, index + 1]));

export function readUwsgiLine(text: string, zone: ZoneId): AccessReading {
  const match = UWSGI.exec(text);
  if (match === null) return undefined;
  const [, pid, app, , , address = '', user = '', , , monthName = '', day, hour, minute, second, year] = match;
  const [method = '', path = '', size = '', elapsed = '', unit = '', protocol = '', status = ''] = match.slice(15);
  const month = MONTHS.get(monthName);
  const start =
    month === undefined ? undefined : localMicros(civilTime(Number(year), month, day, hour, minute, second), zone);
  if (start === undefined)
    return `"${match[0].slice(0, 80)}…" has no valid time (expected uWSGI's "[Sun Mar 13 22:49:12 2016]")`;
  const durationMicros = Number(elapsed) * (unit === 'msecs' ? 1000 : 1);
  const extra: Record<string, JsonValue> = {
    method,
    path,
    protocol,
    status: Number(status),
    bytes: Number(size),
    duration_ms: durationMicros / 1000,
    pid: Number(pid),
    app: Number(app),
  };
  if (user !== '') extra.user = user;
  return {
    grammar: 'uwsgi',
    startMicros: start,
    endMicros: start + durationMicros,
    actor: address,
    message: `${method} ${path} → ${status}`,
    extra,
  };
}
