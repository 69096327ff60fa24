/*
 * Home, the organizations list, an organization's page (incidents sorted and filtered, actors added
 * and edited in bulk, tags with counts, sub-routes), adding organizations and incidents, and
 * /incidents, on the demo data; each form's error shown beside its field.
 */
import { expect, test } from './fixtures.ts';
import { openAsAdmin, uniqueName } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, DRONE_INCIDENT, FAILOVER_INCIDENT } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV });

const DEMO_ORGANIZATION = 'Demo: Example Corp';

test('home lists recent incidents and organizations and searches everything', async ({ page }, testInfo) => {
  await openAsAdmin(page, '/');
  const recent = page.getByRole('region', { name: 'Recent incidents' });
  await expect(recent.getByRole('link', { name: FAILOVER_INCIDENT })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Organizations' }).getByRole('link', { name: DEMO_ORGANIZATION }),
  ).toBeVisible();
  await page.getByLabel('Search everything').fill('NVMe');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.locator('mark').first()).toHaveText(/nvme/i);
  await expect(results.getByRole('link', { name: FAILOVER_INCIDENT }).first()).toBeVisible();
  await attachScreenshots(page, testInfo, 'home');
});

test('organizations: the list, adding one (an empty name is refused beside the field)', async ({ page }) => {
  await openAsAdmin(page, '/organizations');
  await expect(page.getByRole('link', { name: DEMO_ORGANIZATION })).toBeVisible();
  await page.getByRole('link', { name: 'Add organization' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('form', { name: 'Add organization' }).getByRole('alert')).toHaveText('is required');
  const name = uniqueName('Field team');
  await page.getByLabel('Organization name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('link', { name: 'Add incident' }).click();
  const incident = uniqueName('Generator failed to start');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('form', { name: 'Add incident' }).getByRole('alert')).toHaveText('is required');
  await page.getByLabel('Incident name').fill(incident);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: incident })).toBeVisible();
});

test('an organization: incidents sorted on several fields and filtered, tags with counts, sub-routes', async ({
  page,
}, testInfo) => {
  await openAsAdmin(page, '/organizations');
  await page.getByRole('link', { name: DEMO_ORGANIZATION }).click();
  const table = page.getByRole('table', { name: 'Incidents' });
  await expect(table.getByRole('link', { name: FAILOVER_INCIDENT })).toBeVisible();
  await table.getByRole('button', { name: 'Incident' }).click();
  await expect(table.locator('tbody tr').first()).toContainText(FAILOVER_INCIDENT);
  await table.getByRole('button', { name: 'Incident' }).click();
  await expect(table.locator('tbody tr').first()).toContainText(DRONE_INCIDENT);
  await table.getByRole('button', { name: 'Events' }).click({ modifiers: ['Shift'] });
  await expect(table.getByRole('columnheader', { name: /Events/ })).toHaveAttribute(
    'aria-sort',
    /ascending|descending/,
  );
  await page.getByLabel('Filter incidents').fill('NVMe');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel('Filter incidents').fill('');
  await page.getByLabel('Tag').selectOption('sev3');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText(DRONE_INCIDENT);
  await attachScreenshots(page, testInfo, 'organization-incidents');
  await page.getByRole('navigation', { name: 'Organization views' }).getByRole('link', { name: 'Tags' }).click();
  await page.getByRole('link', { name: /sev1/ }).click();
  await expect(page.locator('[data-detail-panel="tag"]').getByRole('link', { name: FAILOVER_INCIDENT })).toBeVisible();
});

test('organization actors: add one (a bad date refused beside the field) and edit all in one go', async ({ page }) => {
  await openAsAdmin(page, '/organizations');
  await page.getByRole('link', { name: DEMO_ORGANIZATION }).click();
  await page.getByRole('navigation', { name: 'Organization views' }).getByRole('link', { name: 'Actors' }).click();
  await expect(page.getByRole('link', { name: 'Marcus Chen' })).toBeVisible();
  await page.getByRole('link', { name: 'Add actor' }).click();
  const name = uniqueName('Ravi Patel');
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Start date').fill('2021-02-30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('form', { name: 'Add actor' }).getByRole('alert')).toHaveText('is not a real date');
  await page.getByLabel('Start date').fill('2021-02-28');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('link', { name: 'Edit all actors' }).click();
  await page.getByLabel('Start date of Marcus Chen').fill('not a date');
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(page.getByRole('region', { name: 'Edit all actors' }).getByRole('alert')).toHaveText(
    'must be a date as YYYY-MM-DD',
  );
  await page.getByLabel('Start date of Marcus Chen').fill('2020-10-01');
  await page.getByLabel('Description of Marcus Chen').fill('Database engineer (PostgreSQL), storage');
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(page.getByRole('row', { name: /Marcus Chen/ })).toContainText('2020-10-01');
  await page.getByRole('link', { name: 'Marcus Chen' }).click();
  await expect(page.locator('[data-detail-panel="actor"]')).toContainText('Database engineer (PostgreSQL), storage');
});

test('/incidents lists every incident with its organization', async ({ page }) => {
  await openAsAdmin(page, '/incidents');
  const table = page.getByRole('table', { name: 'Incidents' });
  await expect(table.getByRole('link', { name: FAILOVER_INCIDENT })).toBeVisible();
  await expect(table.getByRole('link', { name: DEMO_ORGANIZATION }).first()).toBeVisible();
});
