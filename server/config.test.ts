import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has safe defaults: loopback, port 8080, local accounts, data under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      authMode: 'local',
      databaseUrl: undefined,
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.sessionMicros).toBe(14 * 86_400_000_000);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ AUTH_MODE: 'ldap' }, 'AUTH_MODE'],
    [{ AUTH_MODE: 'oidc' }, 'OIDC_ISSUER'],
    [{ AUTH_MODE: 'oidc', OIDC_ISSUER: 'ftp://idp', OIDC_CLIENT_ID: 'x' }, 'OIDC_ISSUER'],
    [{ CHURCHKEY_ADMIN_PASSWORD: 'short' }, 'CHURCHKEY_ADMIN_PASSWORD'],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, 'PUBLIC_URL'],
    [{ ALLOWED_HOSTS: 'ok.example, bad host' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'http://with-scheme.example' }, 'ALLOWED_HOSTS'],
    [{ BODY_SECONDS: '0' }, 'BODY_SECONDS'],
    [{ BODY_MIN_BYTES_PER_SECOND: 'fast' }, 'BODY_MIN_BYTES_PER_SECOND'],
    [{ HEADERS_TIMEOUT_SECONDS: '-1' }, 'HEADERS_TIMEOUT_SECONDS'],
    [{ MAX_CONNECTIONS: '1.5' }, 'MAX_CONNECTIONS'],
  ])('refuses %o, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('reads OpenID Connect settings and drops a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      AUTH_MODE: 'oidc',
      OIDC_ISSUER: 'https://idp.example.org',
      OIDC_CLIENT_ID: 'churchkey',
      PUBLIC_URL: 'https://churchkey.example.org/',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://idp.example.org',
      clientId: 'churchkey',
      clientSecret: undefined,
      scopes: 'openid profile email',
    });
    expect(config.publicUrl).toBe('https://churchkey.example.org');
  });

  it('bounds requests by default: 60 s a body plus its size at 64 KiB/s, 20 s a head, 10 s idle, 1000 connections', () => {
    expect(loadConfig({})).toMatchObject({
      bodyMillis: 60_000,
      bodyMinBytesPerSecond: 65_536,
      headersTimeoutMillis: 20_000,
      keepAliveMillis: 10_000,
      maxConnections: 1000,
      allowedHosts: [],
    });
    expect(loadConfig({ BODY_SECONDS: '0.5', KEEP_ALIVE_SECONDS: '0.25' })).toMatchObject({
      bodyMillis: 500,
      keepAliveMillis: 250,
    });
  });

  it('reads ALLOWED_HOSTS as lower-case host names, with or without a port', () => {
    expect(loadConfig({ ALLOWED_HOSTS: ' Churchkey.LAN , field-laptop:8443,[::1]:8080 ' }).allowedHosts).toEqual([
      'churchkey.lan',
      'field-laptop:8443',
      '[::1]:8080',
    ]);
  });
});
