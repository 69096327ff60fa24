import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import type { InjectOptions } from 'fastify';
import {
  countRows,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  TEST_VERSION,
  uniqueName,
  type TestServer,
} from '../support/test-server.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A POST to /auth/login of `server`, as the sign-in form or a JSON caller sends it. */
const postLogin = (server: TestServer, options: Omit<InjectOptions, 'method' | 'url'>) =>
  server.app.inject({ method: 'POST', url: '/auth/login', ...options });

describe.each(DATABASE_KINDS)('local sign-in on %s', (kind) => {
  const suite = useAnalystServer(kind, {});

  it('answers 401 with the error shape and the version when signed out', async () => {
    const response = await suite.server.app.inject({ url: '/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'sign in first', field: null },
      version: TEST_VERSION,
    });
  });

  it('shows a sign-in page that escapes `from` and keeps it only when it is ours', async () => {
    const response = await suite.server.app.inject({ url: '/auth/login?from=%22%3E%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<form method="post" action="/auth/login">');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('name="from" value="/%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const echoed = await postLogin(suite.server, {
      headers: FORM,
      payload: form({ username: '"><b>bold</b>', password: 'wrong' }),
    });
    expect(echoed.body).toContain('value="&quot;&gt;&lt;b&gt;bold&lt;/b&gt;"');
    expect(echoed.body).not.toContain('<b>bold');
  });

  it('signs in through the form, sets an httpOnly SameSite=Lax cookie and goes back to `from`', async () => {
    const session = await signIn(suite.server);
    const response = await postLogin(suite.server, {
      // A Host is trusted only when it is loopback, an address or listed (ALLOWED_HOSTS): never by itself.
      headers: { ...FORM, host: 'localhost' },
      payload: form({
        username: session.username,
        password: TEST_PASSWORD,
        from: 'http://localhost/incident/4/type/swimlane?x=1#e',
      }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/incident/4/type/swimlane?x=1#e');
    const cookie = response.cookies.find((c) => c.name === 'churchkey_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
    const user = await suite.server.app.inject({
      url: '/auth/user',
      headers: { cookie: `churchkey_session=${cookie?.value}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      user: { id: session.userID, username: session.username, analystID: null, authMode: 'local' },
      version: TEST_VERSION,
    });
  });

  it.each([
    ['another host', 'https://evil.example/steal'],
    ['a protocol-relative address', '//evil.example/steal'],
    ['a backslash trick', '/\\evil.example/steal'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['credentials before another host', 'http://churchkey.test@evil.example/'],
    ['a data: address', 'data:text/html,hi'],
  ])('refuses to follow `from` to %s', async (_name, from) => {
    const session = await signIn(suite.server);
    const response = await postLogin(suite.server, {
      headers: { ...FORM, host: 'churchkey.test' },
      payload: form({ username: session.username, password: TEST_PASSWORD, from }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });

  it('refuses a wrong password with the page again, and JSON callers with 401 naming the field', async () => {
    const session = await signIn(suite.server);
    const page = await postLogin(suite.server, {
      headers: FORM,
      payload: form({ username: session.username, password: 'wrong password!', from: '/x' }),
    });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('Wrong username or password.');
    expect(page.cookies).toHaveLength(0);
    const json = await postLogin(suite.server, {
      payload: { username: 'nobody-' + session.username, password: 'x' },
    });
    expect(json.statusCode).toBe(401);
    expect(json.json().error).toEqual({
      code: 'unauthenticated',
      message: 'Wrong username or password.',
      field: 'password',
    });
  });

  it.each([
    ['a missing username', { password: 'x' }, 'username'],
    ['an empty password', { username: 'a', password: '' }, 'password'],
    ['a username of the wrong type', { username: 42, password: 'x' }, 'username'],
    ['an oversized username', { username: 'u'.repeat(201), password: 'x' }, 'username'],
  ])('answers 400 to %s', async (_name, payload, field) => {
    const response = await postLogin(suite.server, { payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid', field });
  });

  it('answers 413 to a body over 16 KB and 415 to a content type it does not take', async () => {
    const big = await postLogin(suite.server, {
      headers: FORM,
      payload: form({ username: 'a', password: 'p'.repeat(20_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('too_large');
    const text = await postLogin(suite.server, {
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a&password=b',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({ code: 'unsupported_media_type', field: 'body' });
  });

  it('slows down repeated failures: the sixth attempt is refused even with the right password', async () => {
    const session = await signIn(suite.server);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postLogin(suite.server, {
        payload: { username: session.username, password: `wrong-${attempt}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const refused = await postLogin(suite.server, {
      payload: { username: session.username, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('rate_limited');
    // Another address is not locked out by these failures.
    const elsewhere = await postLogin(suite.server, {
      remoteAddress: '10.9.8.7',
      payload: { username: session.username, password: TEST_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('ends the session on logout and sends the browser to sign in again for `from`', async () => {
    const session = await signIn(suite.server);
    const before = await session.request({ url: '/auth/user' });
    expect(before.statusCode).toBe(200);
    // The GET is a page that posts (a GET any site may trigger must not end a session).
    const page = await session.request({ url: '/auth/logout?from=%2Fincident%2F9', headers: {} });
    expect(page.statusCode).toBe(200);
    expect((await session.request({ url: '/auth/user' })).statusCode).toBe(200);
    const logout = await session.request({ method: 'POST', url: '/auth/logout?from=%2Fincident%2F9', headers: {} });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/auth/login?from=%2Fincident%2F9');
    expect(logout.cookies.find((c) => c.name === 'churchkey_session')?.value).toBe('');
    const after = await session.request({ url: '/auth/user' });
    expect(after.statusCode).toBe(401);
  });

  it('ignores a forged or oversized session cookie', async () => {
    for (const value of ['forged', 'x'.repeat(5000)]) {
      const response = await suite.server.app.inject({
        url: '/auth/user',
        headers: { cookie: `churchkey_session=${value}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('lets a one-time sign-in link be used once', async () => {
    const { ensureAdminAccount } = await import('../../server/bootstrap.ts');
    const first = await ensureAdminAccount(suite.server.db, {
      ...suite.server.config,
      adminPassword: 'admin-password-long',
    });
    expect(first?.username).toBe('admin');
    expect(first?.generatedPassword).toBeUndefined();
    expect(await ensureAdminAccount(suite.server.db, suite.server.config)).toBeUndefined();
    const used = await suite.server.app.inject({ url: first!.linkPath });
    expect(used.statusCode).toBe(303);
    const cookie = used.cookies.find((c) => c.name === 'churchkey_session');
    const user = await suite.server.app.inject({
      url: '/auth/user',
      headers: { cookie: `churchkey_session=${cookie?.value}` },
    });
    expect(user.json().user.username).toBe('admin');
    const again = await suite.server.app.inject({ url: first!.linkPath });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('expired or was used already');
    expect(again.cookies).toHaveLength(0);
    const password = await postLogin(suite.server, {
      payload: { username: 'admin', password: 'admin-password-long' },
    });
    expect(password.statusCode).toBe(200);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const secure = await startTestServer(kind, { PUBLIC_URL: 'https://churchkey.example.org' });
    try {
      const session = await signIn(secure);
      const response = await postLogin(secure, {
        payload: { username: session.username, password: TEST_PASSWORD },
      });
      expect(response.cookies.find((c) => c.name === 'churchkey_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('records sign-ins in the data audit', async () => {
    const before = await countRows(suite.server.db, 'data_audit');
    await signIn(suite.server, uniqueName('audited'));
    expect(await countRows(suite.server.db, 'data_audit')).toBe(before + 1);
  });
});
