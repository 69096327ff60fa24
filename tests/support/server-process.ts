/*
 * The real server as a child process (node build/server/server.js), for tests of what crosses
 * process boundaries: two servers on one database, restarts. Builds the server first if needed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/project-root.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function ensureServerBuilt(): void {
  const root = projectRoot();
  if (existsSync(join(root, 'build', 'server', 'server.js')) && process.env.CHURCHKEY_SKIP_BUILD === '1') return;
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.server.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
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
