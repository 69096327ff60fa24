/*
 * Apache/nginx access lines: common ("client ident user [time] "request" status bytes"), combined
 * (+ "referer" "user agent") and vhost-combined ("host:port " or "host " first), told apart per line since one
 * file can mix them. The request is taken up to the quote before " status bytes", so raw quotes
 * inside it survive; a user agent cut off without its closing quote runs to the end of the line.
 */
import type { AccessReading } from './access-entry.ts';
import { clfTimeMicros } from './clf-time.ts';
import type { JsonValue } from './import-record.ts';
import { readRequestLine, requestMessage } from './http-request-line.ts';
import { quotedFields } from './quoted-fields.ts';

const APACHE = /^(?:(\S+) )?(\S+) (\S+) (\S+) \[([^\]]+)\] "(.*?)" (\d{3}|-) (\d+|-)(?: (.*))?$/;

export function readApacheLine(text: string): AccessReading {
  const match = APACHE.exec(text);
  if (match === null) return undefined;
  const [, vhost, client = '', ident = '-', user = '-', time = '', request = '', status = '-', bytes = '-', rest] =
    match;
  const micros = clfTimeMicros(time);
  if (micros === undefined)
    return `field "time": "${time}" is not a date (expected day/Mon/year:hour:minute:second ±zone, e.g. 13/Jan/2016:19:31:20 +0200)`;
  const extra: Record<string, JsonValue> = {};
  if (vhost !== undefined) extra.vhost = vhost;
  if (ident !== '-') extra.ident = ident;
  if (user !== '-') extra.user = user;
  extra.request = request;
  const { method, target, protocol } = readRequestLine(request);
  if (method !== undefined) extra.method = method;
  if (target !== undefined) extra.path = target;
  if (protocol !== undefined) extra.protocol = protocol;
  extra.status = status === '-' ? null : Number(status);
  extra.bytes = bytes === '-' ? null : Number(bytes);
  const more = rest === undefined ? [] : quotedFields(rest);
  const [referer, userAgent, ...others] = more;
  if (referer !== undefined) extra.referer = referer.value;
  if (userAgent !== undefined) extra.userAgent = userAgent.value;
  if (userAgent?.unterminated === true) extra.userAgentCutOff = true;
  if (others.length > 0) extra.more = others.map((field) => field.value);
  return {
    grammar: vhost !== undefined ? 'vhost' : more.length >= 2 ? 'combined' : 'common',
    startMicros: micros,
    endMicros: micros,
    actor: client,
    message: requestMessage(request, status),
    extra,
  };
}
