/*
 * Delta sync between two devices (issue 20): two browser profiles have the same large incident open;
 * a marker added on one reaches the other through its changes request alone: no event page, no full
 * re-sync, one small answer carrying the marker.
 */
import type { Request, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, openAsAdmin } from './app-session.ts';
import { LARGE_INCIDENT_START, newLargeIncident } from './large-incident.ts';

test('a marker added on one device shows on the other open device through one small changes request', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const first = await browser.newContext({ baseURL });
  const second = await browser.newContext({ baseURL });
  const a = await first.newPage();
  const b = await second.newPage();
  await openAsAdmin(a, '/');
  await openAsAdmin(b, '/');
  const incidentID = await newLargeIncident(a, 'Two devices');

  for (const page of [a, b]) {
    await page.goto(`/incident/${incidentID}/events`);
    await expect(page.getByTestId('sync-status')).toContainText(/Last synced \d/, { timeout: 90_000 });
    await expect(page.getByText('request 0', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  }

  // From here on, what device A asks the server for.
  const asked: string[] = [];
  const carried: number[] = [];
  a.on('request', (request: Request) => {
    if (request.url().includes('/api/')) asked.push(new URL(request.url()).pathname);
  });
  a.on('response', (response: Response) => {
    if (!response.url().includes('/changes?')) return;
    void response.body().then((body) => {
      if (body.includes('Impact seen from device B')) carried.push(body.length);
    });
  });

  // Device B adds a marker before the first event, so it is the first row of A's events table.
  await api(b.request, 'POST', `/api/incident/${incidentID}/marker`, {
    message: 'Impact seen from device B',
    startTimestamp: (LARGE_INCIDENT_START - 60_000) * 1000,
  });
  await expect(a.getByText('Impact seen from device B').first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => carried.length).toBe(1);

  expect(asked.filter((path) => /\/events/.test(path))).toEqual([]);
  expect(asked.filter((path) => path === `/api/incident/${incidentID}`)).toEqual([]);
  expect(
    asked.every(
      (path) => path === `/api/incident/${incidentID}/changes` || !path.startsWith(`/api/incident/${incidentID}`),
    ),
  ).toBe(true);
  expect(carried[0]).toBeLessThan(64 * 1024);
  await first.close();
  await second.close();
});
