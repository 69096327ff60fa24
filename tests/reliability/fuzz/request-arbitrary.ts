/*
 * One generated request for one route, as a recipe: path parameters (valid ids of the fuzz world or
 * broken ones: huge, negative, unicode, "../", "%2e%2e%2f", NUL), a query string, a body of the
 * route's kind (JSON from its schema, mutated; multipart with odd file names; the sign-in form) and
 * headers (session, X-Churchkey-Analyst, Idempotency-Key, Content-Type: missing, duplicated, wrong).
 * Ids stay symbolic until request-build.ts builds the request against the world of the moment, so a
 * recipe fast-check shrinks still means the same thing.
 * Long because: one recipe of request parts that fast-check generates and shrinks as a whole.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { FIXTURES_DIR } from '../../support/fixtures-dir.ts';
import {
  BAD_UTF8,
  hugeString,
  mutatedValue,
  smallWeirdString,
  validValue,
  weirdString,
  weirdValue,
  worldRef,
} from './json-arbitrary.ts';
import type { FuzzRoute, Parameter } from './route-table.ts';

export type Who = 'writer' | 'admin' | 'none' | 'bad-cookie' | 'two-cookies' | 'huge-cookie';

export interface Recipe {
  who: Who;
  /** Absent: the X-Churchkey-Analyst the session mode implies. */
  analystHeader?: string | string[] | null;
  idempotencyKey?: string | string[];
  /** Absent: the content type the body implies; null: none sent. */
  contentType?: string | string[] | null;
  extraHeaders: Record<string, string>;
  /** Each path parameter: `valid` (the world's id for it) or the raw text put in the path. */
  params: Record<string, { valid: true } | { raw: string }>;
  /** Query text after '?', with world references. */
  query: string;
  body:
    | { type: 'none' }
    | { type: 'json'; value: unknown }
    | { type: 'text'; text: string }
    | { type: 'bytes'; bytes: Uint8Array }
    | { type: 'form'; text: string }
    | { type: 'multipart'; parts: MultipartRecipe };
}

export interface MultipartRecipe {
  fields: [string, string][];
  file?: { field: string; fileName: string; content: Uint8Array; contentType: string };
  secondFile: boolean;
  /** Cut the body at this fraction of its length (1: whole). */
  cut: number;
  boundaryInHeader: 'same' | 'other' | 'missing';
}

/** Percent-encodes every byte of the string's UTF-8 (lone surrogates become U+FFFD's bytes). */
export const encodeAll = (text: string) => Buffer.from(text, 'utf8').toString('hex').replace(/../g, '%$&');

const JUNK_PATH = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  ' 1',
  '01',
  '99999999999999999999',
  '9007199254740993',
  '9007199254740991',
  '18446744073709551616',
  '..',
  '../',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  '%252e%252e%252f',
  '%00',
  '1%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%',
  '%zz',
  '%2',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '1;DROP%20TABLE%20events',
  "1'",
  '1%27%20OR%201=1',
  '%3Cscript%3E',
  'x'.repeat(499),
  'x'.repeat(600),
  '1'.repeat(600),
];

const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
const FILES: Uint8Array[] = [
  fixture('events/m365_defender_activity_log.csv'),
  fixture('events/xchat_irc_transcript.log'),
  fixture('events/timesketch_sigma_events.jsonl'),
  fixture('geo/fr24_JAL516_2024-01-02.csv'),
  fixture('har/mitmproxy_websocket.har'),
  fixture('slack/slack_export_testarchive.zip'),
];

const FILE_NAMES = [
  'evidence.csv',
  'log.tsv',
  'events.jsonl',
  'capture.har',
  'export.zip',
  'track.csv',
  '',
  ' ',
  '.',
  '..',
  '../../etc/passwd',
  '..\\..\\boot.ini',
  '/etc/shadow',
  'C:\\Windows\\system32\\cmd.exe',
  'a\u0000b.csv',
  'ﾃｽﾄ.csv',
  '😀.har',
  '\u202Etxt.exe',
  'x'.repeat(1000) + '.csv',
  '<img src=x onerror=alert(1)>.csv',
  'a"b.csv',
  'a\r\nContent-Type: text/html\r\n.csv',
  'index.html',
  'sw.js',
  '%2e%2e%2fpasswd',
];

const CONTENT_TYPES = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  '*/*',
  '',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/octet-stream',
  'text/html',
];

const field = (values: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 3, arbitrary: values }, { weight: 1, arbitrary: weirdString });

/** Valid-looking values of each multipart field the routes take. */
function multipartValue(name: string): fc.Arbitrary<string> {
  switch (name) {
    case 'kind':
      return field(fc.constantFrom('audio', 'har', 'image', 'pdf', 'text', 'video'));
    case 'attachmentKind':
      return field(fc.constantFrom('event_message', 'attachment'));
    case 'eventID':
      return field(fc.constant(worldRef('eventID')));
    case 'streamID':
      return field(fc.constant(worldRef('streamID')));
    case 'timeZone':
    case 'defaultTimeZone':
      return field(fc.constantFrom('UTC', 'Europe/Helsinki', 'America/Los_Angeles', 'Mars/Olympus', '+02:00'));
    case 'settings':
      return field(
        fc.oneof(
          fc.constantFrom('{}', 'null', '[]', '{"format":"delimited"}', '{"format":"har"}'),
          validValue({ type: 'object' }).map((v) => JSON.stringify(v)),
          weirdValue.map((v) => JSON.stringify(v) ?? ''),
        ),
      );
    case 'progressToken':
      return field(fc.stringMatching(/^[A-Za-z0-9_-]{22,64}$/));
    case 'resolution':
      return field(fc.constantFrom('keep_unmatched', 'detach_unmatched', 'merge'));
    case 'streamName':
    case 'name':
      return field(fc.string({ maxLength: 30, unit: 'grapheme' }));
    case 'colour':
      return field(fc.constantFrom('#ff0000', '#00FF00', 'red', '#12345'));
    case 'icon':
      return field(fc.constantFrom('circle', 'airplane', 'rocket', 'tank'));
    case 'defaultDate':
      return field(fc.constantFrom('2024-01-02', '', 'null', '2024-13-45'));
    case 'delimiter':
      return field(fc.constantFrom('comma', 'tab', ',', 'semicolon'));
    case 'headerRowCount':
    case 'preambleRowCount':
      return field(fc.constantFrom('0', '1', '2', '-1', '101', '1.5', '100000', 'one'));
    case 'identifiedColumns':
      return field(
        fc.constantFrom(
          '{"0":"timestamp","3":"position"}',
          '{"1":"timestamp","3":"latitude","4":"longitude"}',
          '{}',
          '{"99999":"timestamp"}',
          '{"0":"timestamp","1":"timestamp"}',
          '[1,2]',
        ),
      );
    case 'numericUnit':
      return field(fc.constantFrom('seconds', 'microseconds', 'hours'));
    case 'altitudeUnit':
      return field(fc.constantFrom('metres', 'feet', 'furlongs'));
    default:
      return weirdString;
  }
}

const fileContent: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constantFrom(...FILES),
  fc
    .tuple(fc.constantFrom(...FILES), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([bytes, at]) => bytes.subarray(0, Math.floor(bytes.length * at))),
  fc.uint8Array({ maxLength: 4000 }),
  fc.constant(new Uint8Array(0)),
  fc.string({ unit: 'binary', maxLength: 2000 }).map((text) => new Uint8Array(Buffer.from(text, 'utf16le'))),
);

function multipartArbitrary(fields: readonly string[]): fc.Arbitrary<MultipartRecipe> {
  const known = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('name');
  const pair = fc
    .oneof(
      { weight: 4, arbitrary: known },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom('file', 'x', '', '__proto__'), fc.string({ maxLength: 200 })) },
    )
    .chain((name) => multipartValue(name).map((value) => [name, value] as [string, string]));
  return fc.record({
    fields: fc.array(pair, { maxLength: 5 }),
    file: fc.option(
      fc.record({
        field: fc.oneof(
          { weight: 6, arbitrary: fc.constant('file') },
          { weight: 1, arbitrary: fc.constantFrom('upload', 'files[]', '') },
        ),
        fileName: fc.oneof(fc.constantFrom(...FILE_NAMES), fc.string({ unit: 'binary', maxLength: 40 })),
        content: fileContent,
        contentType: fc.constantFrom(
          'text/csv',
          'application/octet-stream',
          'text/html',
          'image/svg+xml',
          'application/zip',
          '',
          'application/json',
        ),
      }),
      { freq: 6, nil: undefined },
    ),
    secondFile: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    cut: fc.oneof(
      { weight: 8, arbitrary: fc.constant(1) },
      { weight: 2, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
    ),
    boundaryInHeader: fc.oneof(
      { weight: 8, arbitrary: fc.constant('same' as const) },
      { weight: 1, arbitrary: fc.constantFrom('other' as const, 'missing' as const) },
    ),
  });
}

function paramArbitrary(): fc.Arbitrary<{ valid: true } | { raw: string }> {
  const valid = fc.constant({ valid: true as const });
  const junk = fc
    .oneof(
      fc.constantFrom(...JUNK_PATH),
      fc.integer({ min: 1, max: 2 ** 53 - 1 }).map(String),
      fc.string({ unit: 'binary', maxLength: 30 }).map(encodeAll),
      fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeAll),
    )
    .map((raw) => ({ raw }));
  // Valid ids most of the time, so the handler runs and not only the validator.
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: junk });
}

function queryArbitrary(parameters: Parameter[]): fc.Arbitrary<string> {
  const pair = (p: Parameter): fc.Arbitrary<[string, string][]> =>
    fc.oneof(
      { weight: 3, arbitrary: validValue(p.schema, p.name).map((v): [string, string][] => [[p.name, String(v)]]) },
      { weight: 2, arbitrary: smallWeirdString.map((v): [string, string][] => [[p.name, v]]) },
      {
        weight: 1,
        arbitrary: fc.tuple(validValue(p.schema, p.name), smallWeirdString).map(([a, b]): [string, string][] => [
          [p.name, String(a)],
          [p.name, b],
        ]),
      },
      {
        weight: 1,
        arbitrary: fc.constant<[string, string][]>([
          [`${p.name}[]`, '1'],
          [`${p.name}[a]`, '2'],
        ]),
      },
    );
  const parts = parameters.map((p) => fc.option(pair(p), { nil: undefined, freq: 2 }));
  const extra = fc.option(
    fc.oneof(
      fc.constantFrom([['__proto__[x]', '1']], [['constructor.prototype.x', '1']], [['unknown', 'y']], [['', '']]),
      fc.tuple(fc.string({ maxLength: 10 }), smallWeirdString).map(([k, v]) => [[k, v]]),
    ),
    { nil: undefined, freq: 4 },
  );
  return fc
    .tuple(
      fc.tuple(...parts),
      extra,
      fc.option(fc.constantFrom('%', '%zz', '&&&', '=', 'a=%ED%A0%80', `q=${'y'.repeat(100_000)}`), {
        nil: undefined,
        freq: 10,
      }),
    )
    .map(([chosen, more, raw]) => {
      const pairs = [...chosen.flatMap((c) => c ?? []), ...(more ?? [])] as [string, string][];
      const text = pairs.map(([k, v]) => `${encodeAll(k)}=${v.startsWith('\u0001') ? v : encodeAll(v)}`).join('&');
      return raw === undefined ? text : `${text}&${raw}`;
    });
}

function bodyArbitrary(route: FuzzRoute): fc.Arbitrary<Recipe['body']> {
  const rawJunk = fc.oneof(
    fc
      .constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '[]',
        '"text"',
        '123',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '{"a":1,"a":2}',
        '\uFEFF{}',
        'a=1&b=2',
      )
      .map((text) => ({ type: 'text' as const, text })),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ type: 'bytes' as const, bytes })),
    fc.constant({ type: 'text' as const, text: hugeString(1_100_000) }),
  );
  switch (route.body.kind) {
    case 'json':
      return fc.oneof(
        { weight: 6, arbitrary: mutatedValue(route.body.schema).map((value) => ({ type: 'json' as const, value })) },
        { weight: 1, arbitrary: rawJunk },
      );
    case 'multipart':
      return fc.oneof(
        {
          weight: 8,
          arbitrary: multipartArbitrary(route.body.fields).map((parts) => ({ type: 'multipart' as const, parts })),
        },
        { weight: 1, arbitrary: rawJunk },
        { weight: 1, arbitrary: mutatedValue({ type: 'object' }).map((value) => ({ type: 'json' as const, value })) },
      );
    case 'sign-in': {
      const credentials = fc.record(
        {
          username: fc.oneof(fc.constantFrom(worldRef('writerUsername'), 'nobody', ''), weirdString),
          password: fc.oneof(fc.constantFrom('correct-horse-battery-staple', 'wrong', ''), weirdString),
          from: fc.oneof(
            fc.constantFrom('/', '//evil.example', 'https://evil.example/', '/incident/1', 'javascript:alert(1)'),
            weirdString,
          ),
        },
        { requiredKeys: [] },
      );
      return fc.oneof(
        credentials.map((value) => ({ type: 'json' as const, value })),
        credentials.map((value) => ({
          type: 'form' as const,
          text: Object.entries(value)
            .map(([k, v]) => `${k}=${encodeAll(String(v))}`)
            .join('&'),
        })),
        mutatedValue({
          type: 'object',
          properties: { username: { type: 'string' }, password: { type: 'string' } },
        }).map((value) => ({ type: 'json' as const, value })),
        rawJunk,
      );
    }
    case 'none':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constant({ type: 'none' as const }) },
        { weight: 1, arbitrary: rawJunk },
        { weight: 1, arbitrary: weirdValue.map((value) => ({ type: 'json' as const, value })) },
      );
  }
}

const who: fc.Arbitrary<Who> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('writer' as const) },
  { weight: 3, arbitrary: fc.constant('admin' as const) },
  { weight: 3, arbitrary: fc.constant('none' as const) },
  { weight: 1, arbitrary: fc.constantFrom('bad-cookie' as const, 'two-cookies' as const, 'huge-cookie' as const) },
);

const analystHeader = fc.option(
  fc.oneof(
    fc.constantFrom(
      '',
      '0',
      '-1',
      'abc',
      '1e3',
      ' 1',
      '99999999999999999',
      '9007199254740993',
      '1,2',
      '\u0000',
      '%31',
      worldRef('writerID'),
    ),
    fc.constant<string[]>([worldRef('writerID'), worldRef('writerID')]),
    fc.constant(null),
  ),
  { nil: undefined, freq: 5 },
);

const idempotencyKey = fc.option(
  fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9_.:-]{8,40}$/),
    fc.constantFrom(
      'fuzz-reused-key-0001',
      'short',
      '',
      'has space in it',
      'x'.repeat(201),
      'ключ-ключ-ключ',
      '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000',
    ),
    fc.constant<string[]>(['fuzz-key-aaaaaaaa', 'fuzz-key-bbbbbbbb']),
  ),
  { nil: undefined, freq: 4 },
);

const contentType = fc.option(
  fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.constant<string[]>(['application/json', 'text/plain'])),
  { nil: undefined, freq: 5 },
);

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'br, deflate' },
      { 'x-forwarded-for': 'not-an-ip, ::1, 999.1.1.1' },
      { accept: 'text/html' },
      { accept: '\u0000' },
      { 'x-http-method-override': 'DELETE' },
      { origin: 'https://evil.example' },
      { 'content-length': '0' },
      { 'accept-encoding': 'gzip' },
      { 'if-none-match': '*' },
      { range: 'bytes=5-1' },
      { range: 'bytes=0-0,1-1,2-2' },
      { 'x-churchkey-analyst': `${'9'.repeat(50)}` },
    ),
  },
);

function validQuery(parameters: Parameter[]): fc.Arbitrary<string> {
  const parts = parameters.map((p) =>
    fc.option(
      validValue(p.schema, p.name).map((v) => [p.name, String(v)] as const),
      { nil: undefined, freq: 2 },
    ),
  );
  return fc.tuple(...parts).map((chosen) =>
    chosen
      .filter((c) => c !== undefined)
      .map(([k, v]) => `${encodeAll(k)}=${v.startsWith('\u0001') ? v : encodeAll(v)}`)
      .join('&'),
  );
}

/** A multipart body the route should accept: a real fixture in "file", few or no fields. */
function validMultipart(route: FuzzRoute): fc.Arbitrary<Recipe['body']> {
  const part = (content: Uint8Array, fileName: string, fields: [string, string][] = []) =>
    ({
      type: 'multipart',
      parts: {
        fields,
        file: { field: 'file', fileName, content, contentType: 'application/octet-stream' },
        secondFile: false,
        cut: 1,
        boundaryInHeader: 'same',
      },
    }) as const;
  if (route.path.endsWith('/map')) return fc.constant(part(FILES[3]!, 'track.csv'));
  if (route.path.startsWith('/api/stream/'))
    return fc.constantFrom(
      part(FILES[0]!, 'm365.csv'),
      part(FILES[0]!.subarray(0, 2000), 'm365.csv'),
      part(FILES[0]!, 'm365.csv', [['resolution', 'keep_unmatched']]),
    );
  if (route.path.endsWith('/import'))
    return fc.constantFrom(
      part(FILES[0]!, 'm365.csv'),
      part(FILES[1]!, 'xchat.log'),
      part(FILES[2]!, 'sigma.jsonl'),
      part(FILES[4]!, 'ws.har'),
      part(FILES[5]!, 'slack.zip'),
      part(FILES[0]!, 'm365.csv', [
        ['streamName', 'Fuzzed'],
        ['timeZone', 'Europe/Helsinki'],
      ]),
    );
  return fc.constantFrom(
    part(FILES[1]!, 'notes.txt'),
    part(FILES[4]!, 'capture.har', [['kind', 'har']]),
    part(FILES[1]!, 'message.txt', [
      ['eventID', worldRef('eventID')],
      ['attachmentKind', 'attachment'],
    ]),
  );
}

function validBody(route: FuzzRoute): fc.Arbitrary<Recipe['body']> {
  switch (route.body.kind) {
    case 'json':
      return validValue(route.body.schema).map((value) => ({ type: 'json' as const, value }));
    case 'multipart':
      return validMultipart(route);
    case 'sign-in':
      return fc.constant({
        type: 'json' as const,
        value: { username: worldRef('writerUsername'), password: 'correct-horse-battery-staple' },
      });
    case 'none':
      return fc.constant({ type: 'none' as const });
  }
}

/**
 * A third of the recipes are clean (valid ids, body and headers: they reach the handler and the
 * database), half break one thing (path, query, body or headers), the rest break anything at once.
 */
export function recipeArbitrary(route: FuzzRoute): fc.Arbitrary<Recipe> {
  const params: Record<string, fc.Arbitrary<{ valid: true } | { raw: string }>> = {};
  const validParams: Record<string, fc.Arbitrary<{ valid: true }>> = {};
  for (const parameter of route.params) {
    params[parameter.name] = paramArbitrary();
    validParams[parameter.name] = fc.constant({ valid: true as const });
  }
  const broken = {
    who,
    analystHeader,
    idempotencyKey,
    contentType,
    extraHeaders,
    params: fc.record(params),
    query:
      route.query.length > 0
        ? queryArbitrary(route.query)
        : fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryArbitrary([]) }),
    body: bodyArbitrary(route),
  };
  const clean = {
    who: fc.oneof(
      { weight: 4, arbitrary: fc.constant('writer' as const) },
      { weight: 1, arbitrary: fc.constant('admin' as const) },
    ),
    analystHeader: fc.constant(undefined),
    idempotencyKey: fc.option(fc.stringMatching(/^[A-Za-z0-9_.:-]{8,40}$/), { nil: undefined, freq: 4 }),
    contentType: fc.constant(undefined),
    extraHeaders: fc.constant({}),
    params: fc.record(validParams),
    query: validQuery(route.query),
    body: validBody(route),
  };
  const requiredKeys = ['who', 'extraHeaders', 'params', 'query', 'body'] as const;
  const build = (parts: typeof broken) => fc.record(parts, { requiredKeys: [...requiredKeys] }) as fc.Arbitrary<Recipe>;
  const oneBroken = fc.constantFrom('params', 'query', 'body', 'headers').chain((aspect) => {
    if (aspect === 'headers') return build({ ...broken, params: clean.params, query: clean.query, body: clean.body });
    return build({ ...clean, [aspect]: broken[aspect as 'params' | 'query' | 'body'] });
  });
  return fc.oneof(
    { weight: 2, arbitrary: build(clean) },
    { weight: 3, arbitrary: oneBroken },
    { weight: 1, arbitrary: build(broken) },
  );
}

export { BAD_UTF8 };
