import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { parseImport } from './parse-import.ts';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';

const FIXTURES = FIXTURES_DIR;
const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES, path)));
const utc = (iso: string, micro = 0) => Date.parse(iso) * 1000 + micro;
const jsonl = (lines: object[]) => new TextEncoder().encode(lines.map((line) => JSON.stringify(line)).join('\n'));
const parseJsonl = (bytes: Uint8Array) => collectImport(parseImport(bytes, { format: 'timesketch-jsonl' }));

describe('Timesketch CSV', () => {
  it('reads the EVTX export: 13 records over 316 lines, multi-line quoted XML, timestamp in µs', async () => {
    const { records, invalid, summary } = await collectImport(
      parseImport(fixture('events/timesketch_evtx_part.csv'), { format: 'timesketch-csv' }),
    );
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(13);
    expect(summary).toMatchObject({ format: 'timesketch-csv', delimiter: ',', validCount: 13, notes: [] });
    expect(summary.columns).toHaveLength(25);
    const [first, second] = records;
    expect(first).toMatchObject({
      line: 2,
      startMicros: 1_331_698_658_276_340,
      endMicros: 1_331_698_658_276_340,
      actor: 'WKS-WIN764BITB.shieldbase.local',
    });
    expect(first?.startMicros).toBe(utc('2012-03-14T04:17:38Z', 276_340));
    expect(first?.message).toMatch(/^\[7036 \/ 0x1b7c\] Source Name: Service Control Manager/);
    expect(first?.extra).toMatchObject({
      timestamp_desc: 'Content Modification Time',
      datetime: '2012-03-14 04:17:38.276340+00:00',
    });
    expect(first?.extra.xml_string).toContain('<Provider Name="Service Control Manager"');
    expect(first?.extra).not.toHaveProperty('message');
    // Duplicate rows that differ only in timestamp_desc stay separate records.
    expect(second?.line).toBeGreaterThan(20);
    expect(second?.extra.timestamp_desc).toBe('Creation Time');
    expect(records.at(-1)?.line).toBeLessThanOrEqual(316);
  });

  it('reports a row whose column count differs from the header', async () => {
    const text =
      'message,datetime,timestamp,timestamp_desc\nok,2024-01-01T00:00:00+00:00,1704067200000000,Write\nshort,2024-01-01T00:00:00+00:00\n';
    const { records, invalid } = await collectImport(
      parseImport(new TextEncoder().encode(text), { format: 'timesketch-csv' }),
    );
    expect(records).toHaveLength(1);
    expect(invalid).toEqual([{ line: 3, reason: 'the row has 2 columns, the header 4' }]);
  });
});

describe('Timesketch JSONL', () => {
  it('reads the sigma file: datetime wins where timestamp is implausible, and says so', async () => {
    const { records, invalid, summary } = await parseJsonl(fixture('events/timesketch_sigma_events.jsonl'));
    expect(invalid).toEqual([]);
    expect(records.map((record) => record.startMicros)).toEqual([
      utc('2015-07-24T19:01:01Z'),
      utc('2015-07-24T19:01:02Z'),
      utc('2015-07-24T19:01:03Z'),
      utc('2015-07-24T19:01:03Z'),
      1_642_892_863_502_205,
    ]);
    expect(records[0]).toMatchObject({
      line: 1,
      message: 'A message',
      actor: '',
      extra: { timestamp: 123456789, timestamp_desc: 'Write time', extra_field_1: 'foo' },
    });
    expect(records[4]).toMatchObject({
      line: 5,
      actor: 'DESKTOP-B0TAAAA',
      extra: { timestamp_desc: 'Creation Time', event_identifier: '11' },
    });
    expect(summary.notes).toEqual([
      '4 row(s) used datetime because timestamp is not a plausible microsecond value (below 10^14, i.e. before 1973-03-03; line 1: datetime 2015-07-24T19:01:01+00:00 over timestamp 123456789)',
    ]);
  });

  it('lets a plausible timestamp win over a disagreeing datetime, and says so', async () => {
    const { records, summary } = await parseJsonl(
      jsonl([
        {
          message: 'm',
          timestamp: 1_704_067_200_000_000,
          datetime: '2024-06-01T00:00:00+00:00',
          timestamp_desc: 'Write',
        },
      ]),
    );
    expect(records[0]?.startMicros).toBe(1_704_067_200_000_000);
    expect(summary.notes).toEqual([
      "1 row(s) used timestamp although datetime differs by a second or more: timestamp is Timesketch's own µs sort key (line 1: timestamp 1704067200000000 over datetime 2024-06-01T00:00:00+00:00)",
    ]);
  });

  it('needs a message and some time, and says which is wrong', async () => {
    const { records, invalid } = await parseJsonl(
      jsonl([
        { datetime: '2024-01-01T00:00:00Z' },
        { message: 'no time', timestamp: 42, datetime: 'soon' },
        { message: 'datetime only', datetime: '2024-01-01T00:00:00Z' },
        { message: 'timestamp only', timestamp: '1704067200000001' },
      ]),
    );
    expect(invalid).toEqual([
      { line: 1, reason: 'no "message" field (Timesketch requires one)' },
      {
        line: 2,
        reason: `no time: timestamp '42' is not microseconds since 1973 and datetime 'soon' is not an ISO 8601 time with an offset`,
      },
    ]);
    expect(records.map((record) => record.startMicros)).toEqual([utc('2024-01-01T00:00:00Z'), 1_704_067_200_000_001]);
  });
});
