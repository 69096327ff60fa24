/*
 * Linux audit (auditd) writes one event as several records that share its stamp, audit(seconds:serial):
 * a SYSCALL with its EXECVE arguments, CWD, PATH items and PROCTITLE, ended by EOE. ausearch shows them
 * as one event, and so does the import: consecutive records of one stamp are merged, the first
 * record's fields plain, a later record's field under "TYPE.name" where the name is taken, each
 * record's text a line of the message. PROCTITLE's hex command line is read back as text, and "user"
 * says who acted: the login user (auid, which sudo and su keep; its name where the enriched format
 * gives AUID), else the account a login or authentication record names (acct).
 */
import type { JsonValue } from './import-record.ts';

type Fields = { [key: string]: JsonValue };

// One event holds a few dozen records (a PATH per file touched); past this it is cut, which also
// bounds the search for a free field name.
const MAX_RECORDS = 256;
const HEX = /^(?:[0-9A-F]{2})+$/;
const decoder = new TextDecoder();

/** The stamp ("seconds:serial") of an audit record, undefined for any other record. */
export function auditStamp(fields: Fields): string | undefined {
  const { timestamp, serial, type } = fields;
  return typeof timestamp === 'string' && typeof serial === 'string' && typeof type === 'string'
    ? `${timestamp}:${serial}`
    : undefined;
}

// auid when no login happened (a daemon, a failed login): (uint32)-1.
const UNSET_IDS = new Set(['4294967295', '-1', 'unset']);

/** The derived "user" field of an audit record (its fields as read, enriched names included). */
export function addAuditUser(fields: Fields): void {
  const login = [fields['AUID'], fields['auid']].find(
    (value) => typeof value === 'string' && value !== '' && !UNSET_IDS.has(value),
  );
  const account = fields['acct'];
  const user = login ?? (typeof account === 'string' && account !== '' && account !== '?' ? account : undefined);
  if (user !== undefined && fields['user'] === undefined) fields['user'] = user;
}

/** PROCTITLE's proctitle is hex when it holds spaces (its arguments, NUL-separated): read as text. */
export function readableProctitle(fields: Fields): void {
  const title = fields['proctitle'];
  if (fields['type'] !== 'PROCTITLE' || typeof title !== 'string' || !HEX.test(title)) return;
  const bytes = new Uint8Array(title.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = parseInt(title.slice(index * 2, index * 2 + 2), 16);
  const text = decoder.decode(bytes).replaceAll('\u0000', ' ').trim();
  fields['proctitle'] = text;
  fields['message'] = `PROCTITLE ${text}`;
}

/** Adds a later record of the same event to the first's fields; false when the event is full. */
export function mergeAuditRecord(event: Fields, record: Fields): boolean {
  const types = typeof event['records'] === 'string' ? event['records'] : String(event['type']);
  if (types.split(' ').length >= MAX_RECORDS) return false;
  const type = String(record['type']);
  event['records'] = `${types} ${type}`;
  // EOE only marks the end of the event.
  if (type === 'EOE') return true;
  if (typeof record['message'] === 'string') event['message'] = `${String(event['message'])}\n${record['message']}`;
  for (const [name, value] of Object.entries(record)) {
    if (name === 'type' || name === 'timestamp' || name === 'serial' || name === 'message') continue;
    // Several PATH records each name a file: the second is PATH.name, the third PATH.name#3.
    let key = name in event ? `${type}.${name}` : name;
    for (let count = 3; key in event; count += 1) key = `${type}.${name}#${count}`;
    event[key] = value;
  }
  return true;
}

/** Records with each run of one audit event's records merged, as the import reads them (for detection). */
export function mergedAuditEvents(records: readonly Fields[]): Fields[] {
  const events: Fields[] = [];
  let stamp: string | undefined;
  for (const record of records) {
    const own = auditStamp(record);
    const last = events[events.length - 1];
    if (own !== undefined && own === stamp && last !== undefined && mergeAuditRecord(last, record)) continue;
    stamp = own;
    events.push(record);
  }
  return events;
}
