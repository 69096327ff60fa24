/*
 * A message for a JSON access log record that has no message field: "GET /login → 401", as the
 * access-log importer writes it, from the request's method, target and status wherever the producer
 * keeps them (GCP's httpRequest.requestMethod/requestUrl/status, Kong's request.method/request.uri/
 * response.status, API Gateway's httpMethod/resourcePath, Cloudflare's ClientRequestMethod/
 * ClientRequestURI/EdgeResponseStatus, Traefik's RequestMethod/RequestPath/DownstreamStatus, nginx's "request" line). Undefined when the record has no
 * method and target, so the caller falls back to a summary of its fields.
 */
import type { JsonValue } from './import-record.ts';
import { isJsonObject } from './json-lines.ts';
import { normalizeName } from './suggest-mapping.ts';

type JsonObject = { [key: string]: JsonValue };

const METHOD_NAMES = new Set(['method', 'requestmethod', 'httpmethod', 'clientrequestmethod', 'csmethod']);
const TARGET_NAMES = new Set([
  'requesturl',
  'requesturi',
  'clientrequesturi',
  'resourcepath',
  'requestpath',
  'url',
  'uri',
  'path',
]);
const STATUS_NAMES = new Set([
  'status',
  'statuscode',
  'httpstatus',
  'httpstatuscode',
  'edgeresponsestatus',
  // Traefik's status as the client got it (OriginStatus is the backend's).
  'downstreamstatus',
  'responsestatus',
  'scstatus',
]);
const REQUEST_LINE = /^([A-Z]{3,10}) (\S+)(?: HTTP\/[\d.]+)?$/;
const HTTP_METHOD = /^[A-Z]{3,10}$/;
const MAX_DEPTH = 3;

export function httpRequestMessage(record: JsonObject): string | undefined {
  let method: string | undefined;
  let target: string | undefined;
  let status: string | undefined;
  const visit = (object: JsonObject, depth: number, parent: string): void => {
    for (const [key, field] of Object.entries(object)) {
      if (isJsonObject(field)) {
        if (depth < MAX_DEPTH) visit(field, depth + 1, normalizeName(key));
        continue;
      }
      const name = normalizeName(key);
      const text = typeof field === 'string' ? field.trim() : typeof field === 'number' ? String(field) : undefined;
      if (text === undefined || text === '' || text === '-') continue;
      // Kong's response.status, Caddy's top-level status: a status under "request" is not the answer's.
      if (
        status === undefined &&
        (STATUS_NAMES.has(name) || STATUS_NAMES.has(`${parent}${name}`)) &&
        /^\d{3}$/.test(text)
      )
        status = text;
      else if (method === undefined && METHOD_NAMES.has(name) && HTTP_METHOD.test(text)) method = text;
      else if (target === undefined && TARGET_NAMES.has(name) && !text.includes(' ')) target = text;
      else if (name === 'request' && method === undefined) {
        const line = REQUEST_LINE.exec(text);
        if (line !== null) [, method, target] = line;
      }
    }
  };
  visit(record, 0, '');
  if (method === undefined || target === undefined) return undefined;
  return status === undefined ? `${method} ${target}` : `${method} ${target} → ${status}`;
}
