/*
 * A large incident (more events than one payload carries, so they are paged) opened a second time:
 * the device already holds every event at the server's events revision, so the page fetches no
 * event page and draws every event from the mirror's columnar chunks (pages asked for as columns). A change to an event on the server
 * comes through the changes request alone (delta sync), and the change shows.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api } from './app-session.ts';
import { LARGE_INCIDENT_EVENTS, adminWithLargeIncident } from './large-incident.ts';

const swimlaneOf = (page: Page, events: number) =>
  page.locator(`[data-swimlane-canvas][aria-label^="Swimlane: ${events.toLocaleString('en')} events"]`);

test('a paged incident opened again fetches no event page and shows every event; a changed event comes as a change alone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const incidentID = await adminWithLargeIncident(page, 'Reopen');

  const eventPages: string[] = [];
  const pageAccepts: string[] = [];
  const changeRequests: string[] = [];
  const onRequest = (request: Request) => {
    if (/\/api\/incident\/\d+\/events/.test(request.url())) {
      eventPages.push(request.url());
      pageAccepts.push(request.headers().accept ?? '');
    }
    if (/\/api\/incident\/\d+\/changes/.test(request.url())) changeRequests.push(request.url());
  };
  page.on('request', onRequest);

  await page.goto(`/incident/${incidentID}/type/swimlane`);
  await expect(page.getByTestId('sync-status')).toContainText(/Last synced \d/, { timeout: 90_000 });
  await expect(swimlaneOf(page, LARGE_INCIDENT_EVENTS)).toBeVisible({ timeout: 60_000 });
  expect(eventPages.length).toBe(2);
  // The pages travel as columns (the columnar wire), and the events read back whole from the chunks.
  expect(pageAccepts.every((accept) => accept.startsWith('application/vnd.churchkey.event-columns'))).toBe(true);

  // Opened again: nothing paged, every event drawn from the device.
  eventPages.length = 0;
  await page.reload();
  await expect(swimlaneOf(page, LARGE_INCIDENT_EVENTS)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('sync-status')).toContainText(/Last synced \d/, { timeout: 60_000 });
  expect(eventPages).toEqual([]);

  // A search over the messages, kept over a reload: the reopen reads the numbers first, and the search
  // waits for the messages, then shows exactly the events whose message has the words.
  const matching = Array.from({ length: LARGE_INCIDENT_EVENTS }, (_, row) => `request ${row}`).filter((message) =>
    message.includes('12'),
  ).length;
  await page.getByLabel('Search term').fill('request 12');
  await expect(swimlaneOf(page, matching)).toBeVisible({ timeout: 60_000 });
  await page.reload();
  await expect(page.getByLabel('Search term')).toHaveValue('request 12');
  await expect(swimlaneOf(page, matching)).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Search term').fill('');
  await expect(swimlaneOf(page, LARGE_INCIDENT_EVENTS)).toBeVisible({ timeout: 60_000 });

  // An event changes on the server: the next opening asks what changed, pages nothing, and shows it.
  const first = await api<{ events: Array<{ id: number }> }>(
    page.request,
    'GET',
    `/api/incident/${incidentID}/events?limit=1`,
  );
  const eventID = first.events[0]!.id;
  await api(page.request, 'PUT', `/api/event/${eventID}`, { message: 'request 0, edited on the server' });
  await page.goto(`/incident/${incidentID}/events`);
  await expect(page.getByText('request 0, edited on the server').first()).toBeVisible({ timeout: 90_000 });
  // The other events' messages come from the chunks' texts, read after the numbers: each row shows its own.
  await expect(page.getByText('request 1', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Loading the message…')).toHaveCount(0, { timeout: 60_000 });
  expect(eventPages).toEqual([]);
  expect(changeRequests.length).toBeGreaterThan(0);
  page.off('request', onRequest);
});
