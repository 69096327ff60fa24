#!/usr/bin/env node
/*
 * `npm run test:reliability`: the reliability and security suite at full size (fuzzing, the access
 * matrix, crashes during import and search rebuild, load, two servers on one PostgreSQL, offline
 * writes across a killed browser, CSP and stored XSS), then its figures into bench/RESULTS.md.
 * `--short` runs the same checks at CI size (scripts/test.mjs does) and leaves RESULTS.md alone.
 * `--no-build` skips the build when the caller has just built; `--assemble` only gathers the kept
 * figures into RESULTS.md; other arguments narrow the run to matching test files. Prints "N passed, N failed" last
 * and writes the counts to .tmp/reliability-summary.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightFailures, vitestFailures } from './failed-tests.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = join(root, '.tmp');
const figuresDir = join(tmp, 'reliability');
const short = process.argv.includes('--short');
const build = !process.argv.includes('--no-build');
// `--assemble` only gathers bench/reliability/*.md into RESULTS.md (after a rebase, say).
const assembleOnly = process.argv.includes('--assemble');
// Any other argument narrows the run to matching test files (passed to Vitest and Playwright).
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const keptDir = join(root, 'bench', 'reliability');
const env = { ...process.env, RELIABILITY_SCALE: short ? 'short' : 'full', CHURCHKEY_SKIP_BUILD: '1' };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

mkdirSync(tmp, { recursive: true });
rmSync(figuresDir, { recursive: true, force: true });
let passed = 0;
let failed = 0;
const failures = [];

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

function runSuite() {
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
    ...filters,
  ]);
  const vitest = readJson(vitestReport);
  passed += vitest?.numPassedTests ?? 0;
  failed += vitest?.numFailedTests ?? 0;
  failures.push(...vitestFailures(vitest, root));
  if (!vitestOk && !(vitest?.numFailedTests > 0)) failed += 1;

  const playwrightReport = join(tmp, 'reliability-playwright.json');
  rmSync(playwrightReport, { force: true });
  const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
  const e2eOk = run(
    process.execPath,
    [
      playwright,
      'test',
      '--config',
      'playwright.reliability.config.ts',
      '--pass-with-no-tests',
      '--reporter=list,json',
      ...filters,
    ],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  );
  const e2e = readJson(playwrightReport);
  passed += (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
  failed += e2e?.stats?.unexpected ?? 0;
  failures.push(...playwrightFailures(e2e));
  if (!e2eOk && !(e2e?.stats?.unexpected > 0)) failed += 1;
}
if (!assembleOnly) runSuite();

// The parts measured by this run, printed; after a full run, every kept part into bench/RESULTS.md.
const readParts = (dir, since = 0) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.md') && statSync(join(dir, name)).mtimeMs >= since)
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
        .map((name) => readFileSync(join(dir, name), 'utf8').trim())
    : [];
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (!assembleOnly) console.log(`\n${readParts(short ? figuresDir : keptDir, started).join('\n\n')}\n`);

if (!short) {
  const resultsPath = join(root, 'bench', 'RESULTS.md');
  const section =
    `<!-- reliability -->\n## Reliability and security (\`npm run test:reliability\`)\n\n` +
    `Each part below is the latest full run of its tests (bench/reliability/*.md, gathered here by scripts/reliability.mjs); ` +
    `its last line says when and on what machine. The goals are those of the reliability issue: 0 answers 5xx, every refusal holding, ` +
    `nothing partial after a crash, 0 errors under load, 0 writes lost.\n\n${readParts(keptDir).join('\n\n')}\n<!-- /reliability -->`;
  const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n';
  const marked = /<!-- reliability -->[\s\S]*?<!-- \/reliability -->/;
  const next = marked.test(previous)
    ? previous.replace(marked, () => section)
    : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(resultsPath, next);
  console.log('Figures gathered into bench/RESULTS.md (section "reliability").');
  if (assembleOnly) process.exit(0);
}

const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(tmp, 'reliability-summary.json'), JSON.stringify({ passed, failed, failures }));
if (failures.length > 0) console.log(failures.join('\n'));
console.log(`reliability suite (${short ? 'short form' : 'full'}, ${minutes} min): ${summary}`);
process.exit(failed > 0 ? 1 : 0);
