/*
 * A large incident's swimlane opened again with no network (issue 20's reopen path): the layout worker
 * starts as the app starts on the swimlane's address, the swimlane draws every event from the device,
 * and what waits for its first frame (the messages, the series under it) follows.
 */
import { expect, test } from './fixtures.ts';
import { api } from './app-session.ts';
import { LARGE_INCIDENT_EVENTS, adminWithLargeIncident, largeIncidentSwimlane } from './large-incident.ts';

test('a large incident’s swimlane opens again with no network: drawn with every event, then its messages and series', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const incidentID = await adminWithLargeIncident(page, 'Swimlane reopen offline');
  const first = await api<{ events: Array<{ id: number }> }>(
    page.request,
    'GET',
    `/api/incident/${incidentID}/events?limit=1`,
  );
  const eventID = first.events[0]!.id;
  const swimlane = largeIncidentSwimlane(page);

  await page.goto(`/incident/${incidentID}/type/swimlane`);
  await expect(page.getByTestId('sync-status')).toContainText(/Last synced \d/, { timeout: 90_000 });
  await expect(swimlane).toBeVisible({ timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.goto(`/incident/${incidentID}/type/swimlane/event/${eventID}`);
  await expect(page.getByTestId('sync-status')).toContainText('Offline · last synced', { timeout: 60_000 });
  await expect(swimlane).toBeVisible({ timeout: 60_000 });
  // One canvas, drawn.
  await expect(swimlane.locator('canvas')).toHaveCount(1);
  await expect(swimlane).toHaveAttribute('data-frames', /^[1-9]/);
  await expect(swimlane).toHaveAttribute('data-swimlane-idle', 'true');
  await page.screenshot({ path: test.info().outputPath('swimlane-reopened-offline.png') });
  // After the first frame: the selected event's message, and the series counting every event.
  await expect(page.getByText('request 0', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Events over time' })).toContainText(
    `Events over time, ${LARGE_INCIDENT_EVENTS.toLocaleString('en')} events`,
    { timeout: 60_000 },
  );
  await context.setOffline(false);
});
