/*
 * Re-import (issue 5 part 6) through the stream panel: the same file again (nothing to carry, then
 * an annotated event carried to its match), an updated file whose annotated event is gone (a
 * merge_conflict the analyst resolves), and the upload's progress and cancel on a throttled link.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { detectFormat } from '../../domain/import/detect-format.ts';
import { settingsFromDetection } from '../../domain/import/import-settings.ts';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { api, collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { chooseColorMode, importThroughPage, newIncident } from './stream-session.ts';

const panel = (page: Page) => page.locator('[data-stream-panel]');
const fact = (page: Page, name: string) => page.locator(`[data-stream-fact="${name}"]`);
const check = (page: Page, name: string) => page.locator(`[data-check="${name}"]`);

async function streamOf(page: Page, incidentID: number): Promise<{ id: number; eventCount: number }> {
  const payload = await api<{ incident: { streams: { id: number; isMarkerStream: boolean; eventCount: number }[] } }>(
    page.request,
    'GET',
    `/api/incident/${incidentID}`,
  );
  return payload.incident.streams.find((stream) => !stream.isMarkerStream)!;
}

async function chooseUpdatedFile(page: Page, fixture: string) {
  await panel(page).getByLabel('Updated file', { exact: true }).setInputFiles(join(FIXTURES_DIR, fixture));
  await expect(panel(page).getByRole('button', { name: 'Check' })).toBeEnabled();
}

test('re-importing the same delimited file: nothing to carry over, counts unchanged', async ({ page }) => {
  const dialogs = collectDialogs(page);
  await openAsAdmin(page, '/');
  const incidentID = await importThroughPage(page, 'events/m365_defender_activity_log.csv');
  const stream = await streamOf(page, incidentID);
  await page.goto(`/incident/${incidentID}/stream/${stream.id}`);
  await expect(fact(page, 'events')).toHaveText('15');

  await chooseUpdatedFile(page, 'events/m365_defender_activity_log.csv');
  await panel(page).getByRole('button', { name: 'Check' }).click();
  await expect(check(page, 'outcome')).toHaveText('Nothing to carry over (no_source_annotations)');
  await expect(check(page, 'current')).toHaveText('15');
  await expect(check(page, 'new')).toHaveText('15');
  await expect(check(page, 'matched')).toHaveText('15');
  await expect(check(page, 'invalid')).toHaveText('0');
  // Cancel goes back without changing anything.
  await panel(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(check(page, 'outcome')).toBeHidden();
  await panel(page).getByRole('button', { name: 'Check' }).click();
  await panel(page).getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel(page).locator('[data-reimport="done"]')).toContainText(
    'Re-imported: 15 events (no_source_annotations)',
  );
  await expect(fact(page, 'events')).toHaveText('15');
  expect((await streamOf(page, incidentID)).eventCount).toBe(15);
  expect(dialogs).toEqual([]);
});

test('an annotated event is carried to its match; an updated file without it is a merge conflict the analyst resolves', async ({
  page,
}, testInfo) => {
  const dialogs = collectDialogs(page);
  const session = await openAsAdmin(page, '/');
  const incidentID = await importThroughPage(page, 'har/firefox111_mitmproxy.har');
  const stream = await streamOf(page, incidentID);
  const events = await api<{ events: { id: number; streamID: number; message: string }[] }>(
    page.request,
    'GET',
    `/api/incident/${incidentID}/events?limit=100`,
  );
  const tagged = events.events.find((event) => event.streamID === stream.id)!;
  await api(page.request, 'PUT', `/api/event/${tagged.id}/tag/suspicious`);
  await page.goto(`/incident/${incidentID}/stream/${stream.id}`);

  // The same file: the tagged event has its match, so the tag moves to the new event.
  await chooseUpdatedFile(page, 'har/firefox111_mitmproxy.har');
  await panel(page).getByRole('button', { name: 'Check' }).click();
  await expect(check(page, 'outcome')).toHaveText('Safe to merge (safe)');
  await panel(page).getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel(page).locator('[data-reimport="done"]')).toContainText('1 annotations carried over');
  await expect(fact(page, 'events')).toHaveText('14');

  // Another capture: the tagged request is not in it.
  await chooseUpdatedFile(page, 'har/safari_webkit_mitmproxy.har');
  await panel(page).getByRole('button', { name: 'Check' }).click();
  await expect(check(page, 'outcome')).toHaveText('Conflict: annotated events have no match (merge_conflict)');
  const unmatched = panel(page).getByRole('table', { name: 'Annotated events without a match' });
  await expect(unmatched.getByRole('row')).toHaveCount(2);
  await expect(unmatched.getByRole('row').nth(1)).toContainText(tagged.message);
  await expect(unmatched.getByRole('row').nth(1)).toContainText('tag:suspicious');
  await expect(panel(page).getByRole('button', { name: 'Keep unmatched events' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('stream-reimport-conflict-light.png'), fullPage: true });
  await chooseColorMode(page, session.analyst.name, 'dark');
  await page.screenshot({ path: testInfo.outputPath('stream-reimport-conflict-dark.png'), fullPage: true });

  await panel(page).getByRole('button', { name: 'Move their annotations to the stream' }).click();
  await expect(panel(page).locator('[data-reimport="done"]')).toContainText('(merge_conflict, detach_unmatched)');
  await expect(panel(page).locator('[data-reimport="done"]')).toContainText(
    '1 unmatched events removed after their annotations moved to the stream',
  );
  await expect(fact(page, 'events')).toHaveText('19');
  const after = await api<{ stream: { tags: string[] } }>(page.request, 'GET', `/api/stream/${stream.id}`);
  expect(after.stream.tags).toContain('suspicious');
  expect(dialogs).toEqual([]);
});

test('an updated log of times of day alone is previewed and read on its stream’s day, not the incident’s first', async ({
  page,
}) => {
  const dialogs = collectDialogs(page);
  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'Undated log');
  // The incident starts on 1 March 2015 (a note by hand); the log was read on 5 March when it came in.
  const notes = await api<{ stream: { id: number } }>(page.request, 'POST', `/api/incident/${incidentID}/stream`, {
    name: 'Notes',
  });
  await api(page.request, 'POST', `/api/incident/${incidentID}/event`, {
    streamID: notes.stream.id,
    message: 'first report',
    startTimestamp: Date.UTC(2015, 2, 1, 8) * 1000,
  });
  const log = [
    '23:59:58.120 [main] INFO  com.example.App - Starting',
    '00:00:01.004 [main] WARN  com.example.App - Past midnight',
  ];
  const bytes = (lines: string[]) => Buffer.from(lines.map((line) => `${line}\n`).join(''));
  const settings = settingsFromDetection(detectFormat(bytes(log), 'console.log'), 'UTC');
  const imported = await page.request.post(`/api/incident/${incidentID}/import`, {
    headers: { 'x-churchkey-analyst': '0' },
    multipart: {
      settings: JSON.stringify({ ...settings, startDate: '2015-03-05' }),
      file: { name: 'console.log', mimeType: 'text/plain', buffer: bytes(log) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const streamID = ((await imported.json()) as { import: { streams: { id: number }[] } }).import.streams[0]!.id;

  await page.goto(`/incident/${incidentID}/stream/${streamID}`);
  await expect(fact(page, 'events')).toHaveText('2');
  const updated = [...log, '00:00:04.500 [main] ERROR com.example.App - Stopped'];
  await panel(page)
    .getByLabel('Updated file', { exact: true })
    .setInputFiles({ name: 'console.log', mimeType: 'text/plain', buffer: bytes(updated) });
  const rows = panel(page).getByRole('table', { name: 'First rows' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('2015-03-05 23:59:58');
  await expect(rows.nth(3)).toContainText('2015-03-06 00:00:04');
  await panel(page).getByRole('button', { name: 'Check' }).click();
  await expect(check(page, 'new')).toHaveText('3');
  await expect(check(page, 'matched')).toHaveText('2');
  await panel(page).getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel(page).locator('[data-reimport="done"]')).toContainText('Re-imported: 3 events');
  await expect(fact(page, 'events')).toHaveText('3');
  expect(dialogs).toEqual([]);
});

test('the import shows its upload progress on a slow link and can be cancelled', async ({ page }) => {
  await openAsAdmin(page, '/');
  const incidentID = await importThroughPage(page, 'events/m365_defender_activity_log.csv');
  await page.goto(`/incident/${incidentID}/create-stream`);
  await page.getByLabel('Evidence file').setInputFiles(join(FIXTURES_DIR, 'events', 'zeek_syslog_wrccdc2018.log'));
  await expect(page.getByRole('button', { name: 'Import' })).toBeEnabled();
  // Chromium's own throttling: 1.4 MB at 256 KiB/s takes some seconds to send.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await page.getByRole('button', { name: 'Import' }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading the file' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Uploading:' })).toContainText('of 1.4 MB');
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import cancelled' })).toBeVisible();
  expect(
    (await api<{ incident: { streams: unknown[] } }>(page.request, 'GET', `/api/incident/${incidentID}`)).incident
      .streams,
  ).toHaveLength(2);

  // Unthrottled again, the import goes through the server's phase to its answer.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByRole('button', { name: 'Import' }).click();
  // The server's phase shows its own progress; on a busy machine it runs past the default 10 s.
  await expect(page.getByRole('status').filter({ hasText: 'events imported' })).toContainText('2,378 events imported', {
    timeout: 60_000,
  });
});

test('a stream annotated after the check answers 409 on import, and the check must be redone', async ({ page }) => {
  await openAsAdmin(page, '/');
  const incidentID = await importThroughPage(page, 'har/firefox111_mitmproxy.har');
  const stream = await streamOf(page, incidentID);
  await page.goto(`/incident/${incidentID}/stream/${stream.id}`);
  await chooseUpdatedFile(page, 'har/safari_webkit_mitmproxy.har');
  await panel(page).getByRole('button', { name: 'Check' }).click();
  await expect(check(page, 'outcome')).toHaveText('Nothing to carry over (no_source_annotations)');

  // Meanwhile another analyst tags an event the new file does not have.
  const events = await api<{ events: { id: number; streamID: number }[] }>(
    page.request,
    'GET',
    `/api/incident/${incidentID}/events?limit=100`,
  );
  await api(
    page.request,
    'PUT',
    `/api/event/${events.events.find((event) => event.streamID === stream.id)!.id}/tag/late`,
  );
  await panel(page).getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel(page).getByRole('status').filter({ hasText: 'changed since the check' })).toHaveText(
    'The stream changed since the check (now merge_conflict): check again before importing.',
  );
  await expect(fact(page, 'events')).toHaveText('14');
  await panel(page).getByRole('button', { name: 'Check' }).click();
  await expect(check(page, 'outcome')).toHaveText('Conflict: annotated events have no match (merge_conflict)');
  await panel(page).getByRole('button', { name: 'Cancel' }).click();
  expect((await streamOf(page, incidentID)).eventCount).toBe(14);
});
