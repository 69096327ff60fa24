/*
 * The names of the tests that failed (and those Playwright passed only on a retry), read from the
 * Vitest and Playwright JSON reports, so a run's last lines say which tests they were: CI keeps only
 * the tail of the output, where the summary is.
 */
import { relative } from 'node:path';

/** The first lines of a failure's message (up to its call log or stack), on one line. */
const reasonOf = (text) => {
  const lines = String(text ?? '')
    // Colour codes from the reporters' messages.
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim());
  const end = lines.findIndex((line) => line.startsWith('Call log') || line.startsWith('at '));
  return (end === -1 ? lines : lines.slice(0, end))
    .filter((line) => line !== '')
    .slice(0, 5)
    .join(' | ')
    .slice(0, 400);
};

/** Lines "✘ file › test: reason" for each failed Vitest test, or file that failed to load. */
export function vitestFailures(report, root) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      lines.push(`✘ ${name} › ${test.fullName ?? test.title}: ${reasonOf(test.failureMessages?.[0])}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') lines.push(`✘ ${name}: ${reasonOf(file.message)}`);
  }
  return lines;
}

/** Lines for each Playwright test that failed (✘) or passed only on a retry (flaky, ~). */
export function playwrightFailures(report) {
  const lines = [];
  const walk = (suite, titles) => {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failedRun = (test.results ?? []).find(
          (result) => result.status !== 'passed' && result.status !== 'skipped',
        );
        const where = `${spec.file}:${spec.line}${test.projectName ? ` [${test.projectName}]` : ''}`;
        const reason = reasonOf(failedRun?.error?.message ?? failedRun?.errors?.[0]?.message);
        const mark = test.status === 'flaky' ? '~ (passed on retry)' : '✘';
        lines.push(`${mark} ${where} › ${[...path, spec.title].join(' › ')}: ${reason}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return lines;
}
