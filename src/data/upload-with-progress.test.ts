/// <reference types="vite/client" />
/*
 * The answer side of the XHR upload: the same reading as api-client.ts (schema-checked JSON, the
 * server's error body kept, the version noted). The XHR itself runs in Chromium (tests/e2e/stream-*).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// api-client.ts reads the page origin when it loads.
beforeAll(() => {
  vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } });
});

const load = async () => {
  const upload = await import('./upload-with-progress.ts');
  const client = await import('./api-client.ts');
  return { ...upload, ...client };
};
const Answer = z.object({ import: z.object({ importedCount: z.number().int() }) });

describe('readUploadAnswer', () => {
  it('parses a 2xx JSON answer with the schema and keeps the server version', async () => {
    const { readUploadAnswer, getServerVersion } = await load();
    const body = JSON.stringify({ import: { importedCount: 14 }, version: 'abc1234' });
    expect(readUploadAnswer('/api/x', 201, 'application/json; charset=utf-8', body, Answer)).toEqual({ import: { importedCount: 14 } });
    expect(getServerVersion()).toBe('abc1234');
  });

  it('refuses a 2xx answer of the wrong shape', async () => {
    const { readUploadAnswer, ApiRequestError } = await load();
    expect(() => readUploadAnswer('/api/x', 200, 'application/json', '{"import":{}}', Answer)).toThrow(ApiRequestError);
    expect(() => readUploadAnswer('/api/x', 200, 'text/html', '<html>', Answer)).toThrow(/unexpected answer/);
  });

  it('keeps the error body of a refusal: status, code, field and message', async () => {
    const { readUploadAnswer, ApiRequestError, sentErrorCode } = await load();
    const body = JSON.stringify({ error: { code: 'invalid', message: 'must be JSON', field: 'settings' } });
    let caught: unknown;
    try {
      readUploadAnswer('/api/x', 400, 'application/json', body, Answer);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiRequestError);
    const error = caught as InstanceType<typeof ApiRequestError>;
    expect(error.status).toBe(400);
    expect(error.apiError).toEqual({ code: 'invalid', message: 'must be JSON', field: 'settings' });
    expect(sentErrorCode(error)).toBe('invalid');
  });

  it('keeps a merge outcome sent as the code of a 409, though it is none of the error codes', async () => {
    const { readUploadAnswer, sentErrorCode } = await load();
    const body = JSON.stringify({ error: { code: 'merge_conflict', message: 'the stream changed since the check', field: null } });
    let caught: unknown;
    try {
      readUploadAnswer('/api/x', 409, 'application/json', body, Answer);
    } catch (error) {
      caught = error;
    }
    expect(sentErrorCode(caught)).toBe('merge_conflict');
    expect((caught as Error).message).toContain('the stream changed since the check');
  });

  it('reports a refusal without a JSON body by its status', async () => {
    const { readUploadAnswer } = await load();
    expect(() => readUploadAnswer('/api/x', 502, 'text/plain', 'Bad gateway', Answer)).toThrow('POST /api/x failed with 502: no error message');
  });
});
