/*
 * /incident/{id}/create-stream: the worker's preview of a HAR file (format, counts, first rows),
 * the import and its answer; then a file no importer reads, refused in the preview with its reason.
 */
import { join } from 'node:path';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { newIncident } from './stream-session.ts';

test('an administrator previews a HAR file, imports it, and is told why a binary file cannot be imported', async ({
  page,
}, testInfo) => {
  const dialogs = collectDialogs(page);
  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'Import');
  await page.goto(`/incident/${incidentID}/create-stream`);
  await expect(page.getByRole('heading', { name: 'Create a stream from evidence' })).toBeVisible();

  await page.getByLabel('Evidence file').setInputFiles(join(FIXTURES_DIR, 'har', 'firefox111_mitmproxy.har'));
  await expect(page.locator('[data-summary="format"]')).toHaveText('HAR');
  await expect(page.locator('[data-summary="valid"]')).toHaveText('14');
  await expect(page.locator('[data-summary="invalid"]')).toHaveText('0');
  const firstRows = page.getByRole('table', { name: 'First rows' });
  // The header, 14 entries and the page, shown as a marker.
  await expect(page.locator('[data-summary="markers"]')).toHaveText('1');
  await expect(firstRows.getByRole('row')).toHaveCount(16);
  await expect(firstRows.getByRole('row').filter({ hasText: '(marker)' })).toHaveCount(1);
  await expect(page.getByLabel('Stream name')).toHaveValue('firefox111_mitmproxy.har');
  await expect(page.getByRole('progressbar')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('import-preview.png'), fullPage: true });

  await page.getByRole('button', { name: 'Import' }).click();
  const status = page.getByRole('status').filter({ hasText: 'events imported' });
  await expect(status).toContainText('14 events imported from the HAR file');
  await expect(page.locator('[data-result="imported"]')).toHaveText('14');
  await expect(page.getByText('Stream firefox111_mitmproxy.har: 14 events')).toBeVisible();

  // A file no importer reads: the reason shows and nothing can be imported.
  await page.getByLabel('Evidence file').setInputFiles({
    name: 'a.out',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0]),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Not supported' })).toContainText('A binary file');
  await expect(page.locator('[data-summary="format"]')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Import' })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'events imported' })).toBeHidden();
  expect(dialogs).toEqual([]);
});

test('a delimited file shows its columns, and its mapping and time zone can be changed before importing', async ({
  page,
}) => {
  const dialogs = collectDialogs(page);
  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'Mapping');
  await page.goto(`/incident/${incidentID}/create-stream`);

  await page.getByLabel('Evidence file').setInputFiles(join(FIXTURES_DIR, 'events', 'm365_defender_activity_log.csv'));
  await expect(page.locator('[data-summary="delimiter"]')).toHaveText('Comma');
  await expect(page.locator('[data-summary="columns"]')).toContainText('Event ID, Category, Description, User');
  await expect(page.getByLabel('Start time (required)')).toHaveValue(/\d+/);

  // Without a start time column nothing can be imported; choosing one previews again.
  await page.getByLabel('Start time (required)').selectOption({ label: 'Choose a column' });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Choose the column that holds the start time' }),
  ).toBeVisible();
  await page.getByLabel('Start time (required)').selectOption('8');
  await page.getByLabel('Actor', { exact: true }).selectOption('3');
  // Each column is offered with its first value, so the mapping shows what the column holds.
  await expect(page.getByLabel('Actor', { exact: true }).locator('option:checked')).toHaveText('4. User: test-user');
  await expect(page.getByRole('table', { name: 'First rows' }).getByRole('row').nth(1)).toContainText('test-user');

  // An unknown zone is refused beside the field; a known one is used.
  await page
    .getByRole('region', { name: 'Create a stream from evidence' })
    .getByLabel('Time zone')
    .fill('Mars/Olympus');
  await expect(page.getByText('is not a known time zone')).toBeVisible();
  await page
    .getByRole('region', { name: 'Create a stream from evidence' })
    .getByLabel('Time zone')
    .fill('Europe/Helsinki');
  await expect(page.getByText('is not a known time zone')).toBeHidden();
  await page.getByLabel('Stream name').fill('Defender log');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Stream Defender log:')).toBeVisible();
  const imported = Number(await page.locator('[data-result="imported"]').textContent());
  expect(imported).toBeGreaterThan(0);
  expect(dialogs).toEqual([]);
});
