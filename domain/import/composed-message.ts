/*
 * A message for delimited rows with no message column, built from the columns W3C logs always have:
 * a web server's request (cs-method, cs-uri-stem, cs-uri-query, sc-status) or a firewall's verdict
 * (Windows Firewall: action, protocol, src-ip, src-port, dst-ip, dst-port) or a mail server's tracking
 * event (Exchange: event-id, source, sender-address, recipient-address, message-subject) or a Microsoft 365
 * unified audit log export's operation with what its AuditData JSON says of it. Decided once
 * per header. Any other header (a Zeek log, a CSV of numbers and codes) gets a summary of the row's first
 * fields, as a JSON record without a message field does, so no event reaches the timeline blank.
 */
import { shorten } from './parse-event-time.ts';

export type MessageComposer = (fields: readonly string[]) => string;

const present = (value: string | undefined): value is string => value !== undefined && value !== '' && value !== '-';
const SUMMARY_FIELDS = 6;
// AuditData is one record's JSON, a few KiB; a larger cell is not parsed for the message.
const MAX_AUDIT_DATA_CHARS = 1 << 20;

/**
 * `name=value` of the first SUMMARY_FIELDS fields that hold something, leaving out the columns `skipped`
 * (the time and actor, shown beside the message anyway) and the file's null markers; undefined without
 * column names, where a summary could only number the fields.
 */
export function summaryComposer(
  columns: readonly string[],
  skipped: ReadonlySet<number>,
  nullValues: ReadonlySet<string>,
): MessageComposer | undefined {
  if (columns.length === 0) return undefined;
  return (fields) => {
    const parts: string[] = [];
    for (let index = 0; index < fields.length && parts.length < SUMMARY_FIELDS; index += 1) {
      const value = fields[index]?.trim();
      if (skipped.has(index) || !present(value) || nullValues.has(value)) continue;
      parts.push(`${columns[index] ?? `field ${index + 1}`}=${shorten(value, 80)}`);
    }
    return parts.join(' ');
  };
}

const columnIndex =
  (columns: readonly string[]) =>
  (...names: string[]): number => {
    for (const name of names) {
      const index = columns.findIndex((column) => column.toLowerCase() === name);
      if (index !== -1) return index;
    }
    return -1;
  };

/**
 * A Microsoft 365 unified audit log export (Purview's search, Search-UnifiedAuditLog): CreationDate,
 * UserIds or UserId, Operations or Operation, and AuditData, the whole record as JSON. Its message is
 * composed, not the JSON.
 */
export function isUnifiedAuditLog(columns: readonly string[]): boolean {
  const at = columnIndex(columns);
  return at('auditdata') !== -1 && at('operations', 'operation') !== -1;
}

/** The composer for these column names, or undefined when they hold neither a request nor a verdict. */
export function messageComposer(columns: readonly string[]): MessageComposer | undefined {
  const at = columnIndex(columns);
  if (isUnifiedAuditLog(columns)) {
    const operation = at('operations', 'operation');
    const auditData = at('auditdata');
    return (fields) => unifiedAuditMessage(fields[operation] ?? '', fields[auditData] ?? '');
  }
  const method = at('cs-method');
  const stem = at('cs-uri-stem', 'cs-uri');
  const query = at('cs-uri-query');
  const status = at('sc-status');
  if (method !== -1 || stem !== -1) {
    return (fields) => {
      // IIS's own format writes ", " between fields: the values come with a space before them.
      const [verb, path, queryText, code] = [method, stem, query, status].map((index) => fields[index]?.trim());
      const target = present(path) ? `${path}${present(queryText) ? `?${queryText}` : ''}` : undefined;
      return [verb, target, code].filter(present).join(' ');
    };
  }
  const event = at('event-id');
  const recipients = at('recipient-address');
  if (event !== -1 && recipients !== -1) {
    const agent = at('source');
    const sender = at('sender-address');
    const subject = at('message-subject');
    return (fields) => {
      const route = [fields[sender], fields[recipients]].filter(present).join(' -> ');
      const head = [fields[event], fields[agent], route].filter(present).join(' ');
      return present(fields[subject]) ? `${head}: ${fields[subject]}` : head;
    };
  }
  const action = at('action');
  const protocol = at('protocol');
  const source = at('src-ip');
  const destination = at('dst-ip');
  if (action === -1 || source === -1 || destination === -1) return undefined;
  const sourcePort = at('src-port');
  const destinationPort = at('dst-port');
  // An IPv6 address is bracketed before its port ("[fe80::1]:5353"), as RFC 3986 writes it.
  const endpoint = (ip: number, port: number) => (fields: readonly string[]) => {
    const address = fields[ip] ?? '';
    if (!present(fields[port])) return address;
    return `${address.includes(':') ? `[${address}]` : address}:${fields[port]}`;
  };
  const from = endpoint(source, sourcePort);
  const to = endpoint(destination, destinationPort);
  return (fields) => [fields[action], fields[protocol], `${from(fields)} -> ${to(fields)}`].filter(present).join(' ');
}

const auditText = (value: unknown): string | undefined =>
  typeof value === 'string' && present(value) ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * "FileDownloaded https://…/salaries.xlsx (Succeeded) from 198.51.100.7": the operation, the object it
 * acted on, its result and the client's address, from the audit record's common schema; an Exchange
 * cmdlet's parameters (New-InboxRule's MoveToFolder) after them. The operation alone when AuditData is
 * no JSON object.
 */
function unifiedAuditMessage(operation: string, auditData: string): string {
  let record: unknown;
  try {
    record = auditData.length <= MAX_AUDIT_DATA_CHARS ? JSON.parse(auditData) : undefined;
  } catch {
    record = undefined;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return operation;
  const data = record as Record<string, unknown>;
  const object = auditText(data['ObjectId']) ?? auditText(data['SourceFileName']);
  const result = auditText(data['ResultStatus']);
  const client = auditText(data['ClientIP']) ?? auditText(data['ClientIPAddress']);
  const parameters = Array.isArray(data['Parameters'])
    ? data['Parameters']
        .map((parameter: unknown) => {
          if (typeof parameter !== 'object' || parameter === null) return undefined;
          const { Name: name, Value: value } = parameter as Record<string, unknown>;
          return typeof name === 'string' ? `${name}=${shorten(String(value), 60)}` : undefined;
        })
        .filter((text) => text !== undefined)
        .join(', ')
    : '';
  const head = [operation || auditText(data['Operation']), object].filter(present).join(' ');
  const tail = `${result === undefined ? '' : ` (${result})`}${client === undefined ? '' : ` from ${client}`}`;
  return `${head}${tail}${parameters === '' ? '' : `: ${shorten(parameters, 300)}`}`;
}
