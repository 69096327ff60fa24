/*
 * AWS Elastic Load Balancing access logs (S3's are in s3-access-line.ts), by the field lists of AWS's documentation:
 *  - ALB: "type time elb client:port target:port …" where time is when the response was sent and
 *    request_creation_time (field 22) when the request arrived: start and end of the event.
 *  - Classic ELB: "time elb client:port backend:port …": time is when the request arrived; the three
 *    processing times (seconds, -1 when no backend answered) give the end.
 *  - NLB (TLS listeners): "tls version time elb listener client:port destination:port connection_time
 *    …": time is the connection's end, tls_connection_creation_time (field 24) its start.
 * Times are UTC ISO 8601. Fields AWS adds later land in extra as "field N".
 */
import type { AccessEntry, AccessReading } from './access-entry.ts';
import { numberOrText, splitHostPort } from './access-entry.ts';
import type { JsonValue } from './import-record.ts';
import { requestMessage } from './http-request-line.ts';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';
import { quotedFields } from './quoted-fields.ts';

const ALB_FIELDS = [
  'type',
  'time',
  'elb',
  'client:port',
  'target:port',
  'request_processing_time',
  'target_processing_time',
  'response_processing_time',
  'elb_status_code',
  'target_status_code',
  'received_bytes',
  'sent_bytes',
  'request',
  'user_agent',
  'ssl_cipher',
  'ssl_protocol',
  'target_group_arn',
  'trace_id',
  'domain_name',
  'chosen_cert_arn',
  'matched_rule_priority',
  'request_creation_time',
  'actions_executed',
  'redirect_url',
  'error_reason',
  'target:port_list',
  'target_status_code_list',
  'classification',
  'classification_reason',
  'conn_trace_id',
];
const ELB_FIELDS = [
  'time',
  'elb',
  'client:port',
  'backend:port',
  'request_processing_time',
  'backend_processing_time',
  'response_processing_time',
  'elb_status_code',
  'backend_status_code',
  'received_bytes',
  'sent_bytes',
  'request',
  'user_agent',
  'ssl_cipher',
  'ssl_protocol',
];
const NLB_FIELDS = [
  'type',
  'version',
  'time',
  'elb',
  'listener',
  'client:port',
  'destination:port',
  'connection_time',
  'tls_handshake_time',
  'received_bytes',
  'sent_bytes',
  'incoming_tls_alert',
  'chosen_cert_arn',
  'chosen_cert_serial',
  'tls_cipher',
  'tls_protocol_version',
  'tls_named_group',
  'domain_name',
  'alpn_fe_protocol',
  'alpn_be_protocol',
  'alpn_client_preference_list',
  'tls_connection_creation_time',
];
const ALB_TYPES = new Set(['http', 'https', 'h2', 'grpcs', 'ws', 'wss']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;
const HOST_PORT = /^(?:\S+:\d+|-)$/;

export function readAwsLoadBalancerLine(text: string): AccessReading {
  const first = text.slice(0, text.indexOf(' '));
  if (ALB_TYPES.has(first) || first === 'tls' || ISO_TIME.test(first)) {
    const fields = quotedFields(text).map((field) => field.value);
    if (first === 'tls') return readNlb(fields);
    if (ALB_TYPES.has(first)) return readAlb(fields);
    return readElb(fields);
  }
  return undefined;
}

function readAlb(fields: string[]): AccessReading {
  if (fields.length < 14 || !fields[2]?.includes('/') || !HOST_PORT.test(fields[3] ?? '')) return undefined;
  const end = awsTime(fields[1] ?? '');
  if (end === undefined) return `field "time": "${fields[1]}" is not a time (expected 2018-07-02T22:23:00.186641Z)`;
  const created = fields[21] === undefined ? undefined : awsTime(fields[21]);
  const start = created !== undefined && created <= end ? created : end;
  return entry('alb', start, end, fields, ALB_FIELDS, requestMessage(fields[12] ?? '', fields[8] ?? '-'));
}

function readElb(fields: string[]): AccessReading {
  if (
    fields.length < 12 ||
    fields[1]?.includes('/') !== false ||
    !HOST_PORT.test(fields[2] ?? '') ||
    !HOST_PORT.test(fields[3] ?? '')
  )
    return undefined;
  const start = awsTime(fields[0] ?? '');
  if (start === undefined) return `field "time": "${fields[0]}" is not a time (expected 2015-05-13T23:39:43.945958Z)`;
  const seconds = [4, 5, 6]
    .map((index) => Number(fields[index]))
    .filter((value) => Number.isFinite(value) && value > 0);
  const end = start + Math.round(seconds.reduce((sum, value) => sum + value, 0) * 1_000_000);
  return entry('elb', start, end, fields, ELB_FIELDS, requestMessage(fields[11] ?? '', fields[7] ?? '-'));
}

function readNlb(fields: string[]): AccessReading {
  if (fields.length < 11 || !fields[3]?.startsWith('net/') || !HOST_PORT.test(fields[5] ?? '')) return undefined;
  const end = awsTime(fields[2] ?? '');
  if (end === undefined) return `field "time": "${fields[2]}" is not a time (expected 2018-12-20T02:59:40)`;
  const created = fields[21] === undefined ? undefined : awsTime(fields[21]);
  const connectionMs = Number(fields[7]);
  const start =
    created !== undefined && created <= end
      ? created
      : Number.isFinite(connectionMs) && connectionMs > 0
        ? Math.max(0, end - connectionMs * 1000)
        : end;
  const domain = fields[17] !== undefined && fields[17] !== '-' ? ` (${fields[17]})` : '';
  const message = `TLS connection to ${fields[6]}${domain}: ${fields[9]} bytes in, ${fields[10]} bytes out`;
  return entry('nlb', start, end, fields, NLB_FIELDS, message);
}

function entry(
  grammar: AccessEntry['grammar'],
  start: number,
  end: number,
  fields: string[],
  names: string[],
  message: string,
): AccessEntry {
  const extra: Record<string, JsonValue> = {};
  const [client = '-', clientPort] = splitHostPort(fields[names.indexOf('client:port')] ?? '-');
  fields.forEach((value, index) => {
    const name = names[index] ?? `field ${index + 1}`;
    if (name === 'time' || name === 'client:port') return;
    extra[name] =
      name.endsWith('_code') || name.endsWith('_bytes') || name.endsWith('_time') ? numberOrText(value) : value;
  });
  if (clientPort !== undefined) extra.client_port = Number(clientPort);
  return { grammar, startMicros: start, endMicros: end, actor: client, message, extra };
}

/** AWS writes UTC; an NLB time may lack the Z. */
function awsTime(text: string): number | undefined {
  return parseOffsetDateTime(/(?:[Zz]|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
}
