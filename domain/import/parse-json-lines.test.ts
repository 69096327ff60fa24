import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import type { ImportSettings } from './import-settings.ts';
import { jsonLines } from './json-lines.ts';
import { parseImport } from './parse-import.ts';

const utc = (iso: string, micro = 0) => Date.parse(iso) * 1000 + micro;
type JsonLinesImport = Extract<ImportSettings, { format: 'jsonl' }>;
const SETTINGS: JsonLinesImport = {
  format: 'jsonl',
  fields: { startTime: '@timestamp', endTime: 'event.end', actor: 'user.name', message: 'msg' },
  numericUnit: 'seconds',
  timeZone: 'UTC',
};
const parse = (text: string, settings: Partial<JsonLinesImport> = {}) =>
  collectImport(parseImport(new TextEncoder().encode(text), { ...SETTINGS, ...settings }));

describe('JSON Lines', () => {
  it('maps nested paths and keeps the other top-level fields', async () => {
    const line = {
      '@timestamp': '2024-01-01T00:00:00.250Z',
      event: { end: '2024-01-01 00:00:01' },
      user: { name: ' ops-bot ' },
      msg: 'restarted',
      level: 'info',
    };
    const { records, summary } = await parse(`${JSON.stringify(line)}\n`);
    expect(records).toEqual([
      {
        line: 1,
        startMicros: utc('2024-01-01T00:00:00.250Z'),
        endMicros: utc('2024-01-01T00:00:01Z'),
        actor: 'ops-bot',
        message: 'restarted',
        extra: { event: { end: '2024-01-01 00:00:01' }, user: { name: ' ops-bot ' }, level: 'info' },
      },
    ]);
    expect(summary).toMatchObject({ format: 'jsonl', columns: ['@timestamp', 'event', 'user', 'msg', 'level'] });
  });

  it('finds flat dotted keys (Zeek JSON) before nested ones, and reads numbers as seconds when configured', async () => {
    const text = '{"ts":1521911720.629574,"id.orig_h":"10.0.0.1","msg":7}\n';
    const { records } = await parse(text, { fields: { startTime: 'ts', actor: 'id.orig_h', message: 'msg' } });
    expect(records[0]).toMatchObject({
      startMicros: 1_521_911_720_629_574,
      actor: '10.0.0.1',
      message: '7',
      extra: {},
    });
  });

  it('reports bad lines with their numbers and reasons, skipping blank lines', async () => {
    const text = [
      '{"@timestamp":"2024-01-01T00:00:00Z","msg":"ok"}',
      '',
      '{"@timestamp":"2024-13-01 00:00:00"}',
      '{"msg":"no time"}',
      '{"@timestamp":{"nested":true}}',
      '[1,2]',
      '{"@timestamp":"2024-01-01T00:00:00Z", "msg": "cut',
      '{"@timestamp":"2024-01-01T00:00:05Z","event":{"end":"2024-01-01T00:00:01Z"}}',
    ].join('\r\n');
    const { records, invalid } = await parse(text);
    expect(records.map((record) => record.line)).toEqual([1]);
    expect(invalid.map((row) => row.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(invalid.map((row) => row.reason)).toEqual([
      `"@timestamp": '2024-13-01 00:00:00' is not a time (expected an ISO 8601 date and time such as 2024-01-02T03:04:05Z, another common date form, or an epoch number)`,
      '"@timestamp" is missing',
      '"@timestamp": {"nested":true} is not a time',
      'the record is an array, not a JSON object',
      expect.stringMatching(/^not valid JSON: /) as unknown,
      '"event.end" is before the start time "@timestamp"',
    ]);
  });

  it('splits lines the same wherever the text is cut', async () => {
    const text = '{"a":"日本"}\r\n\n{"b":2}\n{"c":3}';
    const collect = async (pieceSize: number, passChars: number) => {
      async function* pieces() {
        for (let at = 0; at < text.length; at += pieceSize) yield text.slice(at, at + pieceSize);
      }
      const out = [];
      for await (const lines of jsonLines(pieces(), passChars)) out.push(...lines);
      return out;
    };
    const expected = [
      { line: 1, value: { a: '日本' } },
      { line: 3, value: { b: 2 } },
      { line: 4, value: { c: 3 } },
    ];
    for (const pieceSize of [1, 3, 7, 100])
      for (const passChars of [1, 4, 1 << 16]) expect(await collect(pieceSize, passChars)).toEqual(expected);
  });
});
