/*
 * A Chromium we start ourselves on a kept profile directory, so a test can kill it the way a crash
 * or an out-of-memory killer does (SIGKILL to its whole process group: no unload, no flush), then
 * start another on the same profile. Playwright drives it over CDP; its own launchers only close
 * browsers gracefully.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import base from '../../../playwright.config.ts';

export interface KillableChromium {
  browser: Browser;
  /** The profile's own context (cookies, IndexedDB, service workers of the profile directory). */
  context: BrowserContext;
  pid: number;
  /** SIGKILL to the browser and every process it started; resolves once the browser process is gone. */
  kill(): Promise<void>;
}

const DEVTOOLS_LINE = /DevTools listening on (ws:\/\/\S+)/;

export async function launchKillableChromium(profileDir: string): Promise<KillableChromium> {
  // A laptop's window, as the other specs' viewport: Chromium's default 800x600 lays the incident out
  // for a tablet, where the event panel is a modal sheet over the toolbar.
  const args = [
    ...(base.use?.launchOptions?.args ?? []),
    // What Playwright's own launcher adds, so this browser behaves as the other specs' do: no small
    // /dev/shm (a container's 64 MB) for renderers, no timers or renderers slowed in the background.
    '--disable-dev-shm-usage',
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
    '--remote-debugging-port=0',
    '--window-size=1440,900',
    `--user-data-dir=${profileDir}`,
    'about:blank',
  ];
  // detached: its own process group, so one kill reaches the renderers, the GPU and utility processes too.
  const child: ChildProcess = spawn(base.use?.launchOptions?.executablePath ?? '/usr/bin/chromium', args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = DEVTOOLS_LINE.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it was ready:\n${output}`));
    });
  });
  // Keep reading stderr so a chatty browser never blocks on a full pipe.
  child.stderr!.on('data', () => undefined);
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  const pid = child.pid!;
  let killed = false;
  return {
    browser,
    context,
    pid,
    async kill() {
      // Once, and only while it runs: a test's clean-up kills every browser it started, and by then a
      // dead one's group id may belong to another process (pid_max is 32768 on these machines, and a CI
      // run starts thousands of processes).
      if (!killed && child.exitCode === null && child.signalCode === null) {
        killed = true;
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await exited;
    },
  };
}
