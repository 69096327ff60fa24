/*
 * The same database served by an app under AUTH_MODE=oidc, for the routes only that mode registers
 * (the access-matrix suites list both apps' routes). Its issuer is never reached: listing routes
 * asks the provider nothing.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { TEST_VERSION, type TestServer } from './test-server.ts';

export async function startOidcTwinApp(server: TestServer): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: server.config.dataDir,
    AUTH_MODE: 'oidc',
    OIDC_ISSUER: 'http://127.0.0.1:9/',
    OIDC_CLIENT_ID: 'churchkey',
  });
  const app = await buildApp({ db: server.db, config, version: TEST_VERSION }, { appDir: '/nonexistent' });
  await app.ready();
  return app;
}
