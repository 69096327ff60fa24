// What newer browsers add to a HAR: Chromium's WebSocket frames (_webSocketMessages), its resource
// type and priority, and captures that repeat a page (merged exports). Written from the fields the
// browsers' HAR exports document, not copied from a capture.
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { detectFormat } from './detect-format.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const encode = (text: string) => new TextEncoder().encode(text);

async function importHar(log: Record<string, unknown>) {
  const bytes = encode(JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector' }, ...log } }));
  const settings = settingsFromDetection(detectFormat(bytes, 'capture.har'), 'UTC');
  if (settings === undefined) throw new Error('not detected');
  return collectImport(parseImport(bytes, settings));
}

const entry = (fields: Record<string, unknown>) => ({
  startedDateTime: '2024-04-04T08:00:00.000Z',
  time: 5,
  request: { method: 'GET', url: 'wss://chat.example/socket', headers: [] },
  response: { status: 101, statusText: 'Switching Protocols', content: { size: 0, mimeType: 'x-unknown' } },
  timings: { send: 0, wait: 5, receive: 0 },
  ...fields,
});

describe('newer browser fields', () => {
  it("a WebSocket's frames are counted on its entry, with Chromium's resource type and priority", async () => {
    const { records } = await importHar({
      entries: [
        entry({
          _resourceType: 'websocket',
          _priority: 'High',
          _webSocketMessages: [
            { type: 'send', time: 1712217600.1, opcode: 1, data: '{"op":"hello"}' },
            { type: 'receive', time: 1712217600.2, opcode: 1, data: '{"op":"welcome"}' },
            { type: 'receive', time: 1712217605.5, opcode: 2, data: 'AAEC' },
          ],
        }),
      ],
    });
    expect(records).toHaveLength(1);
    expect(records[0]!.message).toBe('GET wss://chat.example/socket 101 (WebSocket: 1 sent, 2 received)');
    expect(records[0]!.extra).toMatchObject({
      resourceType: 'websocket',
      priority: 'High',
      webSocketSent: 1,
      webSocketReceived: 2,
    });
  });

  it('a page written twice is one marker; pages that differ stay apart', async () => {
    const page = { startedDateTime: '2024-01-01T00:00:00Z', id: 'p1', title: 'One', pageTimings: {} };
    const { records } = await importHar({
      pages: [page, page, { ...page, id: 'p2', title: 'Two' }],
      entries: [entry({ pageref: 'p1' })],
    });
    expect(records.filter((record) => record.isMarker === true).map((record) => record.message)).toEqual([
      'One',
      'Two',
    ]);
  });
});

describe('where an answer came from', () => {
  it("keeps Chromium's cache and service-worker marks, so a 200 the network never sent is told apart", async () => {
    const request = (url: string) => ({ method: 'GET', url, headers: [] });
    const ok = { status: 200, statusText: 'OK', content: { size: 9, mimeType: 'application/json' } };
    const { records } = await importHar({
      entries: [
        entry({
          request: request('https://app.example/api/data'),
          response: { ...ok, _fetchedViaServiceWorker: true, _serviceWorkerResponseSource: 'cache-storage' },
          // NOTE: Chromium writes nanoseconds when its clock has them, and time 0 for an answer from the worker.
          startedDateTime: '2024-03-05T12:00:00.123456789Z',
          time: 0,
        }),
        entry({ request: request('https://app.example/logo.png'), response: ok, _fromCache: 'memory' }),
        entry({ request: request('https://app.example/'), response: ok }),
      ],
    });
    expect(
      records.map(({ startMicros, extra }) => [
        startMicros,
        extra?.fetchedViaServiceWorker,
        extra?.serviceWorkerResponseSource,
        extra?.fromCache,
      ]),
    ).toEqual([
      [Date.UTC(2024, 2, 5, 12) * 1000 + 123_456, 'yes', 'cache-storage', undefined],
      [Date.UTC(2024, 3, 4, 8) * 1000, undefined, undefined, 'memory'],
      [Date.UTC(2024, 3, 4, 8) * 1000, undefined, undefined, undefined],
    ]);
  });
});

describe('a request that got no answer', () => {
  it("Firefox's status 0 with every timing -1 reads as no response, not as a status; Chromium's error says why", async () => {
    const aborted = entry({
      request: { method: 'GET', url: 'https://api.example.com/v1/items', httpVersion: 'HTTP/2', headers: [] },
      response: {
        status: 0,
        statusText: '',
        httpVersion: '',
        headers: [],
        cookies: [],
        content: { mimeType: '', size: -1 },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0 },
      time: 0,
      _securityState: 'insecure',
    });
    const refused = entry({
      request: { method: 'POST', url: 'https://api.example.com/v1/orders', headers: [] },
      response: { status: 0, statusText: '', _error: 'net::ERR_CONNECTION_REFUSED' },
    });
    // Charles's own mark of each entry: COMPLETE for an answer, else what became of the request.
    const charles = entry({
      request: { method: 'CONNECT', url: 'https://tracker.example.net', headers: [] },
      response: { _charlesStatus: 'FAILED', status: 0, statusText: '', headersSize: -1, bodySize: -1 },
    });
    const answered = entry({ response: { _charlesStatus: 'COMPLETE', status: 401, statusText: 'Unauthorized' } });
    const { records, invalid } = await importHar({ entries: [aborted, refused, charles, answered] });
    expect(invalid).toEqual([]);
    expect(records.map((record) => [record.message, record.extra?.status])).toEqual([
      ['GET https://api.example.com/v1/items (no response)', 0],
      ['POST https://api.example.com/v1/orders (no response: net::ERR_CONNECTION_REFUSED)', 0],
      ['CONNECT https://tracker.example.net (no response: Charles marks it FAILED)', 0],
      ['GET wss://chat.example/socket 401', 401],
    ]);
  });

  it("Playwright's recordHar: status -1 is no answer, its _failureText says why", async () => {
    // Playwright's HAR tracer starts each response at status -1 and, when the request fails, writes
    // the browser's reason in response._failureText; every timing it never measured is -1.
    const failed = entry({
      request: { method: 'GET', url: 'https://cdn.example.com/app.js', httpVersion: 'HTTP/1.1', headers: [] },
      response: {
        status: -1,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        headers: [],
        content: { size: -1, mimeType: 'x-unknown' },
        headersSize: -1,
        bodySize: -1,
        redirectURL: '',
        _transferSize: -1,
        _failureText: 'net::ERR_NAME_NOT_RESOLVED',
      },
      time: -1,
      timings: { send: -1, wait: -1, receive: -1 },
    });
    const { records, invalid } = await importHar({
      creator: { name: 'Playwright', version: '1.44.0' },
      entries: [failed],
    });
    expect(invalid).toEqual([]);
    expect(
      records.map((record) => [record.message, record.endMicros - record.startMicros, record.extra?.error]),
    ).toEqual([
      ['GET https://cdn.example.com/app.js (no response: net::ERR_NAME_NOT_RESOLVED)', 0, 'net::ERR_NAME_NOT_RESOLVED'],
    ]);
  });
});
