/*
 * An answer whose body is cut off (the page navigates away, the connection drops) is no answer: it
 * reads as a NetworkError, which syncs and the outbox treat as "try again later", never as the
 * server having answered something wrong ("failed with 200: unexpected answer").
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as ApiClient from './api-client.ts';

const Organizations = z.object({ organizations: z.array(z.unknown()) });
let client: typeof ApiClient;

function answer(chunks: string[], cutOff: boolean): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (cutOff) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  // NOTE: the client reads the page's origin as it loads; Node has no window.
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:8080' } });
  client = await import('./api-client.ts');
});

describe('reading an answer', () => {
  it('reads a body cut off midway as no answer (NetworkError)', async () => {
    vi.stubGlobal('fetch', async () => answer(['{"organizations":['], true));
    await expect(client.apiGet('/api/organizations', Organizations)).rejects.toMatchObject({ name: 'NetworkError' });
  });

  it('still reports a whole answer of the wrong shape as an unexpected answer', async () => {
    vi.stubGlobal('fetch', async () => answer(['{"organisations":[]}'], false));
    await expect(client.apiGet('/api/organizations', Organizations)).rejects.toMatchObject({ name: 'ApiRequestError', status: 200, message: expect.stringContaining('unexpected answer') });
  });

  it('parses a whole answer that arrives in pieces', async () => {
    vi.stubGlobal('fetch', async () => answer(['{"organizations":', '[1,2]}'], false));
    await expect(client.apiGet('/api/organizations', Organizations)).resolves.toEqual({ organizations: [1, 2] });
  });
});
