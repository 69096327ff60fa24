/*
 * A tab left open across a deploy, without the service worker (blocked here, as on a first visit), asks
 * for a screen's code by a name the server no longer has. The app reloads once (the router's lazy route
 * code does that) and shows the screen; if the code is still missing the screen says so in words with a
 * way on (route-error.tsx), and the app does not reload in a loop.
 */
import { openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';

test.use({ serviceWorkers: 'block' });

const ORGANIZATIONS_CODE = /\/assets\/organizations-[\w-]+\.js$/;

test('a screen whose code moved on the server is shown after one reload', async ({ page }) => {
  await openAsAdmin(page, '/');
  let asked = 0;
  await page.route(ORGANIZATIONS_CODE, async (route) => {
    asked += 1;
    if (asked === 1) await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    else await route.continue();
  });
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('link', { name: 'All organizations' }).click();
  await expect(page).toHaveURL(/\/organizations$/);
  await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
  expect(loads).toBe(1);
  expect(asked).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('alert').filter({ hasText: 'could not be shown' })).toHaveCount(0);
});

test('code still missing after the reload is reported, not reloaded again', async ({ page }) => {
  await openAsAdmin(page, '/');
  await page.route(ORGANIZATIONS_CODE, (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
  );
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('link', { name: 'All organizations' }).click();
  await expect(page.getByRole('heading', { name: 'This screen could not be shown' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('a newer version may have been installed');
  await expect(page.getByRole('alert').getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(loads).toBe(1);
  // The header still works: the analyst can go home.
  await page.getByRole('banner').getByRole('link', { name: 'Churchkey' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});
