/*
 * Fail closed, checked in `npm test` (issue 17): the access matrix of the reliability suite has a row
 * for every /api and /auth route each sign-in mode registers (and none for a route that is gone), and
 * an /api or /auth route added without `config.access` stops the server from being built.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { expectMatrixCoversRoutes } from '../reliability/support/matrix-coverage.ts';
import { startOidcTwinApp } from '../support/oidc-twin-app.ts';
import { startTestServer, TEST_VERSION, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let oidcApp: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer('pglite');
  oidcApp = await startOidcTwinApp(server);
});
afterAll(async () => {
  await oidcApp?.close();
  await server?.close();
});

describe('the access matrix', () => {
  it('has a row for every route each sign-in mode registers, and none for a route it does not', () => {
    expectMatrixCoversRoutes([
      ['local', server.app],
      ['oidc', oidcApp],
    ]);
  });
});

describe('a route without config.access', () => {
  it.each(['/api/forgotten', '/auth/forgotten'])('at %s stops the app from being built', async (url) => {
    const config = loadConfig({ DATA_DIR: server.config.dataDir });
    const app = await buildApp({ db: server.db, config, version: TEST_VERSION }, { appDir: '/nonexistent' });
    try {
      expect(() => app.get(url, async () => ({ secret: true }))).toThrow(/config\.access/);
      expect(() => app.post(url, { config: { access: 'user' } }, async () => ({}))).not.toThrow();
    } finally {
      await app.close();
    }
  });
});
