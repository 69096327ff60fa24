/*
 * The stream panel (issue 5 part 5): a HAR imported through the create-stream page, then its clock
 * shifted by +90 s: previewed (raw → shifted), applied (the time range moves), undone (button and
 * Ctrl+Z); offsets that cannot be read or would move events before 1970 are refused beside the field.
 */
import type { Page } from '@playwright/test';
import { collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { chooseColorMode, importThroughPage } from './stream-session.ts';

const fact = (page: Page, name: string) => page.locator(`[data-stream-fact="${name}"]`);

test('a stream is shifted by +90 s: previewed, applied, undone; bad offsets are refused beside the field', async ({
  page,
}, testInfo) => {
  const dialogs = collectDialogs(page);
  const session = await openAsAdmin(page, '/');
  await importThroughPage(page, 'har/firefox111_mitmproxy.har');
  await page.getByRole('link', { name: 'Open the stream' }).click();

  const panel = page.locator('[data-stream-panel]');
  await expect(panel.getByRole('heading', { name: 'Stream firefox111_mitmproxy.har' })).toBeVisible();
  await expect(fact(page, 'format')).toHaveText('HAR');
  await expect(fact(page, 'events')).toHaveText('14');
  await expect(fact(page, 'source').getByRole('link', { name: 'firefox111_mitmproxy.har' })).toHaveAttribute(
    'href',
    /\/api\/upload\/\d+\/content$/,
  );
  // 2023-03-29T16:58:59.303-07:00 is 23:58:59.303 UTC; all 14 requests within 340 ms.
  await expect(fact(page, 'range')).toContainText('2023-03-29 23:58:59.303 –');
  await expect(fact(page, 'offset')).toHaveText('0s');

  const preview = page.getByRole('table', { name: 'Offset preview' });
  await expect(preview.getByRole('row')).toHaveCount(15);
  const offset = page.getByRole('textbox', { name: 'Offset', exact: true });
  await offset.fill('+90s');
  await expect(page.locator('[data-offset="parsed"]')).toContainText(
    'Reads as +1m 30s (90,000,000 µs): events move 1m 30s later',
  );
  const firstRow = preview.getByRole('row').nth(1);
  await expect(firstRow.locator('[data-preview="raw"]')).toHaveText('2023-03-29 23:58:59.303');
  await expect(firstRow.locator('[data-preview="shifted"]')).toHaveText('2023-03-30 00:00:29.303');
  await expect(page.locator('[data-offset="new-range"]')).toContainText('2023-03-30 00:00:29.303 –');
  // Nothing changes before Apply.
  await expect(fact(page, 'range')).toContainText('2023-03-29 23:58:59.303 –');
  await page.screenshot({ path: testInfo.outputPath('stream-offset-preview-light.png'), fullPage: true });
  await chooseColorMode(page, session.analyst.name, 'dark');
  await page.screenshot({ path: testInfo.outputPath('stream-offset-preview-dark.png'), fullPage: true });

  await page.locator('[data-stream-panel]').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'applied' })).toHaveText(
    'Clock offset +1m 30s applied: events move 1m 30s later.',
  );
  await expect(fact(page, 'range')).toContainText('2023-03-30 00:00:29.303 –');
  await expect(fact(page, 'offset')).toHaveText('+1m 30s');
  // The raw time stays what the source said.
  await expect(firstRow.locator('[data-preview="raw"]')).toHaveText('2023-03-29 23:58:59.303');

  await page.locator('[data-stream-panel]').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone' })).toHaveText(
    'Undone: the clock offset is 0s again.',
  );
  await expect(fact(page, 'range')).toContainText('2023-03-29 23:58:59.303 –');
  await expect(fact(page, 'offset')).toHaveText('0s');
  await expect(page.locator('[data-stream-panel]').getByRole('button', { name: 'Undo' })).toBeDisabled();

  // Renaming: an empty name is refused beside the field; a new one shows in the heading.
  const name = page.getByRole('textbox', { name: 'Stream name' });
  await name.fill('  ');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(panel.getByRole('alert')).toHaveText('is required');
  await name.fill('Firefox capture');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(panel.getByRole('heading', { name: 'Stream Firefox capture' })).toBeVisible();

  // Ctrl+Z in the panel (not in the field) undoes too.
  await offset.fill('-250ms');
  await page.locator('[data-stream-panel]').getByRole('button', { name: 'Apply' }).click();
  await expect(fact(page, 'offset')).toHaveText('-250ms');
  await expect(fact(page, 'range')).toContainText('2023-03-29 23:58:59.053 –');
  // The focus moved to Undo (Apply turned disabled), so it is still in the panel.
  await expect(page.locator('[data-stream-panel]').getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(fact(page, 'offset')).toHaveText('0s');
  await expect(fact(page, 'range')).toContainText('2023-03-29 23:58:59.303 –');

  // Refused beside the field, with Apply off: unreadable, unitless, beyond a year, before 1970.
  for (const [typed, reason] of [
    ['soon', 'cannot read "soon"'],
    ['90', '"90" has no unit'],
    ['400d', 'is more than 365 days'],
  ] as const) {
    await offset.fill(typed);
    await expect(panel.getByRole('alert')).toContainText(reason);
    await expect(page.locator('[data-stream-panel]').getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(offset).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.locator('[data-offset="new-range"]')).toContainText('—');
  await page.screenshot({ path: testInfo.outputPath('stream-offset-error-dark.png'), fullPage: true });

  // Escape in the field leaves the panel open; the close button goes back to the incident view.
  await offset.press('Escape');
  await expect(panel).toBeVisible();
  await page.getByRole('button', { name: 'Close the stream panel' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/incident\/\d+$/);
  expect(dialogs).toEqual([]);
});

test('with no network, the stream panel shows the device copy of the stream, and says changes need the server', async ({
  page,
  context,
}) => {
  await openAsAdmin(page, '/');
  await importThroughPage(page, 'events/m365_defender_activity_log.csv');
  await page.getByRole('link', { name: 'Open the stream' }).click();
  await expect(fact(page, 'events')).toHaveText('15');
  // The incident page beside the panel fills this device's mirror; a service worker serves the shell.
  await expect(page.getByTestId('sync-status')).toContainText('Last synced', { timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const range = await fact(page, 'range').textContent();

  await context.setOffline(true);
  await page.reload();
  const panel = page.locator('[data-stream-panel]');
  await expect(panel.locator('[data-stream-offline]')).toContainText('Offline: shown from this device');
  await expect(fact(page, 'events')).toHaveText('15');
  await expect(fact(page, 'range')).toHaveText(range!);
  await expect(page.getByRole('table', { name: 'Offset preview' }).getByRole('row')).toHaveCount(16);
  // A change reaches for the server and says it got no answer, beside the field.
  await page.getByRole('textbox', { name: 'Offset', exact: true }).fill('+1s');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByRole('alert')).toContainText('got no answer');
  await context.setOffline(false);
});
