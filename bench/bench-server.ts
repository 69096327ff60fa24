/*
 * The built server (build/server/server.js) as a child process for the benchmarks that drive the
 * app in Chromium: on PGlite in `dataDir`, or on the PostgreSQL database `databaseUrl`. Answers once
 * GET /auth/user does.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { projectRoot } from '../server/project-root.ts';

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface BenchServer {
  baseURL: string;
  stop: () => Promise<void>;
}

export async function startBenchServer(options: {
  dataDir: string;
  adminPassword: string;
  databaseUrl?: string | undefined;
  /** Another built checkout to serve (an A/B against a baseline build); this one's by default. */
  root?: string | undefined;
}): Promise<BenchServer> {
  const root = options.root ?? projectRoot();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    CHURCHKEY_ADMIN_PASSWORD: options.adminPassword,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, [join(root, 'build', 'server', 'server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const answer = await fetch(`${baseURL}/auth/user`).catch(() => undefined);
    if (answer?.status === 401) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** A call to the server's API in the page's session, acting as analyst 0 (the bench's own); its answer parsed. */
export async function pageApi<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await page.request.fetch(path, {
    method,
    headers: { 'x-churchkey-analyst': '0' },
    ...(body === undefined ? {} : { data: body }),
  });
  if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** On a fresh server: the bench's analyst ("Bench Analyst", an administrator), an organization and an incident; its id. */
export async function benchAnalystIncident(page: Page): Promise<number> {
  await pageApi(page, 'POST', '/api/analyst/primary', { name: 'Bench Analyst', email: 'bench@example.com' });
  const { organization } = await pageApi<{ organization: { id: number } }>(page, 'POST', '/api/organization', {
    name: 'Bench organization',
  });
  const { incident } = await pageApi<{ incident: { id: number } }>(
    page,
    'POST',
    `/api/organization/${organization.id}/incident`,
    { name: 'Bench incident' },
  );
  return incident.id;
}
