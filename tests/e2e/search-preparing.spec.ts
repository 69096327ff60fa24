/*
 * A large import is shown before its search data is ready: the event-search view says how far the
 * preparation has come, with a progress bar, rather than presenting a short result as the final one.
 * The server here prepares nothing in the background, so the state holds while the page is looked at.
 */
import { proxyLogTsv } from '../support/proxy-log-tsv.ts';
import { openAsAdmin } from './app-session.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { attachScreenshots } from './screens-demo.ts';
import { newIncident } from './stream-session.ts';

test.use({ serverEnv: { SEARCH_PREPARATION: 'paused', SEARCH_INLINE_ROWS: '40' } });

/** A new incident with 200 imported rows of `log`.tsv, of which only the first 40 have their search data. */
async function importWhilePreparationWaits(page: Page, name: string, log: string): Promise<number> {
  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, name);
  const imported = await page.request.post(`/api/incident/${incidentID}/import`, {
    headers: { 'x-churchkey-analyst': '0' },
    multipart: {
      file: {
        name: `${log}.tsv`,
        mimeType: 'text/tab-separated-values',
        buffer: Buffer.from(proxyLogTsv(200, { log })),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  return incidentID;
}

/** Searches in the box labelled `box` for `words`, from the page's own Search button. */
async function search(page: Page, box: string, words: string): Promise<void> {
  await page.getByLabel(box).fill(words);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** A search with no match yet says so, and "Search again" asks again, still counting none so far. */
async function expectNoneSoFarThenAgain(page: Page, box: string, noneSoFar: string): Promise<void> {
  await search(page, box, 'nowhere');
  await expect(page.getByText('No events match so far.')).toBeVisible();
  await page.getByRole('button', { name: 'Search again' }).click();
  await expect(page.getByText(noneSoFar)).toBeVisible();
}

const PREPARING_GATEWAY = 'Search data for “gateway.tsv” is still being prepared: 0 of 200 events (0%).';

test('a search during preparation shows its progress and says the matches so far are not all', async ({
  page,
}, testInfo) => {
  const incidentID = await importWhilePreparationWaits(page, 'Preparing', 'gateway');
  await page.goto(`/incident/${incidentID}/event-search`);
  await search(page, 'Search the incident', 'gateway');
  await expect(page.getByText(PREPARING_GATEWAY)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Search data prepared' })).toHaveAttribute('aria-valuemax', '200');
  await expect(page.getByText('40 matches so far')).toBeVisible();
  await attachScreenshots(page, testInfo, 'search-preparing');

  await expectNoneSoFarThenAgain(page, 'Search the incident', '0 matches so far');
});

test('the search across every incident on home says so too, and searches again when asked', async ({
  page,
}, testInfo) => {
  await importWhilePreparationWaits(page, 'Preparing at home', 'wombat');
  await page.goto('/');
  await search(page, 'Search everything', 'wombat');
  // Every incident the analyst reads is searched, so the other test's import may be preparing beside this one.
  await expect(
    page.getByText(/^Search data for .*“wombat\.tsv”.* is still being prepared: 0 of (200|400) events \(0%\)\./),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Search data prepared' })).toBeVisible();
  await expect(page.getByText('40 matching events so far')).toBeVisible();
  await attachScreenshots(page, testInfo, 'search-preparing-home');

  await expectNoneSoFarThenAgain(page, 'Search everything', '0 matching events so far');
});
