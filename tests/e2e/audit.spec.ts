/*
 * /audit/ui and /audit/data: newest first, filtered by analyst, action and time, paged with
 * `before`; the filters live in the URL.
 */
import { api, collectDialogs, openAsAdmin } from './app-session.ts';
import { newIncident } from './stream-session.ts';
import { expect, test } from './fixtures.ts';

test('the audit logs page, filter and switch between UI actions and data changes', async ({ page }) => {
  const dialogs = collectDialogs(page);
  const { analyst } = await openAsAdmin(page);
  const action = `e2e paging ${Date.now().toString(36)}`;
  // Context ids must be real and readable: the server checks them against the organization wall.
  const incidentID = await newIncident(page, 'Audit');
  for (let index = 0; index < 60; index += 1) {
    await api(page.request, 'POST', `/api/audit/action/${encodeURIComponent(action)}`, { value: index, incidentID });
  }

  await page.goto(`/audit/ui?action=${encodeURIComponent(action)}`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  // Newest first: the last value posted is on top.
  await expect(rows.first()).toContainText('59');
  await expect(rows.first()).toContainText(`incident ${incidentID}`);
  await page.getByRole('button', { name: 'Load older entries' }).click();
  await expect(rows).toHaveCount(60);
  await expect(page.getByText('60 entries shown')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load older entries' })).toBeHidden();
  await expect(rows.last()).toContainText(action);

  // Filter by analyst through the form; the URL keeps it.
  await page.getByLabel('Analyst').selectOption({ label: analyst.name });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`analystID=${analyst.id}`));
  await expect(rows).toHaveCount(50);

  // A time range in the past holds none of them.
  await page.getByLabel('Until (UTC)').fill('2020-01-01T00:00:00');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No entries match.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/audit\/ui$/);
  await expect(rows.first()).toBeVisible();

  // The server's record of writes: the primary analyst's creation is there.
  await page.getByRole('link', { name: 'Data changes' }).click();
  await expect(page).toHaveURL(/\/audit\/data$/);
  await page.getByLabel('Action').fill('create primary analyst');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('analyst');
  await expect(page.getByText('1 entry shown')).toBeVisible();
  expect(dialogs).toEqual([]);
});
