/*
 * /analysts and /analyst/{id}: creating analysts (Enter, Escape), administrators' permissions and
 * act-as grants, acting as another analyst with its "Viewing as" badge, and a refused creation.
 */
import { analystMenuButton, api, collectDialogs, openAsAdmin, uniqueName } from './app-session.ts';
import { expect, test } from './fixtures.ts';

test('an administrator creates an analyst, sets its permission and grants a user to act as it', async ({ page }) => {
  const dialogs = collectDialogs(page);
  await openAsAdmin(page, '/analysts');
  await expect(page.getByRole('heading', { name: 'Analysts' })).toBeVisible();

  // Escape cancels the form; Enter saves it.
  await page.getByRole('button', { name: 'New analyst' }).click();
  await page.getByLabel('Analyst name').fill('never saved');
  await page.getByLabel('Analyst name').press('Escape');
  await expect(page.getByLabel('Analyst name')).toBeHidden();
  await expect(page.getByRole('link', { name: 'never saved' })).toBeHidden();

  const name = uniqueName('Field Analyst');
  await page.getByRole('button', { name: 'New analyst' }).click();
  await page.getByLabel('Analyst name').fill(name);
  await page.getByLabel('Email').fill('field@example.com');
  await page.getByLabel('Analyst name').press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(`Permission of ${name}`)).toHaveValue('read');

  await row.getByLabel(`Permission of ${name}`).selectOption('write');
  await expect(row.getByLabel(`Permission of ${name}`)).toHaveValue('write');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name }).getByLabel(`Permission of ${name}`)).toHaveValue(
    'write',
  );

  // Grants: a new account may act as the analyst, then not.
  const username = `grantee-${Date.now().toString(36)}`;
  await api(page.request, 'POST', '/api/user', { username, password: 'a long enough password', name: 'Grant Ee' });
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText('Nobody yet.')).toBeVisible();
  await page.getByLabel('User').selectOption({ label: `Grant Ee (${username})` });
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByRole('button', { name: `Remove ${username}` })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${username}` }).click();
  await expect(page.getByText('Nobody yet.')).toBeVisible();

  // The last administrator cannot be demoted; the server's reason shows beside the control.
  await page.goto('/analysts');
  const admins = page.getByRole('row').filter({ has: page.locator('select option:checked', { hasText: 'admin' }) });
  if ((await admins.count()) === 1) {
    const select = admins.getByRole('combobox');
    await select.selectOption('read');
    await expect(admins.getByRole('alert')).toContainText('last administrator');
  }
  expect(dialogs).toEqual([]);
});

test('acting as another analyst shows "Viewing as", which leads to the analysts list; a refused creation alerts', async ({
  page,
}) => {
  const dialogs = collectDialogs(page);
  const { analyst: own } = await openAsAdmin(page, '/analysts');
  const name = uniqueName('Read Only');
  const created = await api<{ analyst: { id: number } }>(page.request, 'POST', '/api/analyst', { name, email: '' });
  await page.reload();

  await page.getByRole('button', { name: `Act as ${name}` }).click();
  const badge = page.getByRole('banner').getByRole('link', { name: `Viewing as ${name}` });
  await expect(badge).toBeVisible();
  await expect(analystMenuButton(page, name)).toBeVisible();
  // Requests now carry the other analyst; the audit log says who acted.
  await page.goto('/');
  await badge.click();
  await expect(page).toHaveURL(/\/analysts$/);

  // That analyst has read permission: it is not offered to create analysts.
  await expect(page.getByRole('heading', { name: 'Analysts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New analyst' })).toBeHidden();
  // Given write it is; when that is taken back while the form is open, the server refuses and the form says why.
  await api(page.request, 'PUT', `/api/analyst/${created.analyst.id}/permission`, { permission: 'write' });
  await page.reload();
  await page.getByRole('button', { name: 'New analyst' }).click();
  await page.getByLabel('Analyst name').fill(uniqueName('Refused'));
  await api(page.request, 'PUT', `/api/analyst/${created.analyst.id}/permission`, { permission: 'read' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => dialogs).toEqual(['error creating new analyst']);
  // The form is usable again, with the server's reason.
  await expect(page.getByLabel('Analyst name')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.getByRole('alert').first()).toContainText('read permission');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Back to one's own analyst: the badge goes.
  await page.getByRole('button', { name: `Act as ${own.name}` }).click();
  await expect(analystMenuButton(page, own.name)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Viewing as/ })).toBeHidden();
});
