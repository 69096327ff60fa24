/*
 * A large import is shown before its search data is ready: the event-search view says how far the
 * preparation has come, with a progress bar, rather than presenting a short result as the final one.
 * The server here prepares nothing in the background, so the state holds while the page is looked at.
 */
import { proxyLogTsv } from '../support/proxy-log-tsv.ts';
import { openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { attachScreenshots } from './screens-demo.ts';
import { newIncident } from './stream-session.ts';

test.use({ serverEnv: { SEARCH_PREPARATION: 'paused', SEARCH_INLINE_ROWS: '40' } });

test('a search during preparation shows its progress and says the matches so far are not all', async ({
  page,
}, testInfo) => {
  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'Preparing');
  const imported = await page.request.post(`/api/incident/${incidentID}/import`, {
    headers: { 'x-churchkey-analyst': '0' },
    multipart: {
      file: {
        name: 'gateway.tsv',
        mimeType: 'text/tab-separated-values',
        buffer: Buffer.from(proxyLogTsv(200, { log: 'gateway' })),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  await page.goto(`/incident/${incidentID}/event-search`);
  await page.getByLabel('Search the incident').fill('gateway');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page.getByText('Search data for “gateway.tsv” is still being prepared: 0 of 200 events (0%).'),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Search data prepared' })).toHaveAttribute('aria-valuemax', '200');
  await expect(page.getByText('40 matches so far')).toBeVisible();
  await attachScreenshots(page, testInfo, 'search-preparing');

  await page.getByLabel('Search the incident').fill('nowhere');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No events match so far.')).toBeVisible();
  await page.getByRole('button', { name: 'Search again' }).click();
  await expect(page.getByText('0 matches so far')).toBeVisible();
});
