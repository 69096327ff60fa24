/*
 * JSON Lines with a chosen field mapping (issue 5): the Timesketch JSON Lines fixture read as plain
 * JSON Lines, its fields picked from the first rows' keys; then the same file with its numeric
 * `timestamp` field (microseconds) as start time, which lands in 1970, so the stream panel refuses
 * to shift it earlier.
 */
import { join } from 'node:path';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { api, collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { chooseColorMode, newIncident } from './stream-session.ts';

const FIXTURE = join(FIXTURES_DIR, 'events', 'timesketch_sigma_events.jsonl');

test('a JSON Lines file is imported with the fields the analyst maps', async ({ page }, testInfo) => {
  const dialogs = collectDialogs(page);
  const session = await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'JSONL');
  await page.goto(`/incident/${incidentID}/create-stream`);
  await page.getByLabel('Evidence file').setInputFiles(FIXTURE);
  await expect(page.locator('[data-summary="format"]')).toHaveText('Timesketch JSON Lines');

  await page.getByLabel('Read as').selectOption('jsonl');
  const start = page.getByLabel('Start time field (required)');
  // Read as plain JSON, the start time is chosen from the values: the field whose values are dates.
  await expect(start).toHaveValue('datetime');
  await start.selectOption({ label: 'Choose a field' });
  await expect(page.getByRole('alert').filter({ hasText: 'Choose the field that holds the start time' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeHidden();
  // Fields of later rows are offered too (only the fourth line has "command").
  await expect(page.getByLabel('Actor field').locator('option', { hasText: 'command' })).toHaveCount(1);
  await start.selectOption('datetime');
  await page.getByLabel('Actor field').selectOption('timestamp_desc');
  await page.getByLabel('Message field').selectOption('message');
  await expect(page.locator('[data-summary="format"]')).toHaveText('JSON');
  const firstRows = page.getByRole('table', { name: 'First rows' });
  await expect(firstRows.getByRole('row').nth(1)).toContainText('2015-07-24 19:01:01');
  await expect(firstRows.getByRole('row').nth(1)).toContainText('Write time');
  await expect(firstRows.getByRole('row').nth(1)).toContainText('A message');
  await expect(page.locator('[data-summary="valid"]')).toHaveText('5');
  await page.screenshot({ path: testInfo.outputPath('create-stream-jsonl-light.png'), fullPage: true });
  await chooseColorMode(page, session.analyst.name, 'dark');
  await page.screenshot({ path: testInfo.outputPath('create-stream-jsonl-dark.png'), fullPage: true });

  await page.getByRole('textbox', { name: 'Stream name' }).fill('Sigma events');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'events imported' })).toContainText(
    '5 events imported from the JSON file',
  );
  const payload = await api<{
    incident: {
      streams: { name: string; importFormat: string | null; eventCount: number }[];
      actors: { name: string }[];
    };
  }>(page.request, 'GET', `/api/incident/${incidentID}`);
  expect(payload.incident.streams.find((stream) => stream.name === 'Sigma events')).toMatchObject({
    importFormat: 'jsonl',
    eventCount: 5,
  });
  expect(payload.incident.actors.map((actor) => actor.name).sort()).toEqual(['Creation Time', 'Write time', 'foo']);
  expect(dialogs).toEqual([]);
});

test('a numeric time field counts microseconds; 1970 events cannot be shifted before 1970', async ({ page }) => {
  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'JSONL');
  await page.goto(`/incident/${incidentID}/create-stream`);
  await page.getByLabel('Evidence file').setInputFiles(FIXTURE);
  await page.getByLabel('Read as').selectOption('jsonl');
  await page.getByLabel('Start time field (required)').selectOption('timestamp');
  // 123456789 and 1642892863502205 together: told apart by size, the small one reads as seconds.
  await expect(page.getByLabel('Numeric times count')).toHaveValue('auto');
  await page.getByLabel('Numeric times count').selectOption('microseconds');
  const firstRows = page.getByRole('table', { name: 'First rows' });
  await expect(firstRows.getByRole('row').nth(1)).toContainText('1970-01-01 00:02:03');
  await page.getByLabel('Numeric times count').selectOption('seconds');
  // In seconds the last line's 16 digits are no time: it becomes an invalid row.
  await expect(page.locator('[data-summary="invalid"]')).toHaveText('1');
  await page.getByLabel('Numeric times count').selectOption('microseconds');
  await expect(page.locator('[data-summary="invalid"]')).toHaveText('0');
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('link', { name: 'Open the stream' }).click();

  await expect(page.locator('[data-stream-fact="range"]')).toContainText('1970-01-01 00:02:03.456 –');
  const offset = page.getByRole('textbox', { name: 'Offset', exact: true });
  await offset.fill('-1h');
  await expect(page.locator('[data-stream-panel]').getByRole('alert')).toHaveText('would move events before 1970');
  await expect(page.locator('[data-stream-panel]').getByRole('button', { name: 'Apply' })).toBeDisabled();
  await offset.fill('-2m');
  await expect(page.locator('[data-stream-panel]').getByRole('button', { name: 'Apply' })).toBeEnabled();
  await expect(page.locator('[data-offset="new-range"]')).toContainText('1970-01-01 00:00:03.456 –');
});
