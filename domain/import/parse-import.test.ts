import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { DETECT_BYTES, detectFormat } from './detect-format.ts';
import type { ImportProgress } from './import-record.ts';
import { settingsFromDetection, type ImportSettings } from './import-settings.ts';
import { parseImport } from './parse-import.ts';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { TIME_ACTOR_MESSAGE_TSV } from '../../tests/support/proxy-log-tsv.ts';

const FIXTURES = FIXTURES_DIR;
const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES, path)));

function* chunked(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

function detectedSettings(path: string): ImportSettings {
  const settings = settingsFromDetection(detectFormat(fixture(path).subarray(0, DETECT_BYTES), path), 'UTC');
  if (settings === undefined) throw new Error(`no settings for ${path}`);
  return settings;
}

describe('every fixture, detected and parsed with the suggested settings', () => {
  const expected: Record<string, [format: string, valid: number, invalid?: number] | string> = {
    'events/m365_defender_activity_log.csv': ['delimited', 15],
    'events/timesketch_evtx_part.csv': ['timesketch-csv', 13],
    'events/timesketch_sigma_events.jsonl': ['timesketch-jsonl', 5],
    'events/xchat_irc_transcript.log': ['irc', 15, 1],
    'events/zeek_notice_wrccdc2018.log': ['delimited', 207],
    'events/zeek_syslog_wrccdc2018.log': ['delimited', 2378],
    'geo/airdata_dji_air2s_2021-09-05.csv': ['delimited', 11_614],
    'geo/airdata_dji_air2s_2021-09-05.gpx': 'A GPX track: map data (geo time series), not an event import',
    'geo/fr24_JAL516_2024-01-02.csv': ['delimited', 305],
    'har/chrome_webinspector_mitmproxy.har': ['har', 1 + 3],
    'har/fiddler_cnn_nopages_bom.har': ['har', 22],
    'har/firebug_multiple_pages.har': ['har', 3 + 9],
    'har/firefox111_mitmproxy.har': ['har', 1 + 14],
    'har/ie11_fiddler_bom.har': ['har', 2 + 11],
    'har/mitmproxy_websocket.har': ['har', 3],
    'har/safari_webkit_mitmproxy.har': ['har', 1 + 19],
    'slack/slack_export_testarchive.zip': ['slack-zip', 158],
  };

  it('covers every file in the fixtures folder', () => {
    const files = ['events', 'geo', 'har', 'slack'].flatMap((folder) =>
      readdirSync(join(FIXTURES, folder)).map((name) => `${folder}/${name}`),
    );
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s', async (path, outcome) => {
    const bytes = fixture(path);
    const detection = detectFormat(bytes.subarray(0, DETECT_BYTES), path);
    if (typeof outcome === 'string') {
      expect(detection).toEqual({ format: undefined, reason: outcome });
      return;
    }
    const [format, valid, invalidCount = 0] = outcome;
    const settings = settingsFromDetection(detection, 'UTC');
    expect(settings?.format).toBe(format);
    if (settings === undefined) return;
    const { invalid, summary } = await collectImport(parseImport(bytes, settings));
    expect(invalid).toHaveLength(invalidCount);
    expect(summary).toMatchObject({ format, validCount: valid, invalidCount, bytesRead: bytes.byteLength });
  });
});

/** Over 1 MiB of quoted CSV, so a record boundary falls across the parser's 1 MiB passes. */
function quotedCsv(): { text: string; rows: number; lastLine: number } {
  const lines = ['time,actor,message\r\n'];
  let size = 0;
  let line = 2;
  let lastLine = 0;
  let rows = 0;
  for (; size < 1.2 * (1 << 20); rows += 1) {
    const second = String(rows % 60).padStart(2, '0');
    const multiLine = rows % 3 === 0;
    const message = multiLine ? `"日本 ’${rows}’, said ""hi""\r\nand more"` : `plain ${rows}`;
    const record = `2024-01-01 00:00:${second}.${rows % 1_000_000},ana-${rows % 7},${message}\r\n${rows % 50 === 0 ? '\r\n' : ''}`;
    lines.push(record);
    size += record.length;
    lastLine = line;
    line += (multiLine ? 2 : 1) + (rows % 50 === 0 ? 1 : 0);
  }
  return { text: lines.join(''), rows, lastLine };
}

describe('chunk boundaries', () => {
  const csv = quotedCsv();
  const csvSettings: ImportSettings = { ...TIME_ACTOR_MESSAGE_TSV, delimiter: ',', numericUnit: 'microseconds' };

  it('reads the synthetic quoted CSV whole, with multi-line records numbered by their first line', async () => {
    const { records, invalid } = await collectImport(parseImport(new TextEncoder().encode(csv.text), csvSettings));
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(csv.rows);
    expect(records[0]).toMatchObject({ line: 2, actor: 'ana-0', message: '日本 ’0’, said "hi"\r\nand more' });
    expect(records[1]?.line).toBe(5);
    expect(records.at(-1)?.line).toBe(csv.lastLine);
  });

  it.each([
    ['the synthetic quoted CSV', 'csv', [1, 7, 64 << 10]],
    ['Zeek syslog', 'events/zeek_syslog_wrccdc2018.log', [1, 7, 64 << 10]],
    ['Zeek notice', 'events/zeek_notice_wrccdc2018.log', [1, 7, 64 << 10]],
    ['M365 CSV', 'events/m365_defender_activity_log.csv', [1, 7, 64 << 10]],
    ['Timesketch CSV', 'events/timesketch_evtx_part.csv', [1, 7, 64 << 10]],
    ['Timesketch JSONL', 'events/timesketch_sigma_events.jsonl', [1, 7, 64 << 10]],
    ['Firefox HAR (non-ASCII bodies)', 'har/firefox111_mitmproxy.har', [1, 7, 64 << 10]],
    ['Slack zip', 'slack/slack_export_testarchive.zip', [1, 7, 64 << 10]],
  ] as const)('%s gives the same result in 1-byte, 7-byte and 64 KiB chunks', async (_label, path, sizes) => {
    const bytes = path === 'csv' ? new TextEncoder().encode(csv.text) : fixture(path);
    const settings = path === 'csv' ? csvSettings : detectedSettings(path);
    const whole = await collectImport(parseImport(bytes, settings));
    expect(whole.records.length).toBeGreaterThan(0);
    for (const size of sizes) {
      expect(await collectImport(parseImport(chunked(bytes, size), settings))).toEqual(whole);
    }
  });
});

describe('running an import', () => {
  const syslog = 'events/zeek_syslog_wrccdc2018.log';

  it('hands out batches of exactly batchSize and reports progress up to the total', async () => {
    const bytes = fixture(syslog);
    const progress: ImportProgress[] = [];
    const sizes: number[] = [];
    for await (const batch of parseImport(chunked(bytes, 100_000), detectedSettings(syslog), {
      batchSize: 1000,
      totalBytes: bytes.byteLength,
      onProgress: (p) => progress.push(p),
    })) {
      sizes.push(batch.records.length + batch.invalid.length);
    }
    expect(sizes).toEqual([1000, 1000, 378]);
    expect(progress.at(-1)).toEqual({
      bytesRead: bytes.byteLength,
      totalBytes: bytes.byteLength,
      validCount: 2378,
      invalidCount: 0,
    });
    const read = progress.map((p) => p.bytesRead);
    expect(read).toEqual([...read].sort((a, b) => a - b));
    expect(progress.some((p) => p.bytesRead < bytes.byteLength)).toBe(true);
  });

  it('returns the summary as the generator result', async () => {
    const run = parseImport(
      fixture('events/m365_defender_activity_log.csv'),
      detectedSettings('events/m365_defender_activity_log.csv'),
    );
    let step = await run.next();
    while (step.done !== true) step = await run.next();
    expect(step.value).toMatchObject({
      format: 'delimited',
      delimiter: ',',
      validCount: 15,
      invalidCount: 0,
      bytesRead: 5739,
      notes: [],
    });
  });

  it('reads a web ReadableStream and an async iterable', async () => {
    const bytes = fixture('events/timesketch_sigma_events.jsonl');
    const settings = detectedSettings('events/timesketch_sigma_events.jsonl');
    const stream = new Blob([bytes]).stream();
    async function* asyncChunks() {
      yield* chunked(bytes, 100);
    }
    expect((await collectImport(parseImport(stream, settings))).summary.validCount).toBe(5);
    expect((await collectImport(parseImport(asyncChunks(), settings))).summary.validCount).toBe(5);
  });

  it('stops when cancelled, without reading the rest of the input', async () => {
    const bytes = fixture(syslog);
    const controller = new AbortController();
    let chunksRead = 0;
    function* counted() {
      for (const chunk of chunked(bytes, 10_000)) {
        chunksRead += 1;
        yield chunk;
      }
    }
    const run = parseImport(counted(), detectedSettings(syslog), { signal: controller.signal, batchSize: 100 });
    const first = await run.next();
    expect(first.done).toBe(false);
    controller.abort();
    await expect(run.next()).rejects.toMatchObject({ name: 'AbortError' });
    expect(chunksRead).toBeLessThan(Math.ceil(bytes.byteLength / 10_000));
  });

  it('does not start when already cancelled, for whole-document formats too', async () => {
    const signal = AbortSignal.abort();
    await expect(
      collectImport(parseImport(fixture('har/mitmproxy_websocket.har'), { format: 'har' }, { signal })),
    ).rejects.toMatchObject({ name: 'AbortError' });
    await expect(
      collectImport(parseImport(fixture(syslog), detectedSettings(syslog), { signal })),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a batch size below 1', async () => {
    await expect(
      collectImport(parseImport(new Uint8Array(), { format: 'har' }, { batchSize: 0 })),
    ).rejects.toMatchObject({ code: 'bad-settings' });
  });
});
