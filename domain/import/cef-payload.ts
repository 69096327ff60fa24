/*
 * ArcSight's Common Event Format and IBM QRadar's LEEF, the payloads many security products put in
 * syslog (Check Point, Trend Micro, Imperva, CyberArk, Fortinet and Palo Alto when so set):
 * - CEF: "CEF:0|Vendor|Product|Version|Signature ID|Name|Severity|k=v k=v …", "\|", "\=" and "\\" escaped,
 *   an extension value running to the next " key="; a custom field's label (cs1Label=…) names its value;
 * - LEEF: "LEEF:1.0|Vendor|Product|Version|Event ID|k=v<tab>k=v…"; 2.0 gives its own delimiter after the
 *   event id ("^", or as hex "x5E").
 * Read into named fields, the message the event's name with its endpoints, the product beside the host as
 * the actor. A payload that does not parse is left as it was.
 */

interface SecurityEvent {
  readonly message: string;
  readonly product: string;
  readonly fields: Record<string, string>;
}

const MAX_PAYLOAD_CHARS = 64 * 1024;
// Header fields split on "|" not escaped by a backslash.
const HEADER_SPLIT = /(?<!\\)\|/;
const EXTENSION_KEY = /(?:^|\s)([A-Za-z][\w.[\]-]{0,62})=/g;
// ArcSight's custom fields, each with its label in "<key>Label".
const CUSTOM_KEY =
  /^(?:c[sn]\d|cfp\d|c6a\d|flexString\d|flexNumber\d|flexDate\d|deviceCustomDate\d|deviceCustomNumber\d|deviceCustomString\d)$/;

/** The CEF or LEEF payload of a syslog message ("CEF:0|…" as the message, or "CEF" as its program). */
export function securityEventOf(program: string | undefined, message: string): SecurityEvent | undefined {
  const payload =
    message.startsWith('CEF:') || message.startsWith('LEEF:')
      ? message
      : program === 'CEF' || program === 'LEEF'
        ? `${program}:${message}`
        : undefined;
  if (payload === undefined || payload.length > MAX_PAYLOAD_CHARS) return undefined;
  return payload.startsWith('CEF:') ? cef(payload) : leef(payload);
}

const unescapeHeader = (text: string) => text.replace(/\\([|\\])/g, '$1');

function cef(payload: string): SecurityEvent | undefined {
  const parts = payload.split(HEADER_SPLIT);
  if (parts.length < 8) return undefined;
  const [, vendor = '', product = '', version = '', signature = '', name = '', severity = ''] =
    parts.map(unescapeHeader);
  const extension = readExtension(parts.slice(7).join('|'), ' ');
  const fields: Record<string, string> = {
    vendor,
    product,
    version,
    'signature-id': signature,
    severity,
    ...labelled(extension),
  };
  return { message: summary(name, extension), product, fields };
}

function leef(payload: string): SecurityEvent | undefined {
  const parts = payload.split('|');
  if (parts.length < 6) return undefined;
  const [leefVersion = '', vendor = '', product = '', version = '', eventId = ''] = parts;
  let rest = parts.slice(5).join('|');
  // 1.0 separates attributes by tabs; Palo Alto's LEEF writes "|" between them instead.
  let delimiter = rest.includes('\t') || !/\|[A-Za-z][\w-]*=/.test(rest) ? '\t' : '|';
  if (leefVersion === 'LEEF:2.0' && parts.length >= 7) {
    const given = parts[5] ?? '';
    delimiter = /^(?:0?x)?[0-9a-f]{2,4}$/i.test(given)
      ? String.fromCharCode(parseInt(given.replace(/^0?x/i, ''), 16))
      : given;
    rest = parts.slice(6).join('|');
  }
  if (delimiter === '' || delimiter.length > 1) return undefined;
  const extension = readExtension(rest, delimiter);
  return {
    message: summary(eventId, extension),
    product,
    fields: { vendor, product, version, 'event-id': eventId, ...extension },
  };
}

/** "k=v" pairs: for a space delimiter, a value runs to the next " key="; "\=" stays an "=". */
function readExtension(text: string, delimiter: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (delimiter !== ' ') {
    for (const pair of text.split(delimiter)) {
      const at = pair.indexOf('=');
      if (at > 0) fields[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
    }
    return fields;
  }
  // An escaped "\=" inside a value never matches: a key is followed by "=" directly.
  const keys = [...text.matchAll(EXTENSION_KEY)];
  keys.forEach((match, index) => {
    const start = match.index + match[0].length;
    const end = keys[index + 1]?.index ?? text.length;
    const key = match[1] ?? '';
    fields[key] = text
      .slice(start, end)
      .trim()
      .replace(/\\([=\\|])/g, '$1')
      .replace(/\\[nr]/g, '\n');
  });
  return fields;
}

/** Custom fields under their labels ("cs1Label=Host ID cs1=…" becomes "Host ID"), the labels dropped. */
function labelled(extension: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(extension)) {
    if (key.endsWith('Label') && CUSTOM_KEY.test(key.slice(0, -5))) continue;
    const label = CUSTOM_KEY.test(key) ? extension[`${key}Label`] : undefined;
    fields[label === undefined || label === '' ? key : label] = value;
  }
  return fields;
}

const endpoint = (address: string | undefined, port: string | undefined) =>
  address === undefined ? undefined : port === undefined ? address : `${address}:${port}`;

/** The event's name, and where from and to when the extension says: "Drop: 45.155.205.99:52311 → 198.51.100.2:22". */
function summary(name: string, extension: Record<string, string>): string {
  const source = endpoint(extension.src, extension.spt ?? extension.srcPort);
  const target = endpoint(extension.dst, extension.dpt ?? extension.dstPort);
  const user = [extension.suser, extension.usrName, extension.duser].find((name) => name !== undefined && name !== '');
  const where = source === undefined && target === undefined ? '' : `: ${source ?? '?'} → ${target ?? '?'}`;
  return `${name}${user === undefined ? '' : ` (user ${user})`}${where}`;
}
