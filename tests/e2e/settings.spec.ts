/*
 * The configuration kept in the browser (spec sections 4 and 9): it survives a reload, "Reset
 * configuration" clears it, damaged storage falls back to defaults, and auto colour mode follows
 * the system preference live.
 */
import type { Page } from '@playwright/test';
import { analystMenuButton, collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { newIncident } from './stream-session.ts';

const setting = (page: Page, name: string) => page.locator(`[data-setting="${name}"] [data-setting-value]`);

test('display settings, view state and the time zone survive a reload; reset clears the configuration', async ({
  page,
}) => {
  const dialogs = collectDialogs(page);
  const { analyst } = await openAsAdmin(page, '/');
  // A real incident: the header pin of an incident the server does not have is not the point here.
  const id = await newIncident(page, 'Settings');
  await page.goto(`/incident/${id}`);
  await expect(page.getByTestId('sync-status')).toContainText('Last synced', { timeout: 30_000 });
  // A view state for the incident: the header unpinned there.
  await page.getByRole('button', { name: 'Unpin the header' }).click();
  await expect(page.getByRole('button', { name: 'Pin the header to the top' })).toBeVisible();
  // Stored before the page is left: the next load reads it from persist:root.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(
          (JSON.parse(localStorage.getItem('persist:root') ?? '{}') as { incidents?: object }).incidents ?? {},
        ),
      ),
    )
    .toContain(String(id));

  await page.goto('/settings/configuration');
  await page.getByLabel('Colour mode').selectOption('dark');
  await page.getByLabel('Visualization height').selectOption('750');
  await page.getByLabel('Show bots in visualizations').check();
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  await expect(page.locator(`[data-view-state="incident-${id}"]`)).toBeVisible();

  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('persist:root') ?? 'null') as Record<string, unknown>,
  );
  expect(Object.keys(stored).sort()).toEqual(['displaySettings', 'incidents', 'lastAnalystID', 'organizations']);

  await page.reload();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  await expect(setting(page, 'colorMode')).toHaveText('dark');
  await expect(setting(page, 'visualizationHeight')).toHaveText('750');
  await expect(setting(page, 'displayBotsInVisualizations')).toHaveText('true');
  await expect(setting(page, 'timeZone')).toHaveText('Europe/Berlin');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(17, 18, 23)');
  await page.locator(`[data-view-state="incident-${id}"] summary`).click();
  await expect(page.locator(`[data-view-state="incident-${id}"] pre`)).toContainText('"stickyHeader": false');

  await page.getByRole('button', { name: 'Reset configuration' }).click();
  await expect(setting(page, 'colorMode')).toHaveText('light');
  await expect(setting(page, 'visualizationHeight')).toHaveText('600');
  await expect(setting(page, 'displayBotsInVisualizations')).toHaveText('false');
  await expect(page.locator(`[data-view-state="incident-${id}"]`)).toBeHidden();
  await page.reload();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  await expect(setting(page, 'colorMode')).toHaveText('light');
  await page.goto(`/incident/${id}`);
  await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky');
  expect(dialogs).toEqual([]);
});

test('damaged storage gives the defaults, never a crash', async ({ page }) => {
  const dialogs = collectDialogs(page);
  const { analyst } = await openAsAdmin(page, '/settings/configuration');
  for (const damaged of [
    '{not json',
    '[1,2,3]',
    JSON.stringify({
      displaySettings: { [analyst.id]: { colorMode: 'purple', visualizationHeight: 'tall', stickyHeader: false } },
      incidents: { '5': 'x', abc: {} },
    }),
  ]) {
    await page.evaluate((value) => {
      localStorage.setItem('persist:root', value);
      localStorage.setItem('churchkey:time-zone', 'Mars/Olympus_Mons');
    }, damaged);
    await page.reload();
    await expect(analystMenuButton(page, analyst.name)).toBeVisible();
    await expect(setting(page, 'colorMode')).toHaveText('light');
    await expect(setting(page, 'visualizationHeight')).toHaveText('600');
    await expect(setting(page, 'timeZone')).toHaveText('UTC');
    await expect(page.locator('[data-view-state]')).toHaveCount(0);
  }
  // The valid field of the last record survived beside the damaged ones.
  await expect(setting(page, 'stickyHeader')).toHaveText('false');
  expect(dialogs).toEqual([]);
});

test('auto colour mode follows the system preference as it changes', async ({ page }) => {
  const { analyst } = await openAsAdmin(page);
  const body = page.locator('body');
  await page.emulateMedia({ colorScheme: 'dark' });
  // Light is the default whatever the system prefers.
  await expect(body).toHaveCSS('background-color', 'rgb(244, 245, 245)');

  await analystMenuButton(page, analyst.name).click();
  await page.getByRole('menuitemradio', { name: 'auto' }).click();
  await page.keyboard.press('Escape');
  await expect(body).toHaveCSS('background-color', 'rgb(17, 18, 23)');
  await expect(body).toHaveCSS('color', 'rgb(204, 204, 220)');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(body).toHaveCSS('background-color', 'rgb(244, 245, 245)');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(body).toHaveCSS('background-color', 'rgb(17, 18, 23)');

  // Kept across a reload, still following the system.
  await page.reload();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  await expect(body).toHaveCSS('background-color', 'rgb(17, 18, 23)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(body).toHaveCSS('background-color', 'rgb(244, 245, 245)');
});
