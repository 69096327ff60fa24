/*
 * The organization's pictures have filters of their own, as the incident's do: a search term, a
 * time interval, the incidents shown and one actor narrow its timeline and its actor charts alike,
 * say how many events pass, survive a reload, and 'Clear filters' shows everything again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, openAsAdmin } from './app-session.ts';
import { attachScreenshots } from './screens-demo.ts';
import { twoIncidentsSharingAnActor } from './two-incidents-sharing-an-actor.ts';

test.use({ viewport: { width: 1280, height: 1000 } });

const BASE_MICROS = Date.UTC(2026, 2, 1) * 1000;
const MINUTE = 60_000_000;

/** Two incidents sharing Dana (an organization actor), each with a bot of its own, three events each. */
async function twoIncidents(page: Page): Promise<{ organizationID: number; names: string[] }> {
  const { organizationID, incidents } = await twoIncidentsSharingAnActor(page.request, 'Filtered');
  for (const [index, incident] of incidents.entries()) {
    const bot = await api<{ actor: { id: number } }>(page.request, 'POST', `/api/incident/${incident.id}/actor`, {
      name: `bot-${index}`,
    });
    const messages = [
      `${incident.name} alert fired`,
      `${incident.name} rollback started`,
      `${incident.name} all clear`,
    ];
    for (const [minute, message] of messages.entries()) {
      await api(page.request, 'POST', `/api/incident/${incident.id}/event`, {
        streamID: incident.streamID,
        actorID: minute === 1 ? bot.actor.id : incident.danaID,
        message,
        startTimestamp: BASE_MICROS + (10 * minute + index) * MINUTE,
      });
    }
  }
  return { organizationID, names: incidents.map((incident) => incident.name) };
}

test("the organization's filter bar narrows its timeline and actor charts, and clears", async ({ page }, testInfo) => {
  await openAsAdmin(page, '/');
  const { organizationID, names } = await twoIncidents(page);
  await page.goto(`/organization/${organizationID}/type/event-timeline`);
  const rows = page.locator('[data-picture="event-timeline"] [role="row"]');
  const bar = page.getByRole('region', { name: "Filters of the organization's pictures" });
  const count = bar.getByRole('status');
  await expect(rows).toHaveCount(6);
  await expect(count).toHaveText('6 of 6 events');

  // Words of the message, in any case.
  await bar.getByLabel('Search term').fill('ROLLBACK');
  await expect(rows).toHaveCount(2);
  await expect(count).toHaveText('2 of 6 events');
  await bar.getByLabel('Search term').fill('');

  // An incident switched off.
  await bar.getByRole('checkbox', { name: names[1] }).uncheck();
  await expect(rows).toHaveCount(3);
  for (let index = 0; index < 3; index += 1) await expect(rows.nth(index)).toContainText(names[0] ?? '');

  // One actor: Dana's events in the shown incident.
  await bar.getByLabel('Actor').selectOption({ label: 'Dana Ops' });
  await expect(rows).toHaveCount(2);
  await attachScreenshots(page, testInfo, 'organization-filters');

  // Kept across a reload, and the actor bar counts what passes.
  await page.reload();
  await expect(rows).toHaveCount(2);
  await page.goto(`/organization/${organizationID}/type/actor-bar`);
  const table = page.getByRole('table', { name: 'Events per actor and stream' });
  const danaRow = table.locator('tbody tr').filter({ hasText: 'Dana Ops' });
  // Every actor keeps its bar; only Dana's events in the shown incident are counted.
  await expect(danaRow.locator('td').nth(1)).toHaveText('2');
  await expect(table.locator('tbody tr').filter({ hasText: 'bot-0' }).locator('td').nth(1)).toHaveText('0');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(danaRow.locator('td').nth(1)).toHaveText('4');

  // A time interval in the page's zone (UTC here); a wrong date is said beside its field.
  await page.goto(`/organization/${organizationID}/type/event-timeline`);
  await bar.getByLabel('From', { exact: true }).fill('soon');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(bar.getByRole('alert')).toHaveText('is not a date (YYYY-MM-DD HH:mm:ss)');
  await bar.getByLabel('From', { exact: true }).fill('2026-03-01 00:09:00');
  await bar.getByLabel('To', { exact: true }).fill('2026-03-01 00:15:00');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveCount(2);
  await expect(count).toHaveText('2 of 6 events');
  await bar.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(6);
});
