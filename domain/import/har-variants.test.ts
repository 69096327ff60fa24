/*
 * HAR as other producers write it, from HAR 1.1/1.2 and the producers' habits: Charles' nulls,
 * HAR 1.1 without ssl, a "log" key that is not first, JSONP in tiny chunks, entries missing what
 * HAR requires. Each is detected and imported with no settings.
 */
import { timeActorMessage } from './time-actor-message.ts';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { detectFormat } from './detect-format.ts';
import type { ImportInput } from './byte-chunks.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const iso = (micros: number) => new Date(Math.floor(micros / 1000)).toISOString();

async function importHar(text: string, name: string, input: ImportInput = encode(text)) {
  const detection = detectFormat(encode(text), name);
  expect(detection.format).toBe('har');
  const settings = settingsFromDetection(detection, 'UTC');
  if (settings === undefined) throw new Error(detection.reason);
  return collectImport(parseImport(input, settings));
}

const entry = (fields: Record<string, unknown> = {}) => ({
  startedDateTime: '2024-05-01T10:00:00.000+02:00',
  time: 25,
  request: { method: 'GET', url: 'https://api.example.com/v1/items', httpVersion: 'HTTP/1.1', headers: [] },
  response: { status: 200, statusText: 'OK', content: { size: 10, mimeType: 'application/json' } },
  timings: { blocked: 1, dns: 2, connect: 3, ssl: 1, send: 4, wait: 10, receive: 5 },
  ...fields,
});

describe('HAR from other producers', () => {
  it('Charles: null where HAR wants a string or number never refuses an entry', async () => {
    const charles = {
      log: {
        version: '1.2',
        creator: { name: 'Charles Proxy', version: '4.6.4', comment: null },
        browser: null,
        pages: null,
        entries: [
          entry({
            time: null,
            pageref: null,
            serverIPAddress: null,
            connection: null,
            request: {
              method: 'POST',
              url: 'https://api.example.com/v1/login',
              httpVersion: null,
              headers: null,
              queryString: null,
              cookies: null,
              headersSize: null,
              bodySize: null,
            },
            response: {
              status: 204,
              statusText: null,
              httpVersion: null,
              redirectURL: null,
              headers: [],
              content: { size: null, mimeType: null },
              bodySize: null,
            },
            timings: { blocked: null, dns: -1, connect: null, ssl: null, send: 1, wait: 20, receive: 2 },
          }),
        ],
      },
    };
    const { records, invalid, summary } = await importHar(JSON.stringify(charles, null, 2), 'session.har');
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      startMicros: Date.UTC(2024, 4, 1, 8) * 1000,
      // `time` is null, so the duration is the sum of the phases that happened: 1 + 20 + 2 ms.
      endMicros: Date.UTC(2024, 4, 1, 8) * 1000 + 23_000,
      actor: 'api.example.com',
      message: 'POST https://api.example.com/v1/login 204',
      extra: { method: 'POST', status: 204, timings: { send: 1, wait: 20, receive: 2 } },
    });
    expect(summary.notes).toEqual(['HAR 1.2 written by Charles Proxy 4.6.4']);
  });

  it('HAR 1.1 without timings.ssl, "log" not the first key, pages after entries', async () => {
    const har = `{"comment": "exported", "log": {"entries": [${JSON.stringify(entry({ timings: { send: 0, wait: 7, receive: 1 }, pageref: 'p1' }))}], "pages": [{"startedDateTime": "2024-05-01T09:59:59.500+02:00", "id": "p1", "title": "Items", "pageTimings": {"onLoad": 80}}], "version": "1.1", "creator": {"name": "Old Browser", "version": "1"}}}`;
    const { records, invalid, summary } = await importHar(har, 'old.har');
    expect(invalid).toEqual([]);
    const [event, marker] = records;
    expect(event).toMatchObject({
      line: 1,
      actor: 'api.example.com',
      extra: { timings: { send: 0, wait: 7, receive: 1 }, pageref: 'p1' },
    });
    expect(Object.keys(event?.extra.timings ?? {})).not.toContain('ssl');
    expect(marker).toMatchObject({ isMarker: true, message: 'Items', extra: { pageId: 'p1', onLoad: 80 } });
    expect(iso(marker?.startMicros ?? 0)).toBe('2024-05-01T07:59:59.500Z');
    expect(summary.notes).toEqual(['HAR 1.1 written by Old Browser 1']);
  });

  it('JSONP-wrapped .harp read in 1-7 byte chunks gives what the whole file gives', async () => {
    const harp = `onInputData({"log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": [${[0, 1, 2].map((index) => JSON.stringify(entry({ startedDateTime: `2024-05-01T10:00:0${index}.123+02:00`, request: { method: 'GET', url: `https://cdn.example.org/ä/${index}` } }))).join(',\n')}]}});\n`;
    const bytes = encode(harp);
    const chunks = function* () {
      for (let start = 0, size = 1; start < bytes.byteLength; start += size, size = (size % 7) + 1)
        yield bytes.subarray(start, start + size);
    };
    const whole = await importHar(harp, 'page.harp');
    const tiny = await importHar(harp, 'page.harp', chunks());
    expect(whole.invalid).toEqual([]);
    expect(timeActorMessage(whole.records)).toEqual([
      ['2024-05-01T08:00:00.123Z', 'cdn.example.org', 'GET https://cdn.example.org/ä/0 200'],
      ['2024-05-01T08:00:01.123Z', 'cdn.example.org', 'GET https://cdn.example.org/ä/1 200'],
      ['2024-05-01T08:00:02.123Z', 'cdn.example.org', 'GET https://cdn.example.org/ä/2 200'],
    ]);
    expect(tiny.records).toEqual(whole.records);
  });

  it('an entry missing startedDateTime or request.url is invalid, naming the field; the others import', async () => {
    const har = {
      log: {
        version: '1.2',
        entries: [
          entry(),
          { ...entry(), startedDateTime: undefined },
          entry({ request: { method: 'GET' } }),
          entry({ startedDateTime: null }),
          entry({ response: null, timings: null }),
        ],
      },
    };
    const { records, invalid } = await importHar(JSON.stringify(har), 'x.har');
    expect(records.map((record) => [record.line, record.message])).toEqual([
      [1, 'GET https://api.example.com/v1/items 200'],
      [5, 'GET https://api.example.com/v1/items'],
    ]);
    expect(invalid).toEqual([
      { line: 2, reason: 'entries[1]: "startedDateTime" is missing' },
      { line: 3, reason: 'entries[2]: "request.url" is missing' },
      { line: 4, reason: 'entries[3]: "startedDateTime" is missing' },
    ]);
  });

  it('a minified HAR whose first line is longer than the detection window is still a HAR', () => {
    const har = JSON.stringify({
      log: {
        version: '1.2',
        creator: { name: 'x', version: '1' },
        entries: Array.from({ length: 400 }, () => entry()),
      },
    });
    expect(har.length).toBeGreaterThan(64 * 1024);
    expect(detectFormat(encode(har).subarray(0, 64 * 1024), 'big.har').format).toBe('har');
  });

  it('a HAR whose pages fill the detection window is still a HAR, its entries read after them', async () => {
    const pages = Array.from({ length: 300 }, (_, index) => ({
      startedDateTime: '2024-05-01T10:00:00.000Z',
      id: `page_${index}`,
      title: `https://shop.example.com/${'p'.repeat(300)}`,
      pageTimings: { onLoad: 20 },
    }));
    const text = JSON.stringify(
      { log: { version: '1.2', creator: { name: 'WebInspector' }, pages, entries: [entry()] } },
      null,
      2,
    );
    expect(text.indexOf('"entries"')).toBeGreaterThan(64 * 1024);
    const { records } = await importHar(text, 'session.har');
    expect(records.filter((record) => record.isMarker === true)).toHaveLength(300);
    expect(timeActorMessage(records.filter((record) => record.isMarker !== true))).toEqual([
      ['2024-05-01T08:00:00.000Z', 'api.example.com', 'GET https://api.example.com/v1/items 200'],
    ]);
  });

  it("a status written as a string is the status; Chrome's response._error says why a request failed", async () => {
    const failed = entry({ response: { status: 0, statusText: '', _error: 'net::ERR_BLOCKED_BY_CLIENT' } });
    const text = JSON.stringify({
      log: { version: '1.2', creator: { name: 'x' }, entries: [entry({ response: { status: '404' } }), failed] },
    });
    const { records, invalid } = await importHar(text, 'converted.har');
    expect(invalid).toEqual([]);
    expect(records.map((record) => [record.message, record.extra?.status, record.extra?.error])).toEqual([
      ['GET https://api.example.com/v1/items 404', 404, undefined],
      [
        'GET https://api.example.com/v1/items (no response: net::ERR_BLOCKED_BY_CLIENT)',
        0,
        'net::ERR_BLOCKED_BY_CLIENT',
      ],
    ]);
  });
});

describe('a HAR with no entries array', () => {
  it('is refused at detection with the reason, not imported as nothing', () => {
    const text = JSON.stringify({ log: { version: '1.2', creator: { name: 'broken exporter' }, pages: [] } });
    const detection = detectFormat(encode(text), 'capture.har');
    expect(detection.format).toBeUndefined();
    expect(detection.reason).toContain('A HAR whose "log" has no "entries" array');
  });

  it('an empty entries array stays a HAR, refused at import with what to do', async () => {
    const text = JSON.stringify({ log: { version: '1.2', creator: { name: 'Firefox' }, pages: [], entries: [] } });
    expect(detectFormat(encode(text), 'empty.har').format).toBe('har');
    await expect(importHar(text, 'empty.har')).rejects.toThrow(
      'The HAR file records no requests (its "entries" list is empty): open the network panel, reload the page, then save the HAR again',
    );
  });
});
