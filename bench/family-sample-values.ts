/*
 * What every synthetic family sample shares: its shape (head, blocks of records, tail), the baseline
 * it is measured against, and the values records are made of. Record i happens at micros(i), so a
 * file's first and last instants are known without reading it back.
 */
/** What the family's best-known parser does with the same bytes (see family-baselines.ts). */
export type Baseline =
  | { readonly kind: 'papaparse'; readonly delimiter: string; readonly comments?: string }
  | { readonly kind: 'json-per-line' }
  | { readonly kind: 'regex-per-line'; readonly pattern: RegExp }
  | { readonly kind: 'json-document' }
  | { readonly kind: 'togeojson'; readonly flavour: 'gpx' | 'kml' }
  | { readonly kind: 'igc-parser' }
  | { readonly kind: 'nmea-simple' }
  | { readonly kind: 'none'; readonly why: string };

export interface FamilySample {
  readonly family: string;
  readonly fileName: string;
  readonly kind: 'events' | 'geo';
  /** Whether the family's parser is meant to stream (its memory must not grow with the file). */
  readonly streaming: boolean;
  readonly baseline: Baseline;
  readonly head: string;
  readonly tail: string;
  /** Block `index` of records (with its separators and line ends); `recordsPerBlock` records each. */
  block(index: number): string;
  readonly recordsPerBlock: number;
  /** How finely the format writes a time, in µs; undefined when times are relative (cues). */
  readonly resolutionMicros: number | undefined;
}

/** Record i's instant in µs: 137.417 ms apart, so 700,000 records span about 27 hours. */
export const T0_MICROS = Date.UTC(2025, 11, 31, 20, 0, 0) * 1000;
export const STEP_MICROS = 137_417;
export const micros = (i: number) => T0_MICROS + i * STEP_MICROS;
export const SECOND = 1_000_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** ISO 8601 in UTC with `digits` fraction digits (up to 9; beyond µs the digits are the record's index). */
export function iso(i: number, digits: number, zone = 'Z', separator = 'T'): string {
  const m = micros(i);
  const d = new Date(Math.floor(m / 1000));
  const fraction = `${pad(d.getUTCMilliseconds(), 3)}${pad(m % 1000, 3)}${pad(i % 1000, 3)}`.slice(0, digits);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${date}${separator}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${digits > 0 ? `.${fraction}` : ''}${zone}`;
}
export const dateOf = (i: number) => new Date(Math.floor(micros(i) / 1000));

export const HOSTS = ['web-1', 'web-2', 'api-gw', 'db-primary', 'bastion', 'mail-relay', 'k8s-node-3', 'vpn-edge'];
export const USERS = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'oscar',
];
export const PATHS = [
  '/',
  '/login',
  '/api/v1/items',
  '/api/v1/orders/checkout',
  '/static/app.4f9c2.js',
  '/healthz',
  '/admin/users',
  '/search',
];
export const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'curl/8.4.0',
  'python-requests/2.31.0',
];
export const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
export const ip = (i: number) => `10.${(i >> 16) & 63}.${(i * 7) % 250}.${((i * 13) % 250) + 1}`;
/** A request path with a query that varies, so lines are not all alike. */
export const path = (i: number) =>
  `${pick(PATHS, i)}${i % 3 === 0 ? `?page=${i % 97}&q=${(i * 2654435761) % 100_000}` : ''}`;

/** A sample of one record per block, streamed unless told otherwise. */
export function lineSample(
  fields: Omit<FamilySample, 'block' | 'recordsPerBlock' | 'streaming' | 'head' | 'tail'> & {
    line: (i: number) => string;
    head?: string;
    tail?: string;
    streaming?: boolean;
  },
): FamilySample {
  const { line, head = '', tail = '', streaming = true, ...rest } = fields;
  return { ...rest, head, tail, streaming, recordsPerBlock: 1, block: line };
}

export const UUID = (i: number) => {
  const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);
  return `${hex(i * 2654435761, 8)}-${hex(i, 4)}-4${hex(i * 40503, 3)}-a${hex(i * 97, 3)}-${hex(i * 69069, 8)}${hex(i, 4)}`;
};
