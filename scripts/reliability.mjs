#!/usr/bin/env node
/*
 * `npm run test:reliability`: the reliability and security suite at full size (fuzzing, the access
 * matrix, crashes during import and search rebuild, load, two servers on one PostgreSQL, offline
 * writes across a killed browser, CSP and stored XSS), then its figures into bench/RESULTS.md.
 * `--short` runs the same checks at CI size (scripts/test.mjs does) and leaves RESULTS.md alone.
 * `--no-build` skips the build when the caller has just built. Prints "N passed, N failed" last
 * and writes the counts to .tmp/reliability-summary.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = join(root, '.tmp');
const figuresDir = join(tmp, 'reliability');
const short = process.argv.includes('--short');
const build = !process.argv.includes('--no-build');
const env = { ...process.env, RELIABILITY_SCALE: short ? 'short' : 'full', CHURCHKEY_SKIP_BUILD: '1' };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

mkdirSync(tmp, { recursive: true });
rmSync(figuresDir, { recursive: true, force: true });
let passed = 0;
let failed = 0;

function run(command, args, extraEnv = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } }).status === 0;
}
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

if (build && !run(npm, ['run', '--silent', 'build'])) failed += 1;

const vitestReport = join(tmp, 'reliability-vitest.json');
rmSync(vitestReport, { force: true });
const vitestOk = run(process.execPath, [
  join(root, 'node_modules', 'vitest', 'vitest.mjs'),
  'run',
  '--config',
  'vitest.reliability.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
passed += vitest?.numPassedTests ?? 0;
failed += vitest?.numFailedTests ?? 0;
if (!vitestOk && !(vitest?.numFailedTests > 0)) failed += 1;

const playwrightReport = join(tmp, 'reliability-playwright.json');
rmSync(playwrightReport, { force: true });
const e2eOk = run(
  process.execPath,
  [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--config', 'playwright.reliability.config.ts', '--pass-with-no-tests', '--reporter=list,json'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
);
const e2e = readJson(playwrightReport);
passed += (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
failed += e2e?.stats?.unexpected ?? 0;
if (!e2eOk && !(e2e?.stats?.unexpected > 0)) failed += 1;

const parts = existsSync(figuresDir)
  ? readdirSync(figuresDir)
      .filter((name) => name.endsWith('.md'))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .map((name) => readFileSync(join(figuresDir, name), 'utf8').trim())
  : [];
const cpu = cpus();
const machine = `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const body = parts.join('\n\n');
console.log(`\n${body}\n`);

if (!short && parts.length > 0) {
  const resultsPath = join(root, 'bench', 'RESULTS.md');
  const section =
    `<!-- reliability -->\n## Reliability and security (\`npm run test:reliability\`)\n\n` +
    `Written on ${new Date().toISOString().slice(0, 10)} by a full run of ${minutes} min: ${passed} checks passed, ${failed} failed. ` +
    `Machine: ${machine}. Every figure is one run on this shared machine.\n\n${body}\n<!-- /reliability -->`;
  const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n';
  const marked = /<!-- reliability -->[\s\S]*?<!-- \/reliability -->/;
  const next = marked.test(previous) ? previous.replace(marked, section) : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(resultsPath, next);
  console.log(`Figures written to bench/RESULTS.md (section "reliability").`);
}

const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(tmp, 'reliability-summary.json'), JSON.stringify({ passed, failed }));
console.log(`reliability suite (${short ? 'short form' : 'full'}, ${minutes} min): ${summary}`);
process.exit(failed > 0 ? 1 : 0);
