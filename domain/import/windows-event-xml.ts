/*
 * One Windows event as Event Log XML writes it (wevtutil qe /f:xml or /f:RenderedXml, Event Viewer's
 * "Save as XML", Get-WinEvent's ToXml()): the System element's fields, EventData's named Data (or
 * UserData's leaves) as extra, and the RenderingInfo message when the export rendered one. Read by
 * plain searches over one element's text, which the reader bounds, so no pattern backtracks far.
 */
import type { FamilyDetection } from './format-detection.ts';
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';

const EVENT_NAMESPACE = 'http://schemas.microsoft.com/win/2004/08/events/event';

/** The schema's Level values; a provider may define others (shown as their number). */
const LEVEL_NAMES: Readonly<Record<string, string>> = {
  '0': 'Information',
  '1': 'Critical',
  '2': 'Error',
  '3': 'Warning',
  '4': 'Information',
  '5': 'Verbose',
};
const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(lt|gt|amp|quot|apos));/g;
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// A message longer than this is cut: Event Viewer's rendered texts are a few KiB at most.
const MAX_MESSAGE_CHARS = 64 * 1024;

function unescapeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex?: string, decimal?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The region of `xml` from `<name` to its `</name>`, or undefined. */
function section(xml: string, name: string): string | undefined {
  const open = findTag(xml, name, 0);
  if (open === undefined) return undefined;
  const close = xml.indexOf(`</${name}>`, open.end);
  return close === -1 ? undefined : xml.slice(open.end, close);
}

/** Where `<name …>` (not `<nameMore`) starts and its head ends, from `from`. */
function findTag(xml: string, name: string, from: number): { start: number; head: string; end: number } | undefined {
  for (let at = xml.indexOf(`<${name}`, from); at !== -1; at = xml.indexOf(`<${name}`, at + 1)) {
    const next = xml.charAt(at + name.length + 1);
    if (next !== '>' && next !== '/' && next.trim() !== '') continue;
    const end = xml.indexOf('>', at);
    if (end === -1) return undefined;
    return { start: at, head: xml.slice(at, end + 1), end: end + 1 };
  }
  return undefined;
}

function attribute(head: string, name: string): string | undefined {
  const at = head.search(new RegExp(String.raw`\s${name}\s*=\s*["']`));
  if (at === -1) return undefined;
  const quoteAt = head.indexOf('=', at) + 1;
  const start = head.slice(quoteAt).search(/["']/) + quoteAt;
  const end = head.indexOf(head.charAt(start), start + 1);
  return end === -1 ? undefined : unescapeXml(head.slice(start + 1, end));
}

/** The text of `<name>…</name>` (attributes allowed), or of an empty `<name/>` as ''. */
function elementText(xml: string, name: string): string | undefined {
  const open = findTag(xml, name, 0);
  if (open === undefined) return undefined;
  if (open.head.endsWith('/>')) return '';
  const close = xml.indexOf(`</${name}>`, open.end);
  return close === -1 ? undefined : unescapeXml(xml.slice(open.end, close).trim());
}

/** EventData's Data elements by Name (unnamed ones as Data1, Data2, … as Event Viewer lists them). */
function eventData(xml: string, extra: Record<string, JsonValue>): void {
  const data = section(xml, 'EventData');
  if (data !== undefined) {
    let unnamed = 0;
    for (let tag = findTag(data, 'Data', 0); tag !== undefined; tag = findTag(data, 'Data', tag.end)) {
      const name = attribute(tag.head, 'Name') ?? `Data${(unnamed += 1)}`;
      if (tag.head.endsWith('/>')) {
        extra[name] = '';
        continue;
      }
      const close = data.indexOf('</Data>', tag.end);
      if (close === -1) break;
      extra[name] = unescapeXml(data.slice(tag.end, close));
    }
    return;
  }
  // UserData holds one provider-defined element: its leaves ("<Name>value</Name>") are the fields.
  const user = section(xml, 'UserData');
  if (user === undefined) return;
  for (const leaf of user.matchAll(/<([A-Za-z_][\w.-]{0,100})(?:\s[^<>]{0,1000})?>([^<]*)<\/\1>/g)) {
    const [, name = '', value = ''] = leaf;
    extra[name] = unescapeXml(value);
  }
}

/** One `<Event>…</Event>` element starting on `line`. */
export function windowsEventRecord(line: number, xml: string): ImportRecord | InvalidRow {
  const system = section(xml, 'System') ?? '';
  const created = findTag(system, 'TimeCreated', 0);
  const systemTime = created === undefined ? undefined : attribute(created.head, 'SystemTime');
  if (systemTime === undefined)
    return { line, reason: `line ${line}: the event has no System/TimeCreated SystemTime, so it has no time` };
  const micros = parseOffsetDateTime(systemTime);
  if (micros === undefined)
    return {
      line,
      reason: `line ${line}, field "TimeCreated": "${systemTime.slice(0, 60)}" is not a UTC time (expected e.g. 2024-03-05T12:00:00.1234567Z)`,
    };
  const provider = findTag(system, 'Provider', 0);
  const providerName = provider === undefined ? undefined : attribute(provider.head, 'Name');
  const eventId = elementText(system, 'EventID');
  const levelNumber = elementText(system, 'Level');
  const computer = elementText(system, 'Computer');
  const extra: Record<string, JsonValue> = {};
  if (providerName !== undefined) extra.provider = providerName;
  if (eventId !== undefined) extra.eventId = /^\d+$/.test(eventId) ? Number(eventId) : eventId;
  const rendering = section(xml, 'RenderingInfo');
  const renderedLevel = rendering === undefined ? undefined : elementText(rendering, 'Level');
  const level = renderedLevel || (levelNumber === undefined ? undefined : (LEVEL_NAMES[levelNumber] ?? levelNumber));
  if (level !== undefined && level !== '') extra.level = level;
  for (const name of ['Task', 'Opcode', 'Keywords', 'EventRecordID', 'Channel'] as const) {
    const value = elementText(system, name);
    if (value !== undefined && value !== '') extra[name] = value;
  }
  if (computer !== undefined) extra.computer = computer;
  const execution = findTag(system, 'Execution', 0);
  const processId = execution === undefined ? undefined : attribute(execution.head, 'ProcessID');
  if (processId !== undefined) extra.ProcessID = processId;
  const security = findTag(system, 'Security', 0);
  const userId = security === undefined ? undefined : attribute(security.head, 'UserID');
  if (userId !== undefined) extra.UserID = userId;
  eventData(xml, extra);
  const rendered = rendering === undefined ? undefined : elementText(rendering, 'Message');
  const message =
    rendered !== undefined && rendered !== ''
      ? rendered.slice(0, MAX_MESSAGE_CHARS).replace(/\r\n?/g, '\n')
      : `${providerName ?? 'Event'} event ${eventId ?? '?'}${summary(extra)}`;
  const actor = [computer, providerName].filter((part) => part !== undefined && part !== '').join(' ');
  return { line, startMicros: micros, endMicros: micros, actor, message, extra };
}

const SYSTEM_FIELDS = new Set([
  'provider',
  'eventId',
  'level',
  'Task',
  'Opcode',
  'Keywords',
  'EventRecordID',
  'Channel',
  'computer',
  'ProcessID',
  'UserID',
]);

/** Without a rendered message: the event's data as "Name=value" pairs, as Event Viewer's Details tab lists them. */
function summary(extra: Record<string, JsonValue>): string {
  const pairs = Object.entries(extra)
    .filter(([name, value]) => !SYSTEM_FIELDS.has(name) && value !== '' && value !== '-')
    .map(([name, value]) => `${name}=${String(value)}`);
  return pairs.length === 0 ? '' : `: ${pairs.join(', ').slice(0, 2000)}`;
}

/**
 * Event XML: an element in the events namespace within the first KiB (after an XML declaration, a
 * comment or the <Events> root). Undefined for any other text.
 */
export function detectWindowsEventXml(text: string): FamilyDetection | undefined {
  const start = text.trimStart().slice(0, 4096);
  if (!start.startsWith('<') || !start.includes(EVENT_NAMESPACE)) return undefined;
  const open = start.search(/<Event[\s>]/);
  if (open === -1 || open > 1024) return undefined;
  const events = text.split('</Event>').length - 1;
  const rendered = text.includes('<RenderingInfo');
  return {
    format: 'syslog',
    reason: `Windows event log XML (wevtutil or Event Viewer's "Save as XML"): ${events} event${events === 1 ? '' : 's'} in the first part, times from System/TimeCreated in UTC; ${rendered ? 'messages as rendered by the exporting machine' : 'no rendered messages (export with /f:RenderedXml to have them): each event is shown as its provider, ID and data'}`,
    settings: { format: 'syslog', timeZone: 'UTC', layout: 'windows-events' },
  };
}
