/*
 * The header and the analyst dropdown of spec section 2: every item, in order, and what each does;
 * screenshots of the open menu in light and dark mode are attached to the report.
 */
import type { Page, TestInfo } from '@playwright/test';
import { analystMenuButton, api, collectDialogs, openAsAdmin, uniqueName } from './app-session.ts';
import { expect, test } from './fixtures.ts';

const LIGHT_BACKGROUND = 'rgb(244, 245, 245)';
const DARK_BACKGROUND = 'rgb(17, 18, 23)';
const DARK_TEXT = 'rgb(204, 204, 220)';

async function openMenu(page: Page, name: string) {
  await analystMenuButton(page, name).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** A screenshot of the page with the analyst menu open, attached to the test's report. */
async function attachMenuShot(page: Page, testInfo: TestInfo, theme: 'light' | 'dark'): Promise<void> {
  await testInfo.attach(`analyst menu, ${theme}`, {
    body: await page.screenshot({ path: testInfo.outputPath(`analyst-menu-${theme}.png`) }),
    contentType: 'image/png',
  });
}

test('the dropdown holds the spec items in order, and each does its job', async ({ page }, testInfo) => {
  const dialogs = collectDialogs(page);
  const { analyst } = await openAsAdmin(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Churchkey' })).toHaveAttribute('href', '/');
  // The logo is 2.4em high (the root font is 14 px).
  expect((await header.getByRole('link', { name: 'Churchkey' }).boundingBox())?.height).toBeCloseTo(33.6, 0);

  let menu = await openMenu(page, analyst.name);
  const items = await menu
    .locator('[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]')
    .allTextContents();
  expect(items).toEqual([
    'Show filters',
    'auto',
    'light',
    'dark',
    'sm',
    'md',
    'lg',
    'xl',
    'Reset configuration',
    'View configuration',
    'View audit logs',
    'Recreate all search data',
    'Manage analysts',
    'Logout',
  ]);
  await expect(menu).toContainText('Churchkey');
  await expect(menu).toContainText('Analysts');
  // Defaults: filters shown, light mode, md (600 px).
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Show filters' })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemradio', { name: 'light' })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemradio', { name: 'md' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('body')).toHaveCSS('background-color', LIGHT_BACKGROUND);
  await attachMenuShot(page, testInfo, 'light');

  // "Show filters" toggles, and the menu stays open.
  await menu.getByRole('menuitemcheckbox', { name: 'Show filters' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Show filters' })).toHaveAttribute('aria-checked', 'false');

  // Colour mode buttons switch the page theme.
  await menu.getByRole('menuitemradio', { name: 'dark' }).click();
  await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
  await expect(page.locator('body')).toHaveCSS('color', DARK_TEXT);
  await expect(menu.getByRole('menuitemradio', { name: 'dark' })).toHaveAttribute('aria-checked', 'true');
  await attachMenuShot(page, testInfo, 'dark');

  // Visualization heights sm, md, lg, xl are 480, 600, 750, 1080.
  await menu.getByRole('menuitemradio', { name: 'xl' }).click();
  await expect(menu.getByRole('menuitemradio', { name: 'xl' })).toHaveAttribute('aria-checked', 'true');

  // "View configuration" shows what was chosen.
  await menu.getByRole('menuitem', { name: 'View configuration' }).click();
  await expect(page).toHaveURL(/\/settings\/configuration$/);
  const setting = (name: string) => page.locator(`[data-setting="${name}"] [data-setting-value]`);
  await expect(setting('visualizationHeight')).toHaveText('1080');
  await expect(setting('colorMode')).toHaveText('dark');
  await expect(setting('showFilters')).toHaveText('false');

  // "Reset configuration" brings every default back.
  menu = await openMenu(page, analyst.name);
  await menu.getByRole('menuitem', { name: 'Reset configuration' }).click();
  await expect(setting('visualizationHeight')).toHaveText('600');
  await expect(setting('colorMode')).toHaveText('light');
  await expect(setting('showFilters')).toHaveText('true');
  await expect(page.locator('body')).toHaveCSS('background-color', LIGHT_BACKGROUND);

  // "View audit logs" lists what was just done.
  menu = await openMenu(page, analyst.name);
  await menu.getByRole('menuitem', { name: 'View audit logs' }).click();
  await expect(page).toHaveURL(/\/audit\/ui$/);
  await expect(page.getByRole('cell', { name: 'set color mode' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'reset configuration' }).first()).toBeVisible();

  // "Manage analysts" opens the analysts list.
  menu = await openMenu(page, analyst.name);
  await menu.getByRole('menuitem', { name: 'Manage analysts' }).click();
  await expect(page).toHaveURL(/\/analysts$/);
  await expect(page.getByRole('heading', { name: 'Analysts' })).toBeVisible();

  // "Recreate all search data" is busy while the server works, then usable again, whatever it answered.
  menu = await openMenu(page, analyst.name);
  const searchAnswer = page.waitForResponse(
    (response) => response.url().endsWith('/api/events/search') && response.request().method() === 'POST',
  );
  await menu.getByRole('menuitem', { name: 'Recreate all search data' }).click();
  await searchAnswer;
  await expect(menu.getByRole('menuitem', { name: 'Recreate all search data' })).toBeEnabled();
  await page.keyboard.press('Escape');

  // "Logout" is disabled while it runs, then the sign-in page shows.
  menu = await openMenu(page, analyst.name);
  const logout = menu.getByRole('menuitem', { name: 'Logout' });
  await logout.click();
  await expect(logout).toBeDisabled();
  await expect(page).toHaveURL(/\/auth\/login\?from=/);
  expect(dialogs).toEqual([]);
});

test('the header pin keeps the header at the top, per incident, and the "Viewing as" badge is absent for one\'s own analyst', async ({
  page,
}) => {
  const { analyst } = await openAsAdmin(page, '/');
  const organization = await api<{ organization: { id: number } }>(page.request, 'POST', '/api/organization', {
    name: uniqueName('Pin Org'),
  });
  const [first, second] = await Promise.all(
    ['Pin Incident A', 'Pin Incident B'].map(
      async (name) =>
        (
          await api<{ incident: { id: number } }>(
            page.request,
            'POST',
            `/api/organization/${organization.organization.id}/incident`,
            { name: uniqueName(name) },
          )
        ).incident.id,
    ),
  );
  await page.goto(`/incident/${first}`);
  const header = page.getByRole('banner');
  await expect(header).toHaveCSS('position', 'sticky');
  // Pressed as soon as it shows, before the incident's page has loaded: the choice is still the incident's.
  await header.getByRole('button', { name: 'Unpin the header' }).click();
  await expect(header).toHaveCSS('position', 'relative');
  await expect(header.getByRole('button', { name: 'Pin the header to the top' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // Another incident keeps the analyst's own choice (pinned).
  await page.goto(`/incident/${second}`);
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  await expect(header).toHaveCSS('position', 'sticky');
  await page.goto(`/incident/${first}/type/swimlane`);
  await expect(header).toHaveCSS('position', 'relative');
  await expect(page.getByRole('link', { name: /^Viewing as/ })).toBeHidden();
});
