/*
 * A message for a JSON DNS query log record that has no message field: "A example.com → NOERROR
 * 93.184.216.34", from the query's name and type, the response code and the first answers, wherever
 * the producer keeps them (Route 53 Resolver's query_name/query_type/rcode/answers[].Rdata, Zeek's
 * dns.log query/qtype_name/rcode_name/answers, Cloudflare Gateway's QueryName/QueryType; Suricata's
 * eve "dns" objects already read as "dns: rrname=… rrtype=…" from event_type). Undefined without a name and a record type, so the caller falls
 * back to a summary of the fields (a SQL "query" field has no DNS type beside it).
 */
import type { JsonValue } from './import-record.ts';
import { isJsonObject } from './json-lines.ts';
import { normalizeName } from './suggest-mapping.ts';

type JsonObject = { [key: string]: JsonValue };

const NAME_NAMES = new Set(['queryname', 'query', 'qname', 'rrname']);
const TYPE_NAMES = new Set(['querytype', 'qtypename', 'qtype', 'rrtype']);
const RCODE_NAMES = new Set(['rcode', 'rcodename', 'responsecode']);
const ANSWER_NAMES = new Set(['answers', 'answer']);
const RECORD_TYPE =
  /^(?:A|AAAA|ANY|CAA|CNAME|DNSKEY|DS|HINFO|HTTPS|MX|NAPTR|NS|NSEC3?|PTR|RRSIG|SOA|SPF|SRV|SSHFP|SVCB|TLSA|TXT|TYPE\d{1,5})$/;
const HOST_NAME = /^[\w*-]+(?:\.[\w*-]+)*\.?$/;
const MAX_ANSWERS = 3;
const MAX_DEPTH = 2;

const textOf = (value: JsonValue | undefined): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined;

/** An answer as its data: Route 53's {"Rdata": …}, Zeek's plain strings. */
function answerText(answer: JsonValue): string | undefined {
  if (!isJsonObject(answer)) return textOf(answer);
  for (const [key, value] of Object.entries(answer)) if (normalizeName(key) === 'rdata') return textOf(value);
  return undefined;
}

export function dnsQueryMessage(record: JsonObject): string | undefined {
  let name: string | undefined;
  let type: string | undefined;
  // Zeek writes the code as a number, then its name: the name is told where there is one.
  let rcode: string | undefined;
  let rcodeNumber: string | undefined;
  let answers: string[] = [];
  const visit = (object: JsonObject, depth: number): void => {
    for (const [key, field] of Object.entries(object)) {
      const normalized = normalizeName(key);
      if (ANSWER_NAMES.has(normalized) && Array.isArray(field) && answers.length === 0) {
        answers = field.map(answerText).filter((text): text is string => text !== undefined);
        continue;
      }
      if (isJsonObject(field)) {
        if (depth < MAX_DEPTH) visit(field, depth + 1);
        continue;
      }
      const text = textOf(field);
      if (text === undefined) continue;
      if (name === undefined && NAME_NAMES.has(normalized) && HOST_NAME.test(text)) name = text;
      else if (type === undefined && TYPE_NAMES.has(normalized) && RECORD_TYPE.test(text)) type = text;
      else if (RCODE_NAMES.has(normalized) && /^\d+$/.test(text)) rcodeNumber ??= text;
      else if (rcode === undefined && RCODE_NAMES.has(normalized)) rcode = text;
    }
  };
  visit(record, 0);
  if (name === undefined || type === undefined) return undefined;
  const shown = answers.slice(0, MAX_ANSWERS).join(', ') + (answers.length > MAX_ANSWERS ? ', …' : '');
  const result = [rcode ?? rcodeNumber, shown].filter((part) => part !== undefined && part !== '').join(' ');
  return result === '' ? `${type} ${name}` : `${type} ${name} → ${result}`;
}
