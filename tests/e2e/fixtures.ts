/*
 * `test` with a server per worker: a worker's spec files share one server and data directory (so
 * they accept what earlier files left behind), and `baseURL` points at it. A file that needs other
 * server settings, or a database nobody touched, says `test.use({ serverEnv: { … } })`, which gives
 * it a worker (and server) of its own.
 */
import { test as base } from '@playwright/test';
import { READY_TIMEOUT_MS, startServer, type RunningServer } from './start-server.ts';

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
    // The start's own limit, and the stop's (SIGTERM, SIGKILL after 10 s) with room to spare.
    { scope: 'worker', timeout: READY_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect } from '@playwright/test';
