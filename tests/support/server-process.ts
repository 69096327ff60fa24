/*
 * The real server as a child process (node build/server/server.js), for tests of what crosses
 * process boundaries: two servers on one database, restarts. Builds the server first if needed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { projectRoot } from '../../server/project-root.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function buildServer(): void {
  const root = projectRoot();
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.server.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

const BUILD_WAIT_MS = 600_000;

/**
 * Compiles the server (build/server) once per test run: the first test process to ask compiles,
 * the others wait for it (each compile is 5-20 s of one core even with nothing to do). Skipped when
 * the caller has just built (CHURCHKEY_SKIP_BUILD=1: `npm test` after its type check emitted it).
 */
export function ensureServerBuilt(): void {
  if (existsSync(join(projectRoot(), 'build', 'server', 'server.js')) && process.env.CHURCHKEY_SKIP_BUILD === '1')
    return;
  const runDir = inject('testRunDir');
  if (!runDir) return buildServer();
  const done = join(runDir, 'server-built');
  try {
    mkdirSync(join(runDir, 'server-build'));
  } catch {
    // Another test process of this run compiles it: wait for its word.
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + BUILD_WAIT_MS;
    while (!existsSync(done)) {
      if (Date.now() > deadline) throw new Error('the server build of another test file did not end');
      Atomics.wait(sleeper, 0, 0, 200);
    }
    if (readFileSync(done, 'utf8') !== 'ok') throw new Error('the server build failed in another test file');
    return;
  }
  try {
    buildServer();
    writeFileSync(done, 'ok');
  } catch (error) {
    writeFileSync(done, 'failed');
    throw error;
  }
}

/** `startTimeoutMs`: how long the start may take (a restart after a kill replays PGlite's WAL first). */
export function startServerProcess(env: Record<string, string>, startTimeoutMs = 60_000): Promise<ServerProcess> {
  const root = projectRoot();
  const child = spawn(process.execPath, [join(root, 'build', 'server', 'server.js')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${startTimeoutMs} ms:\n${output}`)),
      startTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is running: (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          child,
          output: () => output,
          stop: (signal = 'SIGTERM') =>
            new Promise<void>((done) => {
              // NOTE: a process ended by a signal keeps exitCode null (signalCode says why).
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill(signal);
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
