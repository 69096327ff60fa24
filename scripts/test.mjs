#!/usr/bin/env node
/*
 * `npm test`: type check, lint, unit and integration tests (Vitest; PostgreSQL too when
 * TEST_DATABASE_URL is set), then the end-to-end tests in Chromium (Playwright). Every step runs
 * even after a failure, so one run shows everything that is wrong; the last line sums the tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const onlyFast = process.argv.includes('--no-e2e');

let passed = 0;
let failed = 0;
const steps = [];

function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

// Checks that are not test runners still fail the run; each counts as one test.
for (const [name, script] of [
  ['type check', 'typecheck'],
  ['lint', 'lint'],
]) {
  if (step(name, npm, ['run', '--silent', script])) passed += 1;
  else failed += 1;
}

const vitestReport = join(tmp, 'vitest.json');
rmSync(vitestReport, { force: true });
const vitestOk = step('unit and integration tests (Vitest)', process.execPath, [
  join(root, 'node_modules', 'vitest', 'vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
// A file that fails to load fails no test, but the run must still count as failed.
if (!vitestOk && !(vitest?.numFailedTests > 0)) failed += 1;

if (!onlyFast) {
  const playwrightReport = join(tmp, 'playwright.json');
  rmSync(playwrightReport, { force: true });
  if (!step('build', npm, ['run', '--silent', 'build'])) failed += 1;
  const e2eOk = step(
    'end-to-end tests (Playwright in Chromium)',
    process.execPath,
    [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  );
  const e2e = readJson(playwrightReport);
  if (e2e?.stats) {
    passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected;
  }
  if (!e2eOk && !(e2e?.stats?.unexpected > 0)) failed += 1;

  // The reliability suite's short form (scripts/reliability.mjs --short), on the build just made.
  const reliabilityReport = join(tmp, 'reliability-summary.json');
  rmSync(reliabilityReport, { force: true });
  const reliabilityOk = step('reliability suite, short form', process.execPath, [
    join(root, 'scripts', 'reliability.mjs'),
    '--short',
    '--no-build',
  ]);
  const reliability = readJson(reliabilityReport);
  passed += reliability?.passed ?? 0;
  failed += reliability?.failed ?? 0;
  if (!reliabilityOk && !(reliability?.failed > 0)) failed += 1;
}

const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(tmp, 'test-summary.txt'), `${summary}\n`);
console.log(`\n${steps.join('\n')}\n${existsSync(vitestReport) ? '' : '(no Vitest report)\n'}${summary}`);
process.exit(failed > 0 ? 1 : 0);
