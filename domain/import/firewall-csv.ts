/*
 * Firewalls that log a CSV payload inside syslog, read into named fields from their vendors' field
 * lists, with a short readable message ("block in on em0: TCP 203.0.113.7:51515 → 10.0.0.1:22"):
 * - pfSense/OPNsense filterlog ("Raw Filter Log Format"): the common fields, then IPv4's or IPv6's
 *   by the ip-version field, then TCP's, UDP's or CARP's by the protocol;
 * - Palo Alto PAN-OS ("Syslog Field Descriptions"): a leading FUTURE_USE, the receive time, the serial
 *   number and the log's type, whose field list (TRAFFIC, THREAT, SYSTEM, CONFIG) names the rest.
 * A payload that does not fit its list (another type, too few fields) is left as it was.
 */
import { splitLine } from './split-line.ts';

interface FirewallFields {
  readonly message: string;
  readonly fields: Record<string, string>;
}

const FILTERLOG_COMMON = [
  'rule-number',
  'sub-rule-number',
  'anchor',
  'tracker',
  'interface',
  'reason',
  'action',
  'direction',
  'ip-version',
];
const FILTERLOG_IPV4 = [
  'tos',
  'ecn',
  'ttl',
  'id',
  'offset',
  'ip-flags',
  'protocol-id',
  'protocol',
  'length',
  'source',
  'destination',
];
const FILTERLOG_IPV6 = [
  'class',
  'flow-label',
  'hop-limit',
  'protocol',
  'protocol-id',
  'length',
  'source',
  'destination',
];
const FILTERLOG_PROTOCOL: Record<string, readonly string[]> = {
  tcp: [
    'source-port',
    'destination-port',
    'data-length',
    'tcp-flags',
    'sequence-number',
    'ack-number',
    'tcp-window',
    'urg',
    'tcp-options',
  ],
  udp: ['source-port', 'destination-port', 'data-length'],
  carp: ['carp-type', 'carp-ttl', 'vhid', 'version', 'advbase', 'advskew'],
};

// The fields every PAN-OS log type begins with; "FUTURE_USE" fields are reserved and left out.
const PAN_HEAD = ['FUTURE_USE', 'Receive Time', 'Serial Number', 'Type', 'Subtype', 'FUTURE_USE', 'Generated Time'];
const PAN_SESSION = [
  'Source Address',
  'Destination Address',
  'NAT Source IP',
  'NAT Destination IP',
  'Rule Name',
  'Source User',
  'Destination User',
  'Application',
  'Virtual System',
  'Source Zone',
  'Destination Zone',
  'Inbound Interface',
  'Outbound Interface',
  'Log Action',
  'FUTURE_USE',
  'Session ID',
  'Repeat Count',
  'Source Port',
  'Destination Port',
  'NAT Source Port',
  'NAT Destination Port',
  'Flags',
  'IP Protocol',
  'Action',
];
const PAN_TYPES: Record<string, readonly string[]> = {
  TRAFFIC: [
    ...PAN_HEAD,
    ...PAN_SESSION,
    'Bytes',
    'Bytes Sent',
    'Bytes Received',
    'Packets',
    'Start Time',
    'Elapsed Time',
    'Category',
    'FUTURE_USE',
    'Sequence Number',
    'Action Flags',
    'Source Country',
    'Destination Country',
    'FUTURE_USE',
    'Packets Sent',
    'Packets Received',
    'Session End Reason',
  ],
  THREAT: [
    ...PAN_HEAD,
    ...PAN_SESSION,
    'URL/Filename',
    'Threat ID',
    'Category',
    'Severity',
    'Direction',
    'Sequence Number',
    'Action Flags',
    'Source Country',
    'Destination Country',
  ],
  SYSTEM: [
    ...PAN_HEAD,
    'Virtual System',
    'Event ID',
    'Object',
    'FUTURE_USE',
    'FUTURE_USE',
    'Module',
    'Severity',
    'Description',
  ],
  CONFIG: [...PAN_HEAD, 'Host', 'Virtual System', 'Command', 'Admin', 'Client', 'Result', 'Configuration Path'],
};
const PAN_START = /^[^,]*,\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2},[^,]*,(TRAFFIC|THREAT|SYSTEM|CONFIG),/;
// A payload is one syslog message; past this it is not one of these lines.
const MAX_PAYLOAD_CHARS = 64 * 1024;

/** The payload's fields and summary, or undefined when it is no firewall CSV payload. */
export function firewallCsv(program: string | undefined, payload: string): FirewallFields | undefined {
  if (payload.length > MAX_PAYLOAD_CHARS) return undefined;
  if (program === 'filterlog') return filterlog(payload);
  const type = PAN_START.exec(payload)?.[1];
  return type === undefined ? undefined : panOs(type, payload);
}

function named(names: readonly string[], values: readonly string[], into: Record<string, string>): void {
  names.forEach((name, index) => {
    const value = values[index];
    if (name !== 'FUTURE_USE' && value !== undefined && value !== '') into[name] = value;
  });
}

const endpoint = (address: string | undefined, port: string | undefined) =>
  port === undefined || port === ''
    ? (address ?? '')
    : address?.includes(':')
      ? `[${address}]:${port}`
      : `${address}:${port}`;

function filterlog(payload: string): FirewallFields | undefined {
  const values = payload.split(',');
  const action = values[6];
  const version = values[8];
  if (values.length < 20 || action === undefined || !/^(?:pass|block|reject|match)$/.test(action)) return undefined;
  const ip = version === '4' ? FILTERLOG_IPV4 : version === '6' ? FILTERLOG_IPV6 : undefined;
  if (ip === undefined) return undefined;
  const fields: Record<string, string> = {};
  named(FILTERLOG_COMMON, values, fields);
  const ipValues = values.slice(FILTERLOG_COMMON.length);
  named(ip, ipValues, fields);
  const protocolText = fields['protocol'] ?? '';
  const rest = FILTERLOG_PROTOCOL[protocolText.toLowerCase()];
  // "tcp" shown as TCP; a name with its own capitals ("ICMPv6") as written.
  const protocol = /[A-Z]/.test(protocolText) ? protocolText : protocolText.toUpperCase();
  if (rest !== undefined) named(rest, ipValues.slice(ip.length), fields);
  const { source, destination } = fields;
  const message =
    `${action} ${fields['direction'] ?? ''} on ${fields['interface'] ?? ''}: ${protocol} ` +
    `${endpoint(source, fields['source-port'])} → ${endpoint(destination, fields['destination-port'])}`;
  return { message, fields };
}

function panOs(type: string, payload: string): FirewallFields | undefined {
  const names = PAN_TYPES[type] ?? [];
  const values = splitLine(payload, ',', true);
  // Every field the summary reads must be there: a shorter line is another version's or cut.
  const needed = type === 'TRAFFIC' || type === 'THREAT' ? PAN_HEAD.length + PAN_SESSION.length : names.length;
  if (values.length < needed) return undefined;
  const fields: Record<string, string> = {};
  named(names, values, fields);
  const subtype = fields['Subtype'] ?? '';
  const flow =
    `${fields['IP Protocol'] ?? ''} ${endpoint(fields['Source Address'], fields['Source Port'])} → ` +
    `${endpoint(fields['Destination Address'], fields['Destination Port'])}`;
  const application = fields['Application'] === undefined ? '' : ` ${fields['Application']}`;
  const rule = fields['Rule Name'] === undefined ? '' : ` (rule ${fields['Rule Name']})`;
  let message: string;
  if (type === 'TRAFFIC') message = `${type} ${subtype} ${fields['Action'] ?? ''}: ${flow}${application}${rule}`;
  else if (type === 'THREAT') {
    const what = [fields['URL/Filename'], fields['Threat ID']].filter((part) => part !== undefined).join(' ');
    message = `${type} ${subtype} ${fields['Action'] ?? ''}: ${flow}${application}${what === '' ? '' : `: ${what}`}`;
  } else if (type === 'SYSTEM') message = `${type} ${subtype}: ${fields['Description'] ?? fields['Event ID'] ?? ''}`;
  else
    message = `${type} ${fields['Command'] ?? ''} ${fields['Configuration Path'] ?? ''} by ${fields['Admin'] ?? ''}: ${fields['Result'] ?? ''}`;
  return { message: message.replace(/ {2,}/g, ' '), fields };
}
