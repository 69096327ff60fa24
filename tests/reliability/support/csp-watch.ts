/*
 * Watches a page for Content-Security-Policy violations and errors: the document's
 * `securitypolicyviolation` events (reported through the console by an init script), the console
 * of the page, of every dedicated worker and of the service worker (where Chromium reports what
 * it refused, "Refused to …"), and uncaught page errors. Workers started are listed too, so a test
 * can show the pictures' workers really ran under the policy.
 */
import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';

export interface CspWatch {
  /** Everything refused by the policy, as Chromium or the event described it. */
  violations: string[];
  /** Console errors and uncaught exceptions that are not CSP reports. */
  errors: string[];
  /** URLs of the dedicated workers the page started. */
  workers: string[];
}

const CSP_REPORT = /Content Security Policy|Refused to|CSP violation/i;

export async function watchCsp(context: BrowserContext, page: Page): Promise<CspWatch> {
  const watch: CspWatch = { violations: [], errors: [], workers: [] };
  const onConsole = (where: string) => (message: ConsoleMessage) => {
    const text = `${where}: ${message.text()}`;
    if (CSP_REPORT.test(message.text())) watch.violations.push(text);
    else if (message.type() === 'error') watch.errors.push(text);
  };
  page.on('console', onConsole('page'));
  page.on('pageerror', (error) =>
    (CSP_REPORT.test(error.message) ? watch.violations : watch.errors).push(`page error: ${error.message}`),
  );
  page.on('worker', (worker) => {
    watch.workers.push(worker.url());
    worker.on('console', onConsole(`worker ${worker.url()}`));
    // NOTE: Chromium's own "Refused to …" lines of a worker do not reach Playwright; its event does.
    // Listening starts once Playwright sees the worker, so only what the worker refuses later is caught.
    worker
      .evaluate(() => {
        self.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      })
      .catch(() => undefined);
  });
  context.on('serviceworker', (worker) => worker.on('console', onConsole('service worker')));
  for (const worker of context.serviceWorkers()) worker.on('console', onConsole('service worker'));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return watch;
}
