/*
 * The main thread during a preview: family samples of about 100 MB chosen in the create-stream page
 * of the built app in headless Chromium (the built server on PGlite), previewed by the Comlink worker
 * with no settings, while a PerformanceObserver records long tasks and rAF the gaps between frames.
 * A family the preview does not read yet shows "Not supported"; that is reported, not failed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchBenchChromium } from './bench-browser.ts';
import { readStallWatch, resetStallWatch, STALL_WATCH } from './stall-watch.ts';
import { benchAnalystIncident, startBenchServer } from './bench-server.ts';
import type { FamilySample } from './family-sample-values.ts';
import { writeSample } from './family-samples.ts';

export interface PageRow {
  readonly family: string;
  readonly mb: number;
  readonly previewMillis: number;
  readonly longestTaskMillis: number;
  readonly longestFrameGapMillis: number;
  /** The preview's answer: its valid-row count, or the alert it showed. */
  readonly outcome: string;
}

const PASSWORD = 'import-families-bench-password';
const WAIT_MILLIS = 10 * 60_000;
const OPEN_MILLIS = 60_000;

async function preview(page: Page, incidentPath: string, file: string): Promise<Omit<PageRow, 'family' | 'mb'>> {
  await page.goto(incidentPath);
  // The app may first ask which analyst is at the keyboard; wait for that or the page itself.
  const analyst = page.getByRole('button', { name: 'Bench Analyst', exact: true });
  const heading = page.getByRole('heading', { name: 'Create a stream from evidence' });
  try {
    await heading.or(analyst).first().waitFor({ timeout: OPEN_MILLIS });
    if (await analyst.isVisible()) await analyst.click();
    await heading.waitFor({ timeout: OPEN_MILLIS });
  } catch (error) {
    const shown = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 300);
    throw new Error(
      `the create-stream page did not open (${page.url()} shows "${shown}"): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      { cause: error },
    );
  }
  await resetStallWatch(page);
  const started = performance.now();
  await page.getByLabel('Evidence file').setInputFiles(file);
  const counted = page.locator('[data-summary="valid"]').filter({ hasText: /\d/ });
  const refused = page.getByRole('alert').filter({ hasText: /Not supported|cannot be imported|preview failed/ });
  await counted.or(refused).first().waitFor({ timeout: WAIT_MILLIS });
  await page.getByRole('progressbar').first().waitFor({ state: 'hidden', timeout: WAIT_MILLIS });
  const previewMillis = performance.now() - started;
  const watch = await readStallWatch(page);
  const outcome = (await counted.isVisible())
    ? `${(await counted.textContent())?.trim()} valid rows`
    : ((await refused.first().textContent())?.trim() ?? 'no answer');
  return { previewMillis, longestTaskMillis: watch.longestTask, longestFrameGapMillis: watch.longestFrameGap, outcome };
}

export async function runPageBench(
  samples: readonly FamilySample[],
  mb: number,
  log: (line: string) => void,
): Promise<{ rows: PageRow[]; browser: string }> {
  const work = await mkdtemp(join(tmpdir(), 'churchkey-families-page-'));
  const server = { stop: async () => {} };
  const browser = await launchBenchChromium();
  try {
    const running = await startBenchServer({
      dataDir: join(work, 'data'),
      adminPassword: PASSWORD,
      databaseUrl: undefined,
    });
    server.stop = running.stop;
    // A fresh browser context (storage, mirror, worker) per file: a second visit of the screen in one
    // context showed the incident instead of the form.
    const signedIn = async () => {
      const context = await browser.newContext({ baseURL: running.baseURL });
      await context.addInitScript({ content: STALL_WATCH });
      const login = await context.request.post('/auth/login', { data: { username: 'admin', password: PASSWORD } });
      if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT_MILLIS);
      return page;
    };
    const page = await signedIn();
    const incidentID = await benchAnalystIncident(page);
    const rows: PageRow[] = [];
    for (const sample of samples) {
      const file = join(work, sample.fileName);
      try {
        const written = await writeSample(sample, file, mb * 1e6);
        const tab = await signedIn();
        const result = await preview(tab, `/incident/${incidentID}/create-stream`, file).finally(() =>
          tab.context().close(),
        );
        const row = { family: sample.family, mb: written.bytes / 1e6, ...result };
        log(
          `  ${row.family} (${row.mb.toFixed(0)} MB): preview ${(row.previewMillis / 1000).toFixed(1)} s, longest task ${row.longestTaskMillis.toFixed(0)} ms, longest frame gap ${row.longestFrameGapMillis.toFixed(0)} ms; ${row.outcome}`,
        );
        rows.push(row);
      } finally {
        await rm(file, { force: true });
      }
    }
    return { rows, browser: browser.version() };
  } finally {
    await browser.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}
