/*
 * Exports of the demo incident's shown events (CSV, JSON Lines, Timesketch CSV) read back by our
 * importers exactly as an analyst's re-import would read them, the timeline as a PNG, and the UI
 * actions recorded with their context ids.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { collectImport } from '../../domain/import/collect-import.ts';
import { detectFormat } from '../../domain/import/detect-format.ts';
import { settingsFromDetection } from '../../domain/import/import-settings.ts';
import { parseImport } from '../../domain/import/parse-import.ts';
import { expect, test } from './fixtures.ts';
import { api, openAsAdmin } from './app-session.ts';
import { DEMO_ENV, demoIncident } from './screens-demo.ts';
import { DEMO_SHOWN, demoShownWithTag } from './demo-counts.ts';

test.use({ serverEnv: DEMO_ENV });

async function download(page: Page, item: string): Promise<{ name: string; bytes: Uint8Array }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}

async function readBack(file: { name: string; bytes: Uint8Array }) {
  const settings = settingsFromDetection(detectFormat(file.bytes, file.name), 'UTC');
  if (!settings) throw new Error(`${file.name} was not recognised`);
  return { format: settings.format, ...(await collectImport(parseImport(file.bytes, settings))) };
}

test('the shown events export as CSV, JSON Lines and Timesketch CSV, and read back whole', async ({ page }) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  await page.goto(`/incident/${incident.id}`);
  await page.getByTestId('incident-side-panel').getByRole('radio', { name: 'require tag root-cause' }).click();
  await expect(page.getByTestId('shown-event-count')).toHaveText(String(demoShownWithTag('root-cause')));
  const expected = [
    'mchen@db-orders-01:~$ dmesg -T | tail -3 -> nvme nvme0: I/O 412 QID 3 timeout, aborting; nvme nvme0: controller is down; will reset',
    'it is the NVMe controller on db-orders-01: I/O timeouts and a controller reset in dmesg. This will not get better by itself.',
  ];
  for (const [item, format] of [
    ['Events as CSV', 'delimited'],
    ['Events as JSON Lines', 'jsonl'],
    ['Events as Timesketch CSV', 'timesketch-csv'],
  ] as const) {
    const file = await download(page, item);
    expect(file.name).toMatch(/^orders-database-failover\./);
    const read = await readBack(file);
    expect(read.format).toBe(format);
    expect(read.invalid).toEqual([]);
    expect(read.records).toHaveLength(demoShownWithTag('root-cause'));
    for (const message of expected) expect(read.records.map((record) => record.message)).toContain(message);
    const dmesg = read.records.find((record) => record.message === expected[0]);
    expect(dmesg?.actor).toBe('Marcus Chen');
    expect(new Date((dmesg?.startMicros ?? 0) / 1000).toISOString()).toBe('2024-03-12T14:12:10.000Z');
  }
  const { actions } = await api<{
    actions: Array<{ actionName: string; incidentID: number | null; organizationID: number | null }>;
  }>(page.request, 'GET', `/api/audit/ui?action=${encodeURIComponent('export events csv')}`);
  expect(actions[0]).toMatchObject({
    actionName: 'export events csv',
    incidentID: incident.id,
    organizationID: incident.organizationID,
  });
  const modes = await api<{ actions: Array<{ value: unknown }> }>(
    page.request,
    'GET',
    `/api/audit/ui?action=${encodeURIComponent('set tag filter mode')}`,
  );
  expect(modes.actions[0]?.value).toEqual({ item: 'root-cause', mode: 'r' });
});

test('the timeline exports as a PNG of the rows in view', async ({ page }, testInfo) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByTestId('shown-event-count')).toHaveText(String(DEMO_SHOWN));
  const file = await download(page, 'Picture as PNG');
  expect(file.name).toBe('orders-database-failover-event-timeline.png');
  expect([...file.bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(file.bytes.buffer, file.bytes.byteOffset);
  expect(view.getUint32(16)).toBe(2400);
  expect(view.getUint32(20)).toBeGreaterThan(400);
  const path = testInfo.outputPath('timeline-export.png');
  await writeFile(path, file.bytes);
  await testInfo.attach('timeline export', { path, contentType: 'image/png' });
});
