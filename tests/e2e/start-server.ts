/*
 * Starts the built server (`node build/server/server.js`, as users run it) on a free port with a
 * fresh data directory, and waits until GET /auth/user answers. Specs that need other settings
 * (an OIDC provider, demo data) pass their own env; each call is one isolated server.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_ENTRY = join(PROJECT_ROOT, 'build/server/server.js');
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'correct-horse-battery';

/**
 * A new data directory is migrated at start: 3-8 s on a quiet machine, over 60 s at load 25-30 on
 * the shared 2-core one (s16's whole run: every test of two workers failed on it at once).
 */
export const READY_TIMEOUT_MS = 150_000;

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface StartServerOptions {
  /** Added to (and overriding) the defaults: local sign-in, admin password, no demo data. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'churchkey-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CHURCHKEY_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`the server exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${baseURL}/auth/user`);
      if (response.status === 401) break;
      throw new Error(`GET /auth/user answered ${response.status} before anyone signed in`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('GET /auth/user')) {
        await stop();
        throw error;
      }
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseURL, dataDir, output: () => output, stop };
}
