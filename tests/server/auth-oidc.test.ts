/*
 * AUTH_MODE=oidc end to end over real sockets: Churchkey and a real OpenID provider each listen on
 * loopback, and fetch walks the authorization code flow with PKCE through the provider's own login
 * and consent forms, carrying cookies per origin and path the way a browser would.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../domain/user.ts';
import {
  emailFor,
  preferredUsernameFor,
  startOidcProvider,
  type TestOidcProvider,
  type TestOidcProviderOptions,
} from '../support/oidc-provider.ts';
import { DATABASE_KINDS, type DatabaseKind } from '../support/test-database.ts';
import { countRows, startTestServer, uniqueName, type TestServer } from '../support/test-server.ts';

interface StoredCookie {
  origin: string;
  path: string;
  name: string;
  value: string;
}

/** Just enough of a browser's cookie store: host-only cookies, scoped by origin and path. */
class CookieJar {
  readonly cookies: StoredCookie[] = [];

  header(url: URL): string {
    return this.cookies
      .filter((c) => c.origin === url.origin && pathMatches(url.pathname, c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  store(url: URL, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      // RFC 6265 5.1.4: without Path, a cookie belongs to the request path's directory.
      const path = attribute('path') ?? (url.pathname.replace(/\/[^/]*$/, '') || '/');
      const expires = attribute('expires');
      const removed = attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      const index = this.cookies.findIndex((c) => c.origin === url.origin && c.path === path && c.name === name);
      if (index >= 0) this.cookies.splice(index, 1);
      if (!removed) this.cookies.push({ origin: url.origin, path, name, value });
    }
  }

  find(origin: string, name: string): StoredCookie | undefined {
    return this.cookies.find((c) => c.origin === origin && c.name === name);
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  return requestPath === cookiePath || requestPath.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);
}

async function send(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response.headers.getSetCookie());
  return response;
}

function location(response: Response, base: URL): URL {
  const header = response.headers.get('location');
  if (!header) throw new Error(`${response.status} from ${base.href} has no Location`);
  return new URL(header, base);
}

/**
 * Follows the provider's redirects and answers its login and consent forms until it sends the
 * browser back to Churchkey; returns that callback address without requesting it.
 */
async function passProvider(jar: CookieJar, authorizationUrl: URL, login: string, churchkey: string): Promise<URL> {
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    if (url.origin === churchkey) return url;
    const response = await send(jar, url, { method, ...(body ? { body } : {}) });
    method = 'GET';
    body = undefined;
    if (response.status >= 300 && response.status < 400) {
      url = location(response, url);
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !prompt) {
      throw new Error(`provider answered ${response.status}: ${html.slice(0, 500)}`);
    }
    url = new URL(action.replaceAll('&amp;', '&'), url);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}

interface SignInPair {
  provider: TestOidcProvider;
  server: TestServer;
  /** Churchkey's own origin, http://127.0.0.1:PORT. */
  origin: string;
  close(): Promise<void>;
}

/** A provider, then Churchkey listening on loopback and configured for it, then the client's redirect URI. */
async function startSignInPair(kind: DatabaseKind, options: TestOidcProviderOptions = {}): Promise<SignInPair> {
  const provider = await startOidcProvider(options);
  const server = await startTestServer(kind, {
    AUTH_MODE: 'oidc',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    ...(provider.clientSecret ? { OIDC_CLIENT_SECRET: provider.clientSecret } : {}),
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  provider.registerClient(origin);
  return {
    provider,
    server,
    origin,
    async close() {
      await server.close();
      await provider.stop();
    },
  };
}

/** GET /auth/login?from=…, then through the provider: the jar, and the addresses it went through. */
async function startSignIn(origin: string, from: string, login: string) {
  const jar = new CookieJar();
  const loginUrl = new URL(`/auth/login?from=${encodeURIComponent(from)}`, origin);
  const started = await send(jar, loginUrl);
  expect(started.status).toBe(303);
  const authorizationUrl = location(started, loginUrl);
  const callbackUrl = await passProvider(jar, authorizationUrl, login, origin);
  return { jar, authorizationUrl, callbackUrl };
}

async function signedInUser(origin: string, jar: CookieJar) {
  const response = await send(jar, new URL('/auth/user', origin));
  expect(response.status).toBe(200);
  return UserSchema.parse(((await response.json()) as { user: unknown }).user);
}

for (const kind of DATABASE_KINDS) {
  describe(`OpenID Connect sign-in (${kind})`, () => {
    let pair: SignInPair;
    let provider: TestOidcProvider;
    let server: TestServer;
    let origin: string;

    beforeAll(async () => {
      pair = await startSignInPair(kind);
      ({ provider, server, origin } = pair);
    });

    afterAll(async () => {
      await pair?.close();
    });

    it('signs in with the authorization code and PKCE, then returns to `from`', async () => {
      const login = uniqueName('ada');
      const { jar, authorizationUrl, callbackUrl } = await startSignIn(origin, '/incident/7', login);
      expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${provider.issuer}/auth`);
      const query = authorizationUrl.searchParams;
      expect(query.get('client_id')).toBe(provider.clientId);
      expect(query.get('response_type')).toBe('code');
      expect(query.get('redirect_uri')).toBe(`${origin}/auth/callback`);
      expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(query.get('code_challenge_method')).toBe('S256');
      expect(query.get('state')).toBeTruthy();
      expect(query.get('nonce')).toBeTruthy();

      expect(callbackUrl.pathname).toBe('/auth/callback');
      expect(callbackUrl.searchParams.get('state')).toBe(query.get('state'));
      expect(callbackUrl.searchParams.get('code')).toBeTruthy();

      const callback = await send(jar, callbackUrl);
      expect(callback.status).toBe(303);
      expect(location(callback, callbackUrl).href).toBe(`${origin}/incident/7`);
      const setCookie = callback.headers.getSetCookie().find((line) => line.startsWith('churchkey_session='));
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);

      const user = await signedInUser(origin, jar);
      expect(user).toMatchObject({
        username: preferredUsernameFor(login),
        name: `Test ${login}`,
        email: emailFor(login),
        authMode: 'oidc',
      });
      const rows = await server.db.query<{ oidc_issuer: string; oidc_subject: string }>(
        'SELECT oidc_issuer, oidc_subject FROM users WHERE id = $1',
        [user.id],
      );
      expect(rows).toEqual([{ oidc_issuer: provider.issuer, oidc_subject: login }]);
    });

    it('refuses a callback with an unknown or missing state and starts no session', async () => {
      const sessionsBefore = await countRows(server.db, 'sessions');
      for (const search of ['?code=made-up&state=never-issued', '?code=made-up']) {
        const jar = new CookieJar();
        const response = await send(jar, new URL(`/auth/callback${search}`, origin));
        expect(response.status).toBe(400);
        expect(jar.find(origin, 'churchkey_session')).toBeUndefined();
      }
      expect(await countRows(server.db, 'sessions')).toBe(sessionsBefore);
    });

    it('refuses a replayed callback and starts no second session', async () => {
      const { jar, callbackUrl } = await startSignIn(origin, '/', uniqueName('replay'));
      expect((await send(jar, callbackUrl)).status).toBe(303);
      const sessionsAfterFirst = await countRows(server.db, 'sessions');

      const attacker = new CookieJar();
      const replayed = await send(attacker, callbackUrl);
      expect(replayed.status).toBe(400);
      expect(attacker.find(origin, 'churchkey_session')).toBeUndefined();
      expect(await countRows(server.db, 'sessions')).toBe(sessionsAfterFirst);
    });

    it('returns to our own root, not to another site named in `from`', async () => {
      for (const from of ['https://evil.example/', '//evil.example/steal']) {
        const { jar, callbackUrl } = await startSignIn(origin, from, uniqueName('redirect'));
        const callback = await send(jar, callbackUrl);
        expect(callback.status).toBe(303);
        expect(location(callback, callbackUrl).href).toBe(`${origin}/`);
      }
    });

    it('gives the same user to a second sign-in by the same subject', async () => {
      const login = uniqueName('again');
      const ids: number[] = [];
      for (let round = 0; round < 2; round += 1) {
        const { jar, callbackUrl } = await startSignIn(origin, '/', login);
        expect((await send(jar, callbackUrl)).status).toBe(303);
        ids.push((await signedInUser(origin, jar)).id);
      }
      expect(ids[1]).toBe(ids[0]);
      const rows = await server.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM users WHERE oidc_subject = $1',
        [login],
      );
      expect(rows[0]?.count).toBe(1);
    });

    /** A new login signed in through a pair of its own, started with `options`; the user the app then knows. */
    const signInThroughOwnPair = async (options: Parameters<typeof startSignInPair>[1], name: string) => {
      const own = await startSignInPair(kind, options);
      try {
        const login = uniqueName(name);
        const { jar, callbackUrl } = await startSignIn(own.origin, '/', login);
        expect((await send(jar, callbackUrl)).status).toBe(303);
        return { login, user: await signedInUser(own.origin, jar) };
      } finally {
        await own.close();
      }
    };

    it('signs in as a public client, with PKCE and no client secret', async () => {
      const { login, user } = await signInThroughOwnPair({ publicClient: true }, 'public');
      expect(user).toMatchObject({ username: preferredUsernameFor(login), authMode: 'oidc' });
    });

    it('reads the profile from UserInfo when the ID token carries only the subject', async () => {
      const { login, user } = await signInThroughOwnPair({ profileClaimsInIdToken: false }, 'strict');
      expect(user).toMatchObject({ username: preferredUsernameFor(login), email: emailFor(login), authMode: 'oidc' });
    });
  });
}
