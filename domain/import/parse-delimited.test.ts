import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTimeZones } from '../time/time-zone-loader.ts';
import { collectImport } from './collect-import.ts';
import type { ImportSettings } from './import-settings.ts';
import { parseImport } from './parse-import.ts';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { TIME_ACTOR_MESSAGE_TSV } from '../../tests/support/proxy-log-tsv.ts';

const FIXTURES = FIXTURES_DIR;
const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES, path)));
const utc = (iso: string, micro = 0) => Date.parse(iso) * 1000 + micro;

type Delimited = Extract<ImportSettings, { format: 'delimited' }>;
const TSV: Delimited = { ...TIME_ACTOR_MESSAGE_TSV, numericUnit: 'microseconds' };

function parseText(text: string, settings: Partial<Delimited> = {}) {
  return collectImport(parseImport(new TextEncoder().encode(text), { ...TSV, ...settings }));
}

beforeAll(async () => {
  await loadTimeZones();
});

describe('dates in a delimited file', () => {
  it.each([
    ['YYYY-MM-DD HH:mm:ss', '2018-03-24 17:15:20', utc('2018-03-24T17:15:20Z')],
    ['with 1 fraction digit', '2018-03-24 17:15:20.6', utc('2018-03-24T17:15:20Z', 600_000)],
    ['with 6 fraction digits', '2018-03-24 17:15:20.629574', utc('2018-03-24T17:15:20Z', 629_574)],
    ['with PM', '2018-03-24 05:15:20 PM', utc('2018-03-24T17:15:20Z')],
    ['with a fraction and am', '2018-03-24 12:15:20.5 am', utc('2018-03-24T00:15:20Z', 500_000)],
    ['MMM DD YYYY hh:mm:ss', 'Mar 24 2018 17:15:20', utc('2018-03-24T17:15:20Z')],
    ['MMM DD YYYY with a fraction and PM', 'mar 24 2018 05:15:20.000001 PM', utc('2018-03-24T17:15:20Z', 1)],
    ['an integer (microseconds by default)', '1521911720629574', 1_521_911_720_629_574],
    ['a time with its own offset', '2018-03-24T17:15:20+02:00', utc('2018-03-24T15:15:20Z')],
  ])('reads %s', async (_label, text, micros) => {
    const { records, invalid } = await parseText(`time\tactor\tmessage\n${text}\tnode-1\tok\n`);
    expect(invalid).toEqual([]);
    expect(records[0]?.startMicros).toBe(micros);
  });

  it('reads integers and decimals as seconds when configured (Zeek epoch seconds)', async () => {
    const { records } = await parseText('t\ta\tm\n1521911720\tx\ty\n1521911720.629574\tx\ty\n', {
      numericUnit: 'seconds',
    });
    expect(records.map((record) => record.startMicros)).toEqual([1_521_911_720_000_000, 1_521_911_720_629_574]);
  });

  it.each([
    [
      'month 13',
      '2024-13-01 00:00:00',
      'column "time": "2024-13-01 00:00:00" is not a date (expected a date and time such as 2024-01-31 14:05:00)',
    ],
    [
      '30 February',
      '2024-02-30 00:00:00',
      'column "time": "2024-02-30 00:00:00" is not a date (expected a date and time such as 2024-01-31 14:05:00)',
    ],
    [
      'hour 25 after an ISO T',
      '2024-01-01T25:00:00',
      'column "time": "2024-01-01T25:00:00" is not a date (expected a date and time such as 2024-01-31 14:05:00)',
    ],
    [
      'a number past 2255',
      '99999999999999999999',
      'column "time": "99999999999999999999" is not a time (expected an epoch time in microseconds from 1970 on)',
    ],
    ['an empty cell', '', 'column "time": is empty'],
    [
      'a word',
      'yesterday',
      'column "time": "yesterday" is not a date (expected a date and time such as 2024-01-31 14:05:00)',
    ],
  ])('refuses %s with a reason', async (_label, text, reason) => {
    const { records, invalid } = await parseText(`time\tactor\tmessage\n${text}\tnode-1\tok\n`);
    expect(records).toEqual([]);
    expect(invalid).toEqual([{ line: 2, reason }]);
  });
});

describe('time zones', () => {
  it('reads zone-less times in the chosen zone across both DST changes', async () => {
    const lines = [
      '2024-03-10 01:59:59',
      '2024-03-10 03:00:00',
      '2024-03-10 02:30:00',
      '2024-11-03 01:30:00',
      '2024-11-03 02:00:00',
    ];
    const { records } = await parseText(`t\ta\tm\n${lines.map((line) => `${line}\tx\ty`).join('\n')}\n`, {
      timeZone: 'America/New_York',
    });
    expect(records.map((record) => record.startMicros)).toEqual([
      utc('2024-03-10T06:59:59Z'),
      utc('2024-03-10T07:00:00Z'), // one second after 01:59:59 EST: the clocks jumped to 03:00 EDT
      utc('2024-03-10T07:30:00Z'), // 02:30 does not exist; it moves forward by the gap to 03:30 EDT
      utc('2024-11-03T05:30:00Z'), // 01:30 happens twice; the earlier (EDT) is taken
      utc('2024-11-03T07:00:00Z'),
    ]);
  });

  it('leaves times with an offset and numbers alone whatever the zone', async () => {
    const { records } = await parseText('t\ta\tm\n2024-01-01T00:00:00Z\tx\ty\n1704067200000000\tx\ty\n', {
      timeZone: 'Asia/Tokyo',
    });
    expect(records.map((record) => record.startMicros)).toEqual([
      utc('2024-01-01T00:00:00Z'),
      utc('2024-01-01T00:00:00Z'),
    ]);
  });

  it('refuses a zone outside the known table before reading', async () => {
    await expect(parseText('t\ta\tm\n', { timeZone: 'Mars/Olympus_Mons' })).rejects.toMatchObject({
      code: 'bad-settings',
    });
  });
});

describe('rows and columns', () => {
  it('maps start, end, actor and message by index and keeps every other column under its header', async () => {
    const text =
      'Start,End,Who,What,Status,Where\n2024-01-01 00:00:00,2024-01-01 00:00:01.5,  alice  ,"deploy, then restart",ok,日本\n';
    const { records } = await parseText(text, {
      delimiter: ',',
      mapping: { startTime: 0, endTime: 1, actor: 2, message: 3 },
    });
    expect(records).toEqual([
      {
        line: 2,
        startMicros: utc('2024-01-01T00:00:00Z'),
        endMicros: utc('2024-01-01T00:00:01.5Z'),
        actor: 'alice',
        message: 'deploy, then restart',
        extra: { Status: 'ok', Where: '日本' },
      },
    ]);
  });

  it('reports missing columns, an end before the start and a bad end time, and keeps the good rows', async () => {
    const text = [
      'start,end,actor,message',
      '2024-01-01 00:00:00,,a,m',
      '2024-01-01 00:00:00,2024-01-01 00:00:01,a',
      '2024-01-01 00:00:05,2024-01-01 00:00:01,a,m',
      '2024-01-01 00:00:05,soon,a,m',
      '2024-01-01 00:00:05,2024-01-01 00:00:06,a,m,surplus',
    ].join('\r\n');
    const { records, invalid, summary } = await parseText(text, {
      delimiter: ',',
      mapping: { startTime: 0, endTime: 1, actor: 2, message: 3 },
    });
    expect(invalid).toEqual([
      { line: 3, reason: 'column "message" is missing: the row has 3 columns, not 4' },
      { line: 4, reason: 'column "end": "2024-01-01 00:00:01" is before the start time' },
      { line: 5, reason: 'column "end": "soon" is not a date (expected a date and time such as 2024-01-31 14:05:00)' },
    ]);
    expect(records.map((record) => [record.line, record.endMicros - record.startMicros, record.extra])).toEqual([
      [2, 0, {}],
      [6, 1_000_000, { 'column 5': 'surplus' }],
    ]);
    expect(summary).toMatchObject({
      format: 'delimited',
      delimiter: ',',
      validCount: 2,
      invalidCount: 3,
      columns: ['start', 'end', 'actor', 'message'],
    });
  });

  it('names blank and repeated headers apart, trims padded ones, and reads a file without a header', async () => {
    const withHeader = await parseText('t, pitch(degrees),,x,x\n1,2,3,4,5\n', {
      delimiter: ',',
      mapping: { startTime: 0 },
    });
    expect(withHeader.records[0]?.extra).toEqual({ 'pitch(degrees)': '2', 'column 3': '3', x: '4', 'x (2)': '5' });
    const headerless = await parseText('1\tsrv\thello\n', { headerRows: 0 });
    expect(headerless.records[0]).toMatchObject({ line: 1, actor: 'srv', message: 'hello', extra: {} });
  });

  it('skips preamble rows and extra header rows (a units row)', async () => {
    const text = 'Flight log\nexported 2024-01-01\ntime,alt\ns,ft\n1,100\n';
    const { records, summary } = await parseText(text, {
      delimiter: ',',
      preambleRows: 2,
      headerRows: 2,
      mapping: { startTime: 0 },
      numericUnit: 'seconds',
    });
    expect(summary.columns).toEqual(['time', 'alt']);
    expect(records).toEqual([
      { line: 5, startMicros: 1_000_000, endMicros: 1_000_000, actor: '', message: 'alt=100', extra: { alt: '100' } },
    ]);
  });

  it('drops a BOM split across 1-byte chunks, so the first header is clean', async () => {
    const bytes = new TextEncoder().encode(
      '\uFEFFtime,actor,message\r\n2024-01-01 00:00:00,ünïcødé,"a, ""b""\r\nc"\r\n',
    );
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    const { records, summary } = await collectImport(parseImport(chunks, { ...TSV, delimiter: ',' }));
    expect(summary.columns).toEqual(['time', 'actor', 'message']);
    expect(records).toEqual([
      {
        line: 2,
        startMicros: utc('2024-01-01T00:00:00Z'),
        endMicros: utc('2024-01-01T00:00:00Z'),
        actor: 'ünïcødé',
        message: 'a, "b"\r\nc',
        extra: {},
      },
    ]);
  });

  it('refuses negative or fractional settings', async () => {
    await expect(parseText('', { preambleRows: -1 })).rejects.toMatchObject({ code: 'bad-settings' });
    await expect(parseText('', { mapping: { startTime: 0.5 } })).rejects.toThrow(
      /The start time column must be a whole number/,
    );
  });
});

describe('real files', () => {
  /** Settings for a Zeek log as an analyst fills them in: the column names copied from its #fields line. */
  const zeek = (bytes: Uint8Array): Delimited => {
    const columns = /^#fields\t(.*)$/m.exec(new TextDecoder().decode(bytes))?.[1]?.split('\t') ?? [];
    return {
      ...TSV,
      quoted: false,
      preambleRows: 8,
      headerRows: 0,
      columnNames: columns,
      commentPrefix: '#',
      nullValues: ['-', '(empty)'],
      numericUnit: 'seconds',
      mapping: {
        startTime: 0,
        actor: 2,
        message: columns.indexOf('msg') === -1 ? columns.indexOf('message') : columns.indexOf('msg'),
      },
    };
  };

  it('reads the Zeek notice log: 207 rows, epoch seconds with µs, "-" as null, the #close footer skipped', async () => {
    const bytes = fixture('events/zeek_notice_wrccdc2018.log');
    const { records, invalid } = await collectImport(parseImport(bytes, zeek(bytes)));
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(207);
    expect(records[0]).toMatchObject({
      line: 9,
      startMicros: 1_521_911_720_629_574,
      actor: '10.164.94.120',
      message: 'SSL certificate validation failed with (unable to get local issuer certificate)',
    });
    expect(records[0]?.extra).toMatchObject({
      note: 'SSL::Invalid_Server_Cert',
      file_mime_type: null,
      email_dest: null,
      'id.resp_p': '443',
    });
    expect(String(records[0]?.extra.sub)).toContain('O=VMware\\\\, Inc');
    expect(records.at(-1)?.startMicros).toBe(1_521_912_978_124_315);
  });

  it('reads the Zeek syslog log: 2,378 rows, quotes inside messages kept as text', async () => {
    const bytes = fixture('events/zeek_syslog_wrccdc2018.log');
    const { records, invalid } = await collectImport(parseImport(bytes, zeek(bytes)));
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(2378);
    expect(records[0]?.message).toMatch(
      /^1 2018-03-24T08:59:37-07:00 PC-helen\.jerry\.land EvntSLog - - - @cee: \{"source": "PC-helen/,
    );
  });

  it('reads the M365 export: CRLF, quoted commas, "UTC" suffix, newest first', async () => {
    const settings: Delimited = { ...TSV, delimiter: ',', mapping: { startTime: 8, actor: 3, message: 2 } };
    const { records, invalid } = await collectImport(
      parseImport(fixture('events/m365_defender_activity_log.csv'), settings),
    );
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(15);
    expect(records[0]).toMatchObject({
      line: 2,
      startMicros: utc('2023-10-25T17:44:53Z'),
      actor: 'test-user',
      message: 'ListViewed',
    });
    expect(records[0]?.extra['User agent']).toContain('(KHTML, like Gecko)');
    expect(records[0]?.extra.Organizations).toBe('dna oyj');
  });

  it('reads the map CSVs as events when asked: FR24 (305 rows) and AirData (11,614 rows)', async () => {
    const fr24 = await collectImport(
      parseImport(fixture('geo/fr24_JAL516_2024-01-02.csv'), {
        ...TSV,
        delimiter: ',',
        mapping: { startTime: 0, actor: 2 },
        numericUnit: 'seconds',
      }),
    );
    expect(fr24.invalid).toEqual([]);
    expect(fr24.records).toHaveLength(305);
    expect(fr24.records[0]).toMatchObject({
      startMicros: utc('2024-01-02T07:22:55Z'),
      actor: 'JAL516',
      extra: { UTC: '2024-01-02T07:22:55Z', Position: '42.787994,141.685074' },
    });
    const airdata = await collectImport(
      parseImport(fixture('geo/airdata_dji_air2s_2021-09-05.csv'), {
        ...TSV,
        delimiter: ',',
        mapping: { startTime: 1 },
      }),
    );
    expect(airdata.invalid).toEqual([]);
    expect(airdata.records).toHaveLength(11_614);
    expect(airdata.summary.columns).toHaveLength(46);
    expect(airdata.records[0]?.startMicros).toBe(utc('2021-09-06T02:47:58Z'));
    expect(airdata.records[0]?.extra['pitch(degrees)']).toBe(' 2.3');
  });
});
