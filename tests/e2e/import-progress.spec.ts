/*
 * A log big enough that the server works on it for a while after the upload: the page shows how far
 * the server has come (percent and rows, from GET /api/import/progress/{token}), not only a spinner.
 */
import { writeFile } from 'node:fs/promises';
import { collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { newIncident } from './stream-session.ts';

const ROWS = 60_000;

test('the create-stream page shows the server import moving, in percent and rows, then the result', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const dialogs = collectDialogs(page);
  const lines = ['time\tactor\tmessage'];
  const start = Date.UTC(2026, 0, 5, 8, 0, 0);
  for (let row = 0; row < ROWS; row += 1)
    lines.push(`${new Date(start + row * 1000).toISOString()}\tactor-${row % 7}\tline ${row} of the proxy log`);
  const path = testInfo.outputPath('proxy-log.tsv');
  await writeFile(path, `${lines.join('\n')}\n`);

  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'Progress');
  await page.goto(`/incident/${incidentID}/create-stream`);
  await page.getByLabel('Evidence file').setInputFiles(path);
  // Numbers are shown in the browser's locale: en-US in Playwright's Chromium.
  await expect(page.locator('[data-summary="valid"]')).toHaveText(ROWS.toLocaleString('en-US'), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  const serverBar = page.getByRole('progressbar', { name: 'Importing on the server' });
  await expect(serverBar).toHaveAttribute('aria-valuenow', /^\d+$/, { timeout: 60_000 });
  await expect(
    page.getByRole('status').filter({ hasText: /Importing on the server: \d+% · [1-9][\d,]* rows/ }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('server-progress.png') });
  await expect(page.locator('[data-result="imported"]')).toHaveText(ROWS.toLocaleString('en-US'), { timeout: 120_000 });
  await expect(serverBar).toBeHidden();
  expect(dialogs).toEqual([]);
});
