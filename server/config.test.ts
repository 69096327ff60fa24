import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has safe defaults: loopback, port 8080, local accounts, data under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', authMode: 'local', databaseUrl: undefined, trustProxy: false });
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
    expect(config.oidc).toEqual({ issuer: 'https://idp.example.org', clientId: 'churchkey', clientSecret: undefined, scopes: 'openid profile email' });
    expect(config.publicUrl).toBe('https://churchkey.example.org');
  });
});
