/*
 * `test` with a server per worker: every spec file gets a fresh server and data directory, and
 * `baseURL` points at it. A file that needs other server settings says
 * `test.use({ serverEnv: { AUTH_MODE: 'oidc', … } })`, which gives it a worker (and server) of its own.
 */
import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from './start-server.ts';

interface WorkerFixtures {
  serverEnv: Record<string, string>;
  server: RunningServer;
}

export const test = base.extend<object, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer({ env: serverEnv });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect } from '@playwright/test';
