#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then run the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

// 1. Packages: install when node_modules is missing or older than the lock file.
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || newestMtime(lock) > newestMtime(installed)) {
  console.log('Installing packages (npm ci) …');
  if (!run(npm, ['ci', '--no-audit', '--no-fund'])) {
    console.error('Could not install the packages; see the npm output above.');
    process.exit(1);
  }
}

// 2. Build: when any source is newer than the last build.
const stamp = join(root, 'build', '.start-stamp');
const sources = [
  'src',
  'server',
  'domain',
  'workers',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'package-lock.json',
];
const newestSource = Math.max(...sources.map((path) => newestMtime(join(root, path))));
const built = existsSync(join(root, 'dist', 'index.html')) && existsSync(join(root, 'build', 'server', 'server.js'));
if (!built || newestSource > newestMtime(stamp)) {
  console.log('Building the app and the server …');
  if (!run(npm, ['run', 'build'])) {
    console.error('The build failed; see the output above.');
    process.exit(1);
  }
  writeFileSync(stamp, new Date().toISOString());
}

// 3. Serve, passing signals on so Ctrl-C stops the server cleanly.
const server = spawn(process.execPath, [join(root, 'build', 'server', 'server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
