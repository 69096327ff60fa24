/*
 * JSON records from producers the fixtures do not cover, written from their formats' documentation,
 * and the streaming edge cases: tiny chunks, a cut document, a bad record among good ones.
 */
import { timeActorMessage } from './time-actor-message.ts';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { detectFormat } from './detect-format.ts';
import type { ImportInput } from './byte-chunks.ts';
import { settingsFromDetection, type ImportSettings } from './import-settings.ts';
import { parseImport } from './parse-import.ts';
import { itReadsEachExample } from '../../tests/support/example-cases.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const iso = (micros: number) => new Date(Math.floor(micros / 1000)).toISOString();

function detectedSettings(text: string, name = 'upload.json'): ImportSettings {
  const detection = detectFormat(encode(text).subarray(0, 64 * 1024), name);
  const settings = settingsFromDetection(detection, 'Europe/Berlin');
  if (settings === undefined) throw new Error(`no settings: ${detection.reason}`);
  return settings;
}
const importText = (text: string, input: ImportInput = encode(text)) =>
  collectImport(parseImport(input, detectedSettings(text)));

/** The bytes in pieces of 1 to 7 bytes, so every boundary (inside strings, escapes, UTF-8 sequences) is hit. */
function* tinyChunks(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0, size = 1; start < bytes.byteLength; start += size, size = (size % 7) + 1)
    yield bytes.subarray(start, start + size);
}

describe('JSON Lines from other producers', () => {
  itReadsEachExample('json-records');

  it('GCP Cloud Logging: timestamp over receiveTimestamp, the principal as actor, the method as message', async () => {
    const line = (seconds: string, who: string, method: string) =>
      JSON.stringify({
        insertId: '1x2y3z',
        logName: 'projects/p/logs/cloudaudit.googleapis.com%2Factivity',
        protoPayload: {
          '@type': 'type.googleapis.com/google.cloud.audit.AuditLog',
          authenticationInfo: { principalEmail: who },
          methodName: method,
          serviceName: 'compute.googleapis.com',
        },
        receiveTimestamp: `2024-03-05T10:15:${seconds}.987654321Z`,
        resource: { type: 'gce_instance', labels: { project_id: 'p' } },
        severity: 'NOTICE',
        timestamp: `2024-03-05T10:15:${seconds}.123456789Z`,
      });
    const text = [
      line('30', 'alice@example.com', 'v1.compute.instances.delete'),
      line('31', 'bob@example.com', 'v1.compute.instances.insert'),
      line('32', 'alice@example.com', 'v1.compute.instances.start'),
    ].join('\n');
    expect(detectedSettings(text)).toMatchObject({
      fields: {
        startTime: 'timestamp',
        actor: 'protoPayload.authenticationInfo.principalEmail',
        message: 'protoPayload.methodName',
      },
    });
    const { records } = await importText(text);
    expect(timeActorMessage(records)).toEqual([
      ['2024-03-05T10:15:30.123Z', 'alice@example.com', 'v1.compute.instances.delete'],
      ['2024-03-05T10:15:31.123Z', 'bob@example.com', 'v1.compute.instances.insert'],
      ['2024-03-05T10:15:32.123Z', 'alice@example.com', 'v1.compute.instances.start'],
    ]);
    expect(records[0]?.startMicros).toBe(Date.UTC(2024, 2, 5, 10, 15, 30) * 1000 + 123_456);
  });

  it('NDJSON with epoch milliseconds as numbers, told apart by magnitude', async () => {
    const text =
      '{"ts":1700000000123,"user":"ana","event":"login"}\n{"ts":1700000060456,"user":"ben","event":"logout"}\n';
    expect(detectedSettings(text)).toMatchObject({
      numericUnit: 'milliseconds',
      fields: { startTime: 'ts', actor: 'user', message: 'event' },
    });
    const { records } = await importText(text);
    expect(records.map((record) => iso(record.startMicros))).toEqual([
      '2023-11-14T22:13:20.123Z',
      '2023-11-14T22:14:20.456Z',
    ]);
  });

  it("zoneless times in every line are read in the analyst's zone, and the reason says so", async () => {
    const text =
      '{"date":"2024-07-01 12:00:00","who":"x","message":"a"}\n{"date":"2024-07-01 12:00:05","who":"x","message":"b"}\n';
    const detection = detectFormat(encode(text), 'app.log');
    expect(detection.reason).toMatch(/the times carry no offset: read in the chosen time zone/);
    expect(settingsFromDetection(detection, 'Europe/Berlin')).toMatchObject({ timeZone: 'Europe/Berlin' });
    const { records } = await importText(text);
    expect(iso(records[0]?.startMicros ?? 0)).toBe('2024-07-01T10:00:00.000Z');
  });
});

describe('Kubernetes CRI logs', () => {
  it('joins P partials to the next F of the same stream, and reads a JSON message as an object', async () => {
    const text = [
      '2016-10-06T00:17:09.669794202Z stdout F first line',
      '2016-10-06T00:17:09.669794203Z stdout P part one, ',
      '2016-10-06T00:17:10.000000000Z stderr F {"level":"error","msg":"boom","user":"svc"}',
      '2016-10-06T00:17:10.100000000Z stdout P part two, ',
      '2016-10-06T00:17:10.200000000Z stdout F end',
      '',
    ].join('\n');
    expect(detectFormat(encode(text), 'app.log')).toMatchObject({
      format: 'jsonl',
      settings: { container: 'cri', fields: { startTime: 'time', actor: 'stream', message: 'log' } },
    });
    const { records, invalid } = await importText(text);
    expect(invalid).toEqual([]);
    expect(records.map((record) => [record.line, iso(record.startMicros), record.actor, record.message])).toEqual([
      [1, '2016-10-06T00:17:09.669Z', 'stdout', 'first line'],
      [2, '2016-10-06T00:17:09.669Z', 'stdout', 'part one, part two, end'],
      [3, '2016-10-06T00:17:10.000Z', 'stderr', 'boom'],
    ]);
    expect(records[2]?.extra.log).toEqual({ level: 'error', msg: 'boom', user: 'svc' });
  });

  it('makes a line in another layout invalid and keeps the rest', async () => {
    const text = '2016-10-06T00:17:09.669794202Z stdout F ok\nnot a cri line\n2016-10-06T00:17:11Z stderr F also ok\n';
    const { records, invalid } = await importText(text);
    expect(records.map((record) => record.message)).toEqual(['ok', 'also ok']);
    expect(invalid).toEqual([
      { line: 2, reason: `'not a cri line' is not a CRI log line (expected time, stdout or stderr, P or F, message)` },
    ]);
  });
});

describe('JSON documents, streamed', () => {
  const bigArray = (count: number) =>
    `[\n${Array.from({ length: count }, (_, index) => `  {"time": "2024-01-01T00:${String(Math.floor(index / 60) % 60).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}Z", "host": "hôte-${index % 5}", "msg": "événement \\"${index}\\" \\u00e9"}`).join(',\n')}\n]\n`;

  it('gives the same records from 1-7 byte chunks as from the whole file', async () => {
    const text = bigArray(2000);
    const whole = await importText(text);
    const tiny = await importText(text, tinyChunks(encode(text)));
    expect(whole.records).toHaveLength(2000);
    expect(tiny.records).toEqual(whole.records);
    expect(whole.records[1]).toMatchObject({
      line: 3,
      actor: 'hôte-1',
      message: 'événement "1" é',
      startMicros: Date.UTC(2024, 0, 1, 0, 0, 1) * 1000,
    });
  });

  it('keeps the records before the cut of a truncated document, and refuses one cut before any record', async () => {
    const text = bigArray(3);
    const cut = text.slice(0, text.indexOf('"msg"', text.indexOf('hôte-2')));
    const { records, invalid } = await collectImport(parseImport(encode(cut), detectedSettings(text)));
    expect(records.map((record) => record.line)).toEqual([2, 3]);
    expect(invalid).toEqual([
      { line: 4, reason: 'the file ends inside its JSON (truncated): what came before the cut was read' },
    ]);
    await expect(collectImport(parseImport(encode(text.slice(0, 20)), detectedSettings(text)))).rejects.toMatchObject({
      code: 'truncated',
    });
  });

  it('makes a record with a bad time invalid, with the field and what was expected, and imports the others', async () => {
    const text =
      '[\n{"time": "2024-01-01T00:00:00Z", "msg": "a"},\n{"time": "31/02/2024 25:00", "msg": "b"},\n{"time": "2024-01-01T00:00:02Z", "msg": "c"}\n]';
    const { records, invalid } = await importText(text);
    expect(records.map((record) => record.message)).toEqual(['a', 'c']);
    expect(invalid).toEqual([
      {
        line: 3,
        reason: `"time": '31/02/2024 25:00' is not a time (expected an ISO 8601 date and time such as 2024-01-02T03:04:05Z, another common date form, or an epoch number)`,
      },
    ]);
  });

  it('reads objects one after another (jq output) and stops at broken JSON with a reason', async () => {
    const text =
      '{\n  "time": "2024-01-01T00:00:00Z",\n  "msg": "a"\n}\n{\n  "time": "2024-01-01T00:00:01Z",\n  "msg": "b"\n}\n{ "time": , }\n';
    expect(detectedSettings(text)).toMatchObject({ container: 'values' });
    const { records, invalid } = await importText(text);
    expect(records.map((record) => [record.line, record.message])).toEqual([
      [1, 'a'],
      [5, 'b'],
    ]);
    expect(invalid).toEqual([
      { line: 9, reason: `not valid JSON here (unexpected ','); nothing after it could be read` },
    ]);
  });

  it('caps one record, naming the cap', async () => {
    const text = `[{"time": "2024-01-01T00:00:00Z", "msg": "${'x'.repeat(9 << 20)}"}]`;
    const settings: ImportSettings = {
      format: 'jsonl',
      fields: { startTime: 'time', message: 'msg' },
      numericUnit: 'auto',
      timeZone: 'UTC',
      container: 'array',
    };
    await expect(collectImport(parseImport(encode(text), settings))).rejects.toThrow(
      /^A record after line 1 runs on for more than 8 MiB, the most one record may take/,
    );
  });
});

describe('Docker json-file', () => {
  it('joins the pieces of a line over 16 KiB (no "\\n" in log) per stream, keeping other lines in order', async () => {
    const line = (log: string, stream: string, second: number) =>
      JSON.stringify({ log, stream, time: `2024-02-01T10:00:0${second}.5Z` });
    const text = [
      line('start\n', 'stdout', 0),
      line('a'.repeat(16384), 'stdout', 1),
      line('oops\n', 'stderr', 2),
      line('b'.repeat(100), 'stdout', 3),
      line('end\n', 'stdout', 4),
      line('no newline at the end', 'stdout', 5),
    ].join('\n');
    const { records, invalid } = await importText(text);
    expect(invalid).toEqual([]);
    expect(
      records.map((record) => [record.line, iso(record.startMicros), record.actor, record.message.length]),
    ).toEqual([
      [1, '2024-02-01T10:00:00.500Z', 'stdout', 5],
      [2, '2024-02-01T10:00:01.500Z', 'stdout', 16384 + 100 + 3],
      [3, '2024-02-01T10:00:02.500Z', 'stderr', 4],
      [6, '2024-02-01T10:00:05.500Z', 'stdout', 21],
    ]);
  });
});
