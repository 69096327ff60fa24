// A HAR inside a zip, as Playwright's recordHar writes one with a ".zip" path: the bodies stored as
// files named by their SHA-1, then "har.har" last. Built here with fflate, not copied from a capture.
import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { collectImport } from './collect-import.ts';
import { detectFormat } from './detect-format.ts';
import { parseImport } from './parse-import.ts';

const har = {
  log: {
    version: '1.2',
    creator: { name: 'Playwright', version: '1.48.2' },
    pages: [{ startedDateTime: '2024-11-05T10:00:00.000Z', id: 'page@1', title: 'Shop', pageTimings: {} }],
    entries: [
      {
        startedDateTime: '2024-11-05T10:00:00.120Z',
        time: 12,
        pageref: 'page@1',
        request: { method: 'POST', url: 'https://shop.example/api/cart', httpVersion: 'HTTP/2.0', headers: [] },
        response: {
          status: 500,
          httpVersion: 'HTTP/2.0',
          headers: [],
          content: { size: 24, mimeType: 'application/json', _file: `${'a'.repeat(40)}.json` },
        },
        timings: { send: 0, wait: 11, receive: 1 },
      },
    ],
  },
};

function playwrightZip(resourceBytes: Uint8Array, withHar = true): Uint8Array {
  return zipSync({
    // Random bytes do not compress, so the .har's header lies past the first 64 KiB.
    [`${'5d41402abc4b2a76b9719d911017c592ae1b8e5c'}.html`]: resourceBytes,
    [`${'a'.repeat(40)}.json`]: strToU8('{"error":"out of stock"}'),
    ...(withHar ? { 'har.har': strToU8(JSON.stringify(har)) } : {}),
  });
}

describe("Playwright's recordHar zip", () => {
  it('reads the .har inside, seen in the first bytes', async () => {
    const zip = playwrightZip(strToU8('<html></html>'));
    const detection = detectFormat(zip.subarray(0, 64 * 1024), 'trace.zip');
    expect(detection).toMatchObject({ format: 'har', reason: expect.stringContaining('holding "har.har"') });
    const { records } = await collectImport(parseImport(zip, { format: 'har' }));
    expect(records.filter((record) => record.isMarker !== true).map((record) => record.startMicros)).toEqual([
      Date.parse('2024-11-05T10:00:00.120Z') * 1000,
    ]);
    expect(records.find((record) => record.isMarker !== true)?.message).toContain('500');
  });

  it('knows it by the SHA-1-named bodies when the .har lies past the first 64 KiB', async () => {
    const zip = playwrightZip(new Uint8Array(randomBytes(100_000)));
    const detection = detectFormat(zip.subarray(0, 64 * 1024), 'recording.zip');
    expect(detection).toMatchObject({ format: 'har', reason: expect.stringContaining('named by their SHA-1') });
    const { records } = await collectImport(parseImport(zip, { format: 'har' }));
    expect(records.filter((record) => record.isMarker !== true)).toHaveLength(1);
  });

  it('says so when such a zip holds no .har', async () => {
    const zip = playwrightZip(strToU8('<html></html>'), false);
    await expect(collectImport(parseImport(zip, { format: 'har' }))).rejects.toThrow(
      'The zip archive holds no .har file',
    );
  });

  it('a Slack export is still a Slack export', () => {
    const zip = zipSync({ 'channels.json': strToU8('[]'), 'general/2024-01-02.json': strToU8('[]') });
    expect(detectFormat(zip, 'export.zip').format).toBe('slack-zip');
  });
});
