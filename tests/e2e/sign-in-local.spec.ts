/*
 * Local sign-in from a signed-out browser to the app and back out (spec sections 2, 4, 7, 8),
 * against the built server with a fresh database.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './start-server.ts';

/** Alerts are how the app reports failures; none is expected here, so each one fails the test. */
function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

// The first test creates the primary analyst, so this file needs a database of its own: a distinct
// serverEnv gives it its own worker and server (the variable itself means nothing to the server).
test.use({ serverEnv: { CHURCHKEY_E2E_DATABASE: 'sign-in-local' } });

async function signIn(page: Page, password: string): Promise<void> {
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a local user signs in, creates the primary analyst, stays signed in after a reload, and logs out', async ({
  page,
  server,
}) => {
  const dialogs = collectDialogs(page);

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login\?from=/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signIn(page, 'not-the-right-password');
  await expect(page.getByText('Wrong username or password.')).toBeVisible();

  await signIn(page, ADMIN_PASSWORD);
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Create the primary analyst' })).toBeVisible();

  await page.getByLabel('Analyst name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByRole('button', { name: 'Save' }).click();

  const header = page.getByRole('banner');
  const analystMenu = header.getByRole('button', { name: 'Grace Hopper' });
  await expect(analystMenu).toBeVisible();
  await expect(header.getByRole('link', { name: 'Churchkey' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create the primary analyst' })).toBeHidden();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© 2018-2024');
  await expect(footer.getByRole('link', { name: 'Patents' })).toBeVisible();
  // The server's version (a commit id or dashes) is shown once an answer carried it.
  await expect(footer).toContainText(/server [0-9a-f-]{7}/);

  // Light is the default colour mode (spec section 3), whatever the system prefers; "auto" is tested in colour-mode.spec.ts.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(244, 245, 245)');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.reload();
  await expect(analystMenu).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Invalid URL' })).toBeVisible();
  await expect(analystMenu).toBeVisible();

  await analystMenu.click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await logout.click();
  await expect(logout).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  // Signed out for real: the app asks to sign in again.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('signing in ignores a "from" address on another origin', async ({ page, server }) => {
  const dialogs = collectDialogs(page);
  const offsite: string[] = [];
  await page.route(/^https?:\/\/evil\.example\//, async (route) => {
    offsite.push(route.request().url());
    await route.abort();
  });

  await page.goto('/auth/login?from=https://evil.example/');
  await signIn(page, ADMIN_PASSWORD);

  await expect(page).toHaveURL(`${server.baseURL}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Churchkey' })).toBeVisible();
  expect(offsite).toEqual([]);
  expect(dialogs).toEqual([]);
});
