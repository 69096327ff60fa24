#!/usr/bin/env node
/*
 * `npm test`: type check, lint, unit and integration tests (Vitest; PostgreSQL too when
 * TEST_DATABASE_URL is set), then the end-to-end tests in Chromium (Playwright). Every step runs
 * even after a failure, so one run shows everything that is wrong; the last line sums the tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightFailures, vitestFailures } from './failed-tests.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const onlyFast = process.argv.includes('--no-e2e');

let passed = 0;
let failed = 0;
const steps = [];
// Which tests failed, printed with the summary (CI shows a run's last lines).
const failures = [];

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

/** Runs `commands` one after another, stopping at the first that fails, with their output joined. */
function runInTurn(commands) {
  const chunks = [];
  const next = async ([command, args], index) => {
    const code = await new Promise((resolve) => {
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
      child.once('error', (error) => {
        chunks.push(Buffer.from(`${String(error)}\n`));
        resolve(1);
      });
      child.once('close', resolve);
    });
    if (code !== 0 || index === commands.length - 1) return code === 0;
    return next(commands[index + 1], index + 1);
  };
  return next(commands[0], 0).then((ok) => ({ ok, output: Buffer.concat(chunks).toString() }));
}

/**
 * Runs `steps` side by side with their output held back, then prints each step's output whole, in
 * order. Type check, lint and build are each one single-threaded process, so on a two-core CI
 * machine two of them at once take half the time (64 + 63 + 18 s one after another in CI).
 */
async function concurrentSteps(list) {
  const runs = list.map(({ name, commands }) => {
    const started = Date.now();
    return runInTurn(commands).then(({ ok, output }) => ({ name, ok, output, started, ended: Date.now() }));
  });
  const results = [];
  for (const run of runs) {
    const result = await run;
    console.log(`\n▶ ${result.name}`);
    process.stdout.write(result.output);
    const seconds = ((result.ended - result.started) / 1000).toFixed(1);
    steps.push(`${result.ok ? '✔' : '✘'} ${result.name} (${seconds} s, beside the other checks)`);
    results.push(result.ok);
  }
  return results;
}

// Checks that are not test runners still fail the run; each counts as one test. The build (for the
// end-to-end tests) runs beside them and counts only when it fails.
/*
 * The type check of the server project is the build's server half: with the build in this run, it
 * emits build/server (tsc writes its output whether or not it finds errors, and fails alike), and
 * the build step makes only the app, so the server is not checked twice (`npm run typecheck` and
 * `npm run build` otherwise: the same checks and output).
 */
const tsc = [process.execPath, join(root, 'node_modules', 'typescript', 'bin', 'tsc')];
const typecheckCommands = [
  [npm, ['exec', '--', 'tsr', 'generate']],
  [tsc[0], [tsc[1], '-p', 'tsconfig.server.json', ...(onlyFast ? ['--noEmit'] : [])]],
  ...['app', 'workers', 'test'].map((project) => [tsc[0], [tsc[1], '-p', `tsconfig.${project}.json`, '--noEmit']]),
];
const [typecheckOk, lintOk, buildOk = true] = await concurrentSteps([
  { name: 'type check', commands: typecheckCommands },
  { name: 'lint', commands: [[npm, ['run', '--silent', 'lint']]] },
  ...(onlyFast ? [] : [{ name: 'build', commands: [[npm, ['run', '--silent', 'build:app']]] }]),
]);
for (const ok of [typecheckOk, lintOk]) {
  if (ok) passed += 1;
  else failed += 1;
}

const vitestReport = join(tmp, 'vitest.json');
rmSync(vitestReport, { force: true });
// The type check has just emitted build/server (unless --no-e2e), so the suites that run the
// compiled server or CLI need not compile it again (tests/support/server-process.ts).
const vitestOk = step(
  'unit and integration tests (Vitest)',
  process.execPath,
  [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${vitestReport}`,
  ],
  onlyFast ? {} : { CHURCHKEY_SKIP_BUILD: '1' },
);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  failures.push(...vitestFailures(vitest, root));
}
// A file that fails to load fails no test, but the run must still count as failed.
if (!vitestOk && !(vitest?.numFailedTests > 0)) failed += 1;

if (!onlyFast) {
  const playwrightReport = join(tmp, 'playwright.json');
  rmSync(playwrightReport, { force: true });
  if (!buildOk) failed += 1;
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
  failures.push(...playwrightFailures(e2e));
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
  failures.push(...(reliability?.failures ?? []).map((line) => `${line} (reliability suite)`));
  if (!reliabilityOk && !(reliability?.failed > 0)) failed += 1;
}

const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(tmp, 'test-summary.txt'), `${summary}\n`);
const failureList = failures.length > 0 ? `\n${failures.join('\n')}\n` : '';
console.log(`${failureList}\n${steps.join('\n')}\n${existsSync(vitestReport) ? '' : '(no Vitest report)\n'}${summary}`);
process.exit(failed > 0 ? 1 : 0);
