/*
 * Where a request may come from and go to, over real sockets (issue 17, findings 4 and 8): no `from`
 * variant leaves the origin in a Location header; a DNS-rebinding page (same-origin to the browser,
 * another Host) cannot write; logout is a POST, its GET only a page that posts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, portOf, rawRequest } from '../support/raw-socket.ts';
import { giveAnalyst, signIn, startTestServer, type Session, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let listed: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer('pglite');
  port = await listenOnLoopback(server.app);
  listed = await startTestServer('pglite', { ALLOWED_HOSTS: 'churchkey.lan, field-laptop:8443' });
  await listed.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  await listed.close();
});

function request(method: string, path: string, headers: Record<string, string> = {}, body = '', to = port) {
  const lines = Object.entries({
    Host: `127.0.0.1:${to}`,
    Connection: 'close',
    ...headers,
    'Content-Length': String(Buffer.byteLength(body)),
  });
  return rawRequest(
    to,
    `${method} ${path} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`,
  );
}

const location = (head: string) => /\r\nlocation: ([^\r]*)/i.exec(head)?.[1];

const FROM_VARIANTS = [
  '/.//evil.example/x',
  '/a/..//evil',
  '/%2e//evil',
  '/%2E%2e//evil',
  '//evil',
  '/\\evil',
  '/./\\evil',
  '/\t/evil',
  '/%09/evil',
  '\\/evil',
  '/.%2f/evil',
  'http://evil.example',
  'https:evil.example',
  '/a/b/../../..//evil',
  '/%5c%5cevil',
];

describe('`from`, sent over a socket', () => {
  let session: Session;
  beforeAll(async () => {
    session = await signIn(server);
  });

  it('never leads a signed-in GET /auth/login elsewhere', async () => {
    const origin = `http://127.0.0.1:${port}`;
    for (const from of [...FROM_VARIANTS, `${origin}//evil`, `${origin}/\\evil`]) {
      const answer = await request('GET', `/auth/login?from=${encodeURIComponent(from)}`, { Cookie: session.cookie });
      expect(answer.status, from).toBe(303);
      const target = location(answer.head)!;
      expect(target, from).toMatch(/^\/(?![/\\])/);
      expect(new URL(target.replaceAll('\\', '/'), origin).origin, from).toBe(origin);
    }
  });

  it('never leads a form sign-in elsewhere', async () => {
    for (const from of FROM_VARIANTS) {
      const account = await signIn(server);
      const body = new URLSearchParams({
        username: account.username,
        password: 'correct-horse-battery-staple',
        from,
      }).toString();
      const answer = await request(
        'POST',
        '/auth/login',
        { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      );
      expect(answer.status, from).toBe(303);
      expect(location(answer.head), from).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe('the origin check', () => {
  it('refuses a write from a DNS-rebinding page, which the browser calls same-origin', async () => {
    const session = await signIn(server);
    await giveAnalyst(server, session, 'write');
    const evil = `evil.example:${port}`;
    const body = JSON.stringify({ name: 'Rebound' });
    const answer = await request(
      'POST',
      '/api/organization',
      {
        Host: evil,
        Origin: `http://${evil}`,
        'Sec-Fetch-Site': 'same-origin',
        Cookie: session.cookie,
        'Content-Type': 'application/json',
      },
      body,
    );
    expect(answer.status).toBe(403);
    const own = await request(
      'POST',
      '/api/organization',
      {
        Origin: `http://127.0.0.1:${port}`,
        'Sec-Fetch-Site': 'same-origin',
        Cookie: session.cookie,
        'Content-Type': 'application/json',
      },
      body,
    );
    expect(own.status, own.body).toBe(201);
  });

  it("takes our own pages' form posts, which carry Origin: null under Referrer-Policy: no-referrer, but not a rebinding page's", async () => {
    const account = await signIn(server);
    const body = new URLSearchParams({
      username: account.username,
      password: 'correct-horse-battery-staple',
      from: '/x',
    }).toString();
    const form = {
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/x-www-form-urlencoded',
    };
    expect((await request('POST', '/auth/login', form, body)).status).toBe(303);
    expect((await request('POST', '/auth/login', { ...form, Host: `evil.example:${port}` }, body)).status).toBe(403);
  });

  it('trusts the hosts of ALLOWED_HOSTS, and only those besides loopback', async () => {
    const to = portOf(listed.app.server.address());
    const session = await signIn(listed);
    await giveAnalyst(listed, session, 'write');
    const write = (host: string) =>
      request(
        'POST',
        '/api/organization',
        {
          Host: host,
          Origin: `http://${host}`,
          'Sec-Fetch-Site': 'same-origin',
          Cookie: session.cookie,
          'Content-Type': 'application/json',
        },
        JSON.stringify({ name: 'Listed' }),
        to,
      );
    expect((await write(`churchkey.lan:${to}`)).status).toBe(201);
    expect((await write('field-laptop:8443')).status).toBe(201);
    expect((await write('field-laptop:9999')).status).toBe(403);
    expect((await write(`192.168.1.20:${to}`)).status).toBe(403);
    expect((await write(`evil.example:${to}`)).status).toBe(403);
  });
});

describe('logout', () => {
  it('by GET only answers a page that posts, and the session lives on until the POST', async () => {
    const session = await signIn(server);
    const page = await request('GET', '/auth/logout?from=%2Fincident%2F9', { Cookie: session.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('method="post" action="/auth/logout"');
    expect(page.body).toContain('value="/incident/9"');
    expect(/\r\ncontent-security-policy: [^\r]*script-src 'sha256-/i.test(page.head)).toBe(true);
    expect((await request('GET', '/auth/user', { Cookie: session.cookie })).status).toBe(200);

    const out = await request(
      'POST',
      '/auth/logout',
      {
        Cookie: session.cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: `http://127.0.0.1:${port}`,
        'Sec-Fetch-Site': 'same-origin',
      },
      'from=%2Fincident%2F9',
    );
    expect(out.status).toBe(303);
    expect(location(out.head)).toBe('/auth/login?from=%2Fincident%2F9');
    expect((await request('GET', '/auth/user', { Cookie: session.cookie })).status).toBe(401);
  });

  it('by POST from another site is refused, and the session lives on', async () => {
    const session = await signIn(server);
    const out = await request('POST', '/auth/logout', {
      Cookie: session.cookie,
      Origin: 'http://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(out.status).toBe(403);
    expect((await request('GET', '/auth/user', { Cookie: session.cookie })).status).toBe(200);
  });
});
