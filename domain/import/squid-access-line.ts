/*
 * Squid's native access.log: "time elapsed client code/status bytes method URL user hierarchy/peer
 * type". time is epoch seconds with ms, written when the transaction ends (Squid logs
 * current_time), and elapsed is its length in ms: the event runs from time - elapsed to time.
 */
import type { AccessReading } from './access-entry.ts';
import type { JsonValue } from './import-record.ts';

const SQUID =
  /^ *(\d{9,11})\.(\d{3}) +(\d+) (\S+) ([A-Z][A-Z_]*)\/(\d{3}) (\d+) (\S+) (\S+)(?: (\S+))?(?: (\S+)\/(\S+))?(?: (\S+))?(?: (.*))?$/;

export function readSquidLine(text: string): AccessReading {
  const match = SQUID.exec(text);
  if (match === null) return undefined;
  const [
    ,
    seconds,
    millis,
    elapsed,
    client = '',
    code = '',
    status = '',
    bytes,
    method = '',
    url = '',
    user,
    hierarchy,
    peer,
    type,
    rest,
  ] = match;
  const endMicros = Number(seconds) * 1_000_000 + Number(millis) * 1000;
  const startMicros = Math.max(0, endMicros - Number(elapsed) * 1000);
  const extra: Record<string, JsonValue> = {
    result_code: code,
    status: Number(status),
    bytes: Number(bytes),
    method,
    url,
    elapsed_ms: Number(elapsed),
  };
  if (user !== undefined && user !== '-') extra.user = user;
  if (hierarchy !== undefined) Object.assign(extra, { hierarchy, peer: peer ?? '' });
  if (type !== undefined && type !== '-') extra.content_type = type;
  if (rest !== undefined && rest !== '') extra.more = rest;
  return {
    grammar: 'squid',
    startMicros,
    endMicros,
    actor: client,
    message: `${method} ${url} → ${status} (${code})`,
    extra,
  };
}
