import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import type { ImportRecord } from './import-record.ts';
import { parseImport } from './parse-import.ts';
import type { HarLimits } from './parse-har.ts';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';

const FIXTURES = FIXTURES_DIR;
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, 'har', name)));
const utc = (iso: string, micro = 0) => Date.parse(iso) * 1000 + micro;
const parseHar = (bytes: Uint8Array, limits?: Partial<HarLimits>) =>
  collectImport(parseImport(bytes, { format: 'har', limits }));
const entries = (records: readonly ImportRecord[]) => records.filter((record) => record.isMarker !== true);
const markers = (records: readonly ImportRecord[]) => records.filter((record) => record.isMarker === true);

/** Timings in the raw file, counted independently of the parser: all -1 values (custom ones too), and standard phases ≥ 0. */
function rawTimings(bytes: Uint8Array): { minusOnes: number; standardPresent: number } {
  const log = JSON.parse(new TextDecoder().decode(bytes)) as {
    log: { entries: Array<{ timings?: Record<string, unknown> }> };
  };
  const phases = ['blocked', 'dns', 'connect', 'ssl', 'send', 'wait', 'receive'];
  let minusOnes = 0;
  let standardPresent = 0;
  for (const { timings = {} } of log.log.entries) {
    minusOnes += Object.values(timings).filter((value) => value === -1).length;
    standardPresent += phases.filter(
      (phase) => typeof timings[phase] === 'number' && (timings[phase] as number) >= 0,
    ).length;
  }
  return { minusOnes, standardPresent };
}

describe('HAR fixtures', () => {
  it.each([
    ['firefox111_mitmproxy.har', 1, 14, 3],
    ['safari_webkit_mitmproxy.har', 1, 19, 51],
    ['chrome_webinspector_mitmproxy.har', 1, 3, 10],
    ['mitmproxy_websocket.har', 0, 3, undefined],
    ['ie11_fiddler_bom.har', 2, 11, undefined],
    ['fiddler_cnn_nopages_bom.har', 0, 22, undefined],
    ['firebug_multiple_pages.har', 3, 9, undefined],
  ])('%s: %i page marker(s), %i entries, %s timings of -1 left out', async (name, pageCount, entryCount, minusOnes) => {
    const bytes = fixture(name);
    const { records, invalid, summary } = await parseHar(bytes);
    expect(invalid).toEqual([]);
    expect(markers(records)).toHaveLength(pageCount);
    expect(entries(records)).toHaveLength(entryCount);
    expect(summary).toMatchObject({ format: 'har', validCount: pageCount + entryCount, invalidCount: 0 });
    const present = entries(records).reduce((sum, record) => sum + Object.keys(record.extra.timings ?? {}).length, 0);
    const raw = rawTimings(bytes);
    if (minusOnes !== undefined) expect(raw.minusOnes).toBe(minusOnes);
    expect(present).toBe(raw.standardPresent);
  });

  it('reads Firefox: the -07:00 offset, the duration from `time`, host as actor, 4 × 304, custom fields dropped', async () => {
    const { records, summary } = await parseHar(fixture('firefox111_mitmproxy.har'));
    const [first] = entries(records);
    expect(first).toMatchObject({
      line: 1,
      startMicros: utc('2023-03-29T23:58:59.303Z'),
      endMicros: utc('2023-03-29T23:58:59.303Z') + 23_000,
      actor: 'mitmproxy.org',
      message: 'GET https://mitmproxy.org/ 304',
    });
    expect(first?.extra).toMatchObject({
      method: 'GET',
      status: 304,
      timings: { blocked: 17, dns: 0, connect: 0, ssl: 0, send: 0, wait: 6, receive: 0 },
    });
    expect(JSON.stringify(records)).not.toContain('_securityState');
    expect(entries(records).filter((record) => record.extra.status === 304)).toHaveLength(4);
    const span =
      Math.max(...entries(records).map((record) => record.startMicros)) -
      Math.min(...entries(records).map((record) => record.startMicros));
    expect(span).toBeLessThanOrEqual(340_000);
    expect(markers(records)[0]).toMatchObject({
      message: 'mitmproxy - an interactive HTTPS proxy',
      actor: '',
      extra: { pageId: 'page_1', onLoad: 270 },
    });
    expect(summary.notes).toEqual(['HAR 1.2 written by Firefox 111.0.1']);
  });

  it('reads the Fiddler BOM files with 7-digit fractions and offsets', async () => {
    const ie = await parseHar(fixture('ie11_fiddler_bom.har'));
    expect(entries(ie.records)[0]?.startMicros).toBe(utc('2016-06-28T20:42:02Z', 722_147));
    expect(Object.keys(entries(ie.records)[0]?.extra.timings ?? {})).not.toContain('blocked');
    expect(markers(ie.records)[0]?.extra).toEqual({ pageId: '0' });
    const cnn = await parseHar(fixture('fiddler_cnn_nopages_bom.har'));
    expect(entries(cnn.records)[0]).toMatchObject({
      startMicros: utc('2010-08-30T20:47:34Z', 209_573),
      actor: 'www.cnn.com',
      message: 'GET http://www.cnn.com/ 302',
    });
    expect(entries(cnn.records).filter((record) => record.extra.status === 302)).toHaveLength(4);
  });

  it('reads HAR 1.1 (Firebug) with several pages and pagerefs', async () => {
    const { records, summary } = await parseHar(fixture('firebug_multiple_pages.har'));
    expect(summary.notes[0]).toMatch(/^HAR 1\.1 written by Firebug/);
    expect(markers(records)[0]).toMatchObject({
      startMicros: utc('2010-09-28T18:13:39.238Z'),
      message: 'Test Case for Issue #601',
    });
    expect(new Set(entries(records).map((record) => record.extra.pageref)).size).toBe(3);
  });

  it('keeps a failed request (status 0) and spans months under one page (Chrome)', async () => {
    const { records } = await parseHar(fixture('chrome_webinspector_mitmproxy.har'));
    expect(entries(records).filter((record) => record.extra.status === 0)).toHaveLength(1);
    const starts = entries(records).map((record) => record.startMicros);
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThan(100 * 86_400_000_000);
  });

  it('reads mitmproxy WebSocket upgrades with µs times, ignoring _webSocketMessages', async () => {
    const { records } = await parseHar(fixture('mitmproxy_websocket.har'));
    expect(records.map((record) => record.extra.status)).toEqual([101, 101, 101]);
    expect(records[0]).toMatchObject({
      startMicros: utc('2023-08-29T13:03:20Z', 195_591),
      endMicros: utc('2023-08-29T13:03:20Z', 195_591) + 424_105,
    });
    expect(JSON.stringify(records)).not.toContain('_webSocketMessages');
  });
});

describe('broken HAR files', () => {
  it('keeps the entries before the cut of a truncated HAR, and refuses one cut before any', async () => {
    const bytes = fixture('firebug_multiple_pages.har');
    // The first 20,000 bytes (526 lines) hold the 3 pages and 4 whole entries; the 5th, from line 510 on, is cut.
    const { records, invalid } = await parseHar(bytes.subarray(0, 20_000));
    expect(markers(records)).toHaveLength(3);
    expect(entries(records)).toHaveLength(4);
    expect(invalid).toEqual([
      {
        line: 5,
        reason: expect.stringMatching(/^line \d+ of the file: the file ends inside its JSON \(truncated\)/) as unknown,
      },
    ]);
    await expect(parseHar(bytes.subarray(0, 200))).rejects.toMatchObject({
      name: 'ImportError',
      code: 'truncated',
      message: expect.stringMatching(/^The HAR file is truncated/) as unknown,
    });
  });

  it('refuses JSON that is not a HAR, and a HAR over the entry caps, naming the cap', async () => {
    const notHar = new TextEncoder().encode('{"entries": []}');
    await expect(parseHar(notHar)).rejects.toThrow('Not a HAR file: it needs a "log" object with an "entries" array');
    await expect(parseHar(fixture('mitmproxy_websocket.har'), { maxEntries: 2 })).rejects.toThrow(
      'The HAR file has more than 2 entries, the most one import reads',
    );
    await expect(parseHar(fixture('safari_webkit_mitmproxy.har'), { maxEntryBytes: 10_000 })).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(
        /^A HAR entry starting on line \d+ runs on for more than 10 KiB, the most one HAR entry may take/,
      ) as unknown,
    });
  });

  it('reports a bad entry with its index and keeps the others', async () => {
    const har = {
      log: {
        version: '1.2',
        entries: [
          {
            startedDateTime: '2024-01-01T00:00:00Z',
            time: 1.5,
            request: { method: 'GET', url: 'http://a.example:8080/x' },
            response: { status: 200 },
            timings: { send: -1, wait: 1.5 },
          },
          { startedDateTime: '2024-01-01T00:00:00Z', request: { method: 'GET' }, response: { status: 200 } },
          {
            startedDateTime: 'yesterday',
            request: { method: 'GET', url: '/y', headers: [{ name: 'Host', value: 'b.example' }] },
            response: { status: 200 },
          },
          {
            startedDateTime: '2024-01-01T00:00:01+00:00',
            request: { method: 'POST', url: '/z', headers: [{ name: 'host', value: 'b.example' }] },
            response: { status: 500 },
            timings: { wait: 2, receive: 3, ssl: 9 },
          },
        ],
      },
    };
    const { records, invalid } = await parseHar(new TextEncoder().encode(JSON.stringify(har)));
    expect(invalid).toEqual([
      { line: 2, reason: 'entries[1]: "request.url" is missing' },
      {
        line: 3,
        reason: `entries[2]: "startedDateTime" 'yesterday' is not a date and time (expected ISO 8601, e.g. 2024-01-02T03:04:05.678+01:00)`,
      },
    ]);
    expect(
      records.map((record) => [record.actor, record.endMicros - record.startMicros, record.extra.timings]),
    ).toEqual([
      ['a.example:8080', 1500, { wait: 1.5 }],
      ['b.example', 5000, { ssl: 9, wait: 2, receive: 3 }],
    ]);
  });
});
