/*
 * Amazon S3 server access logs: "owner bucket [time] remote_ip requester request_id operation key
 * "request_uri" status error_code bytes_sent object_size total_time turnaround_time "referer"
 * "user_agent" version_id host_id …" (AWS's field list; later fields are appended over the years).
 * time is when the request was received; total_time (ms) gives the end.
 */
import type { AccessReading } from './access-entry.ts';
import { numberOrText } from './access-entry.ts';
import { clfTimeMicros } from './clf-time.ts';
import { requestMessage } from './http-request-line.ts';
import type { JsonValue } from './import-record.ts';
import { quotedFields } from './quoted-fields.ts';

const S3_HEAD = /^(\S+) (\S+) \[([^\]]+)\] (\S+) (\S+) (\S+) ([A-Z]+\.[A-Z_.]+) (\S+) "/;
const TAIL_NAMES = [
  'request_uri',
  'status',
  'error_code',
  'bytes_sent',
  'object_size',
  'total_time',
  'turnaround_time',
  'referer',
  'user_agent',
  'version_id',
  'host_id',
  'signature_version',
  'cipher_suite',
  'authentication_type',
  'host_header',
  'tls_version',
  'access_point_arn',
  'acl_required',
];

export function readS3AccessLine(text: string): AccessReading {
  const head = S3_HEAD.exec(text);
  if (head === null) return undefined;
  const [
    whole,
    owner = '',
    bucket = '',
    time = '',
    remoteIp = '',
    requester = '',
    requestId = '',
    operation = '',
    key = '',
  ] = head;
  const tail = quotedFields(text, whole.length - 1).map((field) => field.value);
  if (tail.length < 7 || !/^(?:\d{3}|-)$/.test(tail[1] ?? '')) return undefined;
  const start = clfTimeMicros(time);
  if (start === undefined)
    return `field "time": "${time}" is not a date (expected day/Mon/year:hour:minute:second ±zone, e.g. 06/Feb/2019:00:00:38 +0000)`;
  const extra: Record<string, JsonValue> = {
    bucket_owner: owner,
    bucket,
    requester,
    request_id: requestId,
    operation,
    key,
  };
  tail.forEach((value, index) => {
    extra[TAIL_NAMES[index] ?? `field ${index + 9}`] = index >= 1 && index <= 6 ? numberOrText(value) : value;
  });
  const totalMs = Number(tail[5]);
  const end = Number.isFinite(totalMs) ? start + totalMs * 1000 : start;
  return {
    grammar: 's3',
    startMicros: start,
    endMicros: end,
    actor: remoteIp,
    message: `${operation} ${requestMessage(tail[0] ?? '', tail[1] ?? '-')}`,
    extra,
  };
}
