/*
 * Envoy's default access log format, and Istio's longer default built on it:
 * [%START_TIME%] "%REQ(:METHOD)% %REQ(X-ENVOY-ORIGINAL-PATH?:PATH)% %PROTOCOL%" %RESPONSE_CODE%
 * %RESPONSE_FLAGS% (Istio: %RESPONSE_CODE_DETAILS% %CONNECTION_TERMINATION_DETAILS%
 * "%UPSTREAM_TRANSPORT_FAILURE_REASON%") %BYTES_RECEIVED% %BYTES_SENT% %DURATION%
 * %RESP(X-ENVOY-UPSTREAM-SERVICE-TIME)% "%REQ(X-FORWARDED-FOR)%" "%REQ(USER-AGENT)%" "%REQ(X-REQUEST-ID)%"
 * "%REQ(:AUTHORITY)%" "%UPSTREAM_HOST%" (Istio: %UPSTREAM_CLUSTER% %UPSTREAM_LOCAL_ADDRESS%
 * %DOWNSTREAM_LOCAL_ADDRESS% %DOWNSTREAM_REMOTE_ADDRESS% %REQUESTED_SERVER_NAME% %ROUTE_NAME%).
 * The request runs from START_TIME for DURATION milliseconds; "-" is Envoy's empty value.
 */
import { numberOrText, splitHostPort, type AccessReading } from './access-entry.ts';
import type { JsonValue } from './import-record.ts';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';

const ENVOY = /^\[(\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2}))\] "(\S+) (\S+) (\S+)" (\d{1,3}) (\S+) (.*)$/;
const TOKEN = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
const QUOTED_NAMES = ['x_forwarded_for', 'user_agent', 'request_id', 'authority', 'upstream_host'];
const ISTIO_TAIL = [
  'upstream_cluster',
  'upstream_local_address',
  'downstream_local_address',
  'downstream_remote_address',
  'requested_server_name',
  'route_name',
];

export function readEnvoyLine(text: string): AccessReading {
  const match = ENVOY.exec(text);
  if (match === null) return undefined;
  const [, time = '', method = '', path = '', protocol = '', code = '', flags = '', rest = ''] = match;
  const tokens = [...rest.matchAll(TOKEN)].map((token) => ({
    quoted: token[1] !== undefined,
    text: token[1] ?? token[2] ?? '',
  }));
  // The four numbers (bytes received, bytes sent, duration, upstream time) follow Istio's three detail fields.
  const numbersAt = tokens.findIndex(
    (_, index) =>
      index + 4 <= tokens.length &&
      tokens.slice(index, index + 4).every((token) => !token.quoted && /^(?:\d+|-)$/.test(token.text)),
  );
  if (numbersAt !== 0 && numbersAt !== 3) return undefined;
  const start = parseOffsetDateTime(time);
  if (start === undefined)
    return `"[${time}]" is not a time (expected Envoy's START_TIME, e.g. 2024-03-05T12:00:00.123Z)`;
  const extra: Record<string, JsonValue> = { method, path, protocol, status: Number(code) };
  if (flags !== '-') extra.response_flags = flags;
  if (numbersAt === 3) {
    const [details, termination, failure] = tokens;
    if (details?.text !== '-') extra.response_code_details = details?.text ?? '';
    if (termination?.text !== '-') extra.connection_termination_details = termination?.text ?? '';
    if (failure?.text !== '-') extra.upstream_transport_failure_reason = failure?.text ?? '';
  }
  const [received, sent, duration, upstreamTime] = tokens.slice(numbersAt, numbersAt + 4).map((token) => token.text);
  extra.bytes_received = numberOrText(received ?? '-');
  extra.bytes_sent = numberOrText(sent ?? '-');
  if (upstreamTime !== '-') extra.upstream_service_time_ms = numberOrText(upstreamTime ?? '-');
  const after = tokens.slice(numbersAt + 4);
  const names = [...QUOTED_NAMES, ...ISTIO_TAIL];
  after.forEach((token, index) => {
    const name = names[index] ?? `field_${index + 1}`;
    if (token.text !== '-' && token.text !== '') extra[name] = token.text;
  });
  const durationMs = /^\d+$/.test(duration ?? '') ? Number(duration) : 0;
  extra.duration_ms = durationMs;
  const remote = typeof extra.downstream_remote_address === 'string' ? extra.downstream_remote_address : undefined;
  const forwarded = typeof extra.x_forwarded_for === 'string' ? extra.x_forwarded_for.split(',')[0]?.trim() : undefined;
  const actor = remote === undefined ? (forwarded ?? '') : splitHostPort(remote)[0];
  return {
    grammar: 'envoy',
    startMicros: start,
    endMicros: start + durationMs * 1000,
    actor,
    message: `${method} ${path} → ${code}${flags === '-' ? '' : ` (${flags})`}`,
    extra,
  };
}
