/*
 * The round-robin proxy's own rules, on two small real HTTP upstreams that count what reaches them:
 * it alternates, resends a refused request anywhere, and resends a request whose answer was lost
 * only when applying it again is safe (GET, or an Idempotency-Key).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RESENT_HEADER, UPSTREAM_HEADER, startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

interface TestUpstream {
  url: string;
  received: string[];
  /** When set, the upstream reads each request and then drops the connection without answering. */
  dropping: boolean;
  server: Server;
}

async function upstream(name: string): Promise<TestUpstream> {
  const state: Omit<TestUpstream, 'url' | 'server'> = { received: [], dropping: false };
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    state.received.push(`${request.method} ${request.url} ${body}`);
    if (state.dropping) return request.socket.destroy();
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ name, body, host: request.headers.host }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, { url: `http://127.0.0.1:${port}`, server });
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

describe('the round-robin proxy', () => {
  let proxy: RoundRobinProxy | undefined;
  let upstreams: TestUpstream[] = [];
  afterEach(async () => {
    await proxy?.close();
    await Promise.all(upstreams.filter((one) => one.server.listening).map((one) => stop(one.server)));
  });
  const start = async (downMs: number) => {
    upstreams = [await upstream('a'), await upstream('b')];
    proxy = await startRoundRobinProxy(
      upstreams.map((one) => one.url),
      { downMs },
    );
    return proxy;
  };
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${proxy!.url}${path}`, { method, headers, ...(method === 'GET' ? {} : { body: `body of ${path}` }) });

  it('alternates between the upstreams, says which answered, and passes the body and Host through', async () => {
    await start(1_000);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await send('POST', `/write-${index}`));
    expect(answers.map((answer) => answer.headers.get(UPSTREAM_HEADER))).toEqual(['0', '1', '0', '1']);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies.map((body) => body.name)).toEqual(['a', 'b', 'a', 'b']);
    expect(bodies[0]).toMatchObject({ body: 'body of /write-0', host: new URL(proxy!.url).host });
    expect(upstreams.map((one) => one.received.length)).toEqual([2, 2]);
  });

  it('resends a refused request of any method to the other, then leaves the refusing one out for a while', async () => {
    await start(60_000);
    await stop(upstreams[0]!.server);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await send('POST', `/unkeyed-${index}`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get(UPSTREAM_HEADER))).toEqual(['1', '1', '1', '1']);
    expect(answers[0]!.headers.get(RESENT_HEADER)).toBe('refused');
    expect(proxy!.stats()).toMatchObject({ refused: [1, 0], answered: [0, 4], resent: 1, failed: 0 });
    expect(upstreams[1]!.received).toHaveLength(4);
  });

  it('after a lost answer resends GET and keyed writes, never an unkeyed POST or PUT', async () => {
    await start(0);
    for (const one of upstreams) one.dropping = true;
    const cases: Array<[string, string, Record<string, string>, number]> = [
      ['GET', '/read', {}, 2],
      ['POST', '/keyed', { 'idempotency-key': 'key-12345678' }, 2],
      ['DELETE', '/keyed-delete', { 'idempotency-key': 'key-87654321' }, 2],
      ['POST', '/unkeyed', {}, 1],
      ['PUT', '/unkeyed-put', {}, 1],
    ];
    for (const [method, path, headers, deliveries] of cases) {
      const answer = await send(method, path, headers);
      expect(answer.status, `${method} ${path}`).toBe(502);
      const message = (await answer.json()).error.message;
      expect(message).toMatch(deliveries === 2 ? /no upstream is left/ : /not safe to resend/);
      const reached = upstreams.flatMap((one) => one.received).filter((line) => line.startsWith(`${method} ${path} `));
      expect(reached, `${method} ${path}`).toHaveLength(deliveries);
    }
    expect(proxy!.stats()).toMatchObject({ failed: 5, answered: [0, 0] });
  });

  it('answers a keyed write from the other upstream when the first lost it', async () => {
    await start(0);
    upstreams[0]!.dropping = true;
    const answers = [
      await send('POST', '/note', { 'idempotency-key': 'key-aaaaaaaa' }),
      await send('POST', '/note', { 'idempotency-key': 'key-bbbbbbbb' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.headers.get(UPSTREAM_HEADER))).toEqual(['1', '1']);
    expect(answers.map((answer) => answer.headers.get(RESENT_HEADER)).sort()).toEqual(['lost', null]);
    expect(upstreams.map((one) => one.received.length)).toEqual([1, 2]);
    expect(proxy!.stats()).toMatchObject({ lost: [1, 0], answered: [0, 2], resent: 1, failed: 0 });
  });
});
