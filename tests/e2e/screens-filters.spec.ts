/*
 * The incident page's filters on the demo data: stream switches, the h/i/r modes of tags,
 * collections and note kinds, the toolbar's zone, interval and search term with their errors,
 * and all of it surviving a reload (per-incident view state).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';
import {
  DEMO_SHOWN,
  demoShownInCollection,
  demoShownStartingBetween,
  demoShownWithNoteKind,
  demoShownWithoutStreams,
  demoShownWithoutStreamsAndMarkers,
  demoShownWithoutTag,
  demoShownWithoutTagAndActor,
  demoShownWithTag,
  demoTagged,
} from './demo-counts.ts';

test.use({ serverEnv: DEMO_ENV });

const shown = (page: Page) => page.getByTestId('shown-event-count');
const rows = (page: Page) => page.getByTestId('event-timeline-list').locator('[role="row"]');

async function openIncident(page: Page): Promise<number> {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  await page.goto(`/incident/${incident.id}`);
  await expect(shown(page)).toHaveText(String(DEMO_SHOWN));
  return incident.id;
}

test('tags filter in the three modes: require, ignore, highlight', async ({ page }, testInfo) => {
  await openIncident(page);
  const panel = page.getByTestId('incident-side-panel');
  // The demo incident has two events tagged root-cause and four markers (markers are context, always shown).
  await panel.getByRole('radio', { name: 'require tag root-cause' }).click();
  await expect(shown(page)).toHaveText(String(demoShownWithTag('root-cause')));
  await expect(
    rows(page)
      .filter({ hasNot: page.locator('[data-marker]') })
      .filter({ hasText: 'root-cause' }),
  ).toHaveCount(demoTagged('root-cause'));
  await panel.getByRole('radio', { name: 'ignore tag root-cause' }).click();
  await expect(shown(page)).toHaveText(String(demoShownWithoutTag('root-cause')));
  await expect(rows(page).getByText('root-cause', { exact: true })).toHaveCount(0);
  await panel.getByRole('radio', { name: 'highlight tag root-cause' }).click();
  await expect(shown(page)).toHaveText(String(DEMO_SHOWN));
  await expect(page.getByTestId('event-timeline-list').locator('[data-highlighted]')).toHaveCount(
    demoTagged('root-cause'),
  );
  await attachScreenshots(page, testInfo, 'filters-highlight');
  // Pressing the active mode again switches the filter off.
  await panel.getByRole('radio', { name: 'highlight tag root-cause' }).click();
  await expect(page.getByTestId('event-timeline-list').locator('[data-highlighted]')).toHaveCount(0);
});

test('collections and note kinds filter too, and a hidden stream leaves the timeline', async ({ page }) => {
  await openIncident(page);
  const panel = page.getByTestId('incident-side-panel');
  await panel.getByRole('radio', { name: 'require collection Decision points' }).click();
  await expect(shown(page)).toHaveText(String(demoShownInCollection('Decision points')));
  await panel.getByRole('radio', { name: 'require collection Decision points' }).click();
  await panel.getByRole('radio', { name: 'require notes of kind interview' }).click();
  await expect(shown(page)).toHaveText(String(demoShownWithNoteKind('interview')));
  await panel.getByRole('radio', { name: 'require notes of kind interview' }).click();
  await panel.getByRole('checkbox', { name: 'Show stream Status page updates' }).click();
  await expect(shown(page)).toHaveText(String(demoShownWithoutStreams('Status page updates')));
  await expect(rows(page).getByText('status page moved to monitoring')).toHaveCount(0);
  await panel.getByRole('checkbox', { name: 'Show markers' }).click();
  await expect(shown(page)).toHaveText(String(demoShownWithoutStreamsAndMarkers('Status page updates')));
});

test('the toolbar refuses an unknown zone and a bad time, and applies a good interval and search term', async ({
  page,
}) => {
  await openIncident(page);
  const zone = page.getByLabel('Time zone');
  await zone.fill('Mars/Olympus_Mons');
  await expect(page.getByText('is not a known time zone')).toBeVisible();
  await zone.fill('Europe/Helsinki');
  await expect(page.getByText('is not a known time zone')).toHaveCount(0);
  // 14:03:30 UTC is 16:03:30 in Helsinki on 12 March 2024.
  await expect(rows(page).filter({ hasText: 'ack #4821' })).toContainText('2024-03-12 16:03:30');
  await page.getByLabel('From', { exact: true }).fill('yesterday');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('is not a date (YYYY-MM-DD HH:mm:ss)')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2024-03-12 16:10:00');
  await page.getByLabel('To', { exact: true }).fill('2024-03-12 16:15:00');
  await page.getByRole('button', { name: 'Apply' }).click();
  // The interval is Helsinki time: 14:10 to 14:15 UTC.
  const inInterval = String(demoShownStartingBetween('14:10:00', '14:15:00'));
  await expect(shown(page)).toHaveText(inInterval);
  await page.getByLabel('Search term').fill('marcus');
  await expect(shown(page)).not.toHaveText(inInterval);
  const narrowed = await shown(page).textContent();
  await page.reload();
  await expect(shown(page)).toHaveText(narrowed ?? '');
  await expect(page.getByLabel('Search term')).toHaveValue('marcus');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2024-03-12 16:10:00');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Helsinki');
});

test('filter modes and switches survive a reload', async ({ page }) => {
  await openIncident(page);
  const panel = page.getByTestId('incident-side-panel');
  await panel.getByRole('radio', { name: 'ignore tag root-cause' }).click();
  await panel.getByRole('checkbox', { name: 'Show actor Marcus Chen' }).click();
  const withoutBoth = String(demoShownWithoutTagAndActor('root-cause', 'Marcus Chen'));
  await expect(shown(page)).toHaveText(withoutBoth);
  await page.reload();
  await expect(shown(page)).toHaveText(withoutBoth);
  await expect(
    page.getByTestId('incident-side-panel').getByRole('radio', { name: 'ignore tag root-cause' }),
  ).toHaveAttribute('data-state', 'on');
  await expect(
    page.getByTestId('incident-side-panel').getByRole('checkbox', { name: 'Show actor Marcus Chen' }),
  ).toHaveAttribute('data-state', 'unchecked');
});
