/*
 * While GET /auth/user checks the session, the user last signed in on this device stands in, so a reopen
 * mounts its page from the device (issue 20); the check's answer decides, and a different user's session
 * never keeps the first user's analyst.
 */
import { analystMenuButton, api, collectDialogs, openAsAdmin, signIn } from './app-session.ts';
import { expect, test } from './fixtures.ts';

test('a reload shows the app before the user check answers; another user signed in since gets their own picker', async ({
  page,
}) => {
  const dialogs = collectDialogs(page);
  const { analyst } = await openAsAdmin(page);
  const username = `stand-in-${Date.now().toString(36)}`;
  await api(page.request, 'POST', '/api/user', { username, password: 'a long enough password' });

  // The check held back: the header and the page come from what this device holds.
  let answerCheck = () => {};
  const held = new Promise<void>((resolve) => (answerCheck = resolve));
  await page.route('**/auth/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  const checked = page.waitForResponse('**/auth/user');
  answerCheck();
  await checked;
  await page.unroute('**/auth/user');
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();

  // Another user signs in on this device without a logout: the reload ends at their picker.
  await signIn(page.request, username, 'a long enough password');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select your analyst' })).toBeVisible();
  await expect(analystMenuButton(page, analyst.name)).toBeHidden();
  await expect(analystMenuButton(page, '---')).toBeVisible();
  expect(dialogs).toEqual([]);
});
