/*
 * The globe's online imagery setting (MAP_TILE_URL): a bad template stops the start with its reason;
 * GET /api/map/imagery tells a signed-in user the template (or null); the CSP lets the browser load
 * tiles from that template's origin and from no other host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { signIn, startTestServer, type TestServer } from '../support/test-server.ts';

const TEMPLATE = 'https://tiles.example.org/osm/{z}/{x}/{y}.png';
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('map imagery', () => {
  let configured: TestServer;
  let unset: TestServer;
  // Started in hooks: a cold PGlite can take longer than a test's time on a loaded machine.
  beforeAll(async () => {
    configured = await startTestServer('pglite', { MAP_TILE_URL: TEMPLATE });
    unset = await startTestServer('pglite');
  });
  afterAll(async () => {
    await configured?.close();
    await unset?.close();
  });

  it('refuses a tile template that is not http(s) with {z}, {x} and {y}', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      'MAP_TILE_URL must start with http:// or https:// and a host',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' })).toThrow(
      'MAP_TILE_URL must contain {z}, {x} and {y}',
    );
  });

  it('tells the browser the template and allows its origin, and nothing else', async () => {
    const session = await signIn(configured);
    const answer = await session.request({ url: '/api/map/imagery' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ tileUrl: TEMPLATE });
    const csp = String(answer.headers['content-security-policy']);
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://tiles.example.org");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://tiles.example.org");
    expect((await configured.app.inject({ url: '/api/map/imagery' })).statusCode).toBe(401);
  });

  it('answers null and allows no other host when none is set', async () => {
    const session = await signIn(unset);
    const answer = await session.request({ url: '/api/map/imagery' });
    expect(answer.json()).toEqual({ tileUrl: null });
    const csp = String(answer.headers['content-security-policy']);
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
  });
});
