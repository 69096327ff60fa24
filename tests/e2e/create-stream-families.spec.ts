/*
 * Evidence of every event family comes in through the create-stream page with no settings: the
 * preview names the family and why, the import lands, and the events show on the timeline. Expected
 * values were read off the fixture files by hand. The last test fixes a wrong detection by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { api, collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { newIncident } from './stream-session.ts';

interface FamilyCase {
  readonly family: string;
  readonly fixture: string;
  /** The format as the preview names it. */
  readonly format: RegExp;
  readonly events: number;
  /** Text of one event's message, as the timeline shows it. */
  readonly message: string;
  /** The first event's start as the preview's first row shows it in UTC. */
  readonly firstStart: string;
}

const CASES: readonly FamilyCase[] = [
  {
    family: 'delimited (multi-character delimiter, no header)',
    fixture: 'field/delimited/trendmicro_ofcurlf.log',
    format: /Delimited/,
    events: 4,
    message: 'wget.exe',
    // The epoch column 1516713364 gives the seconds the HHMM column lacks.
    firstStart: '2018-01-23 13:16:04',
  },
  {
    family: 'syslog (RFC 5424)',
    fixture: 'field/syslog/rfc5424_rsyslog_protocol23.log',
    format: /syslog/i,
    events: 9,
    message: 'Stopping Regular background program processing daemon',
    firstStart: '2021-03-06 04:07:38',
  },
  {
    family: 'web access log (Apache, mixed layouts and offsets)',
    fixture: 'field/weblogs/apache_combined_mixed_offsets.log',
    format: /access log/i,
    events: 15,
    message: '/wp-content/themes/darkmode/evil.php',
    firstStart: '2016-01-13 19:31:16',
  },
  {
    family: 'W3C extended (Incapsula, quoted fields)',
    fixture: 'field/weblogs/incapsula_w3c.log',
    format: /Delimited|W3C/,
    events: 2,
    message: '',
    firstStart: '2017-06-28 07:26:35',
  },
  {
    family: 'JSON document (CloudTrail Records)',
    fixture: 'field/json/cloudtrail_records_pretty.json',
    format: /JSON/,
    events: 1,
    message: 'StopInstances',
    firstStart: '2023-07-19 21:14:20',
  },
  {
    family: 'HAR (Insomnia, no pages)',
    fixture: 'field/har/insomnia_2022.har',
    format: /HAR/,
    events: 1,
    message: 'mitm.it',
    firstStart: '2023-03-30 04:39:18',
  },
  {
    family: 'IRC (XChat)',
    fixture: 'events/xchat_irc_transcript.log',
    format: /IRC/i,
    // 15 lines read; line 10's "39:95:90" is no time and is listed as invalid.
    events: 15,
    message: 'ola plas-ing guys!',
    firstStart: '2011-12-31 21:11:55',
  },
];

for (const family of CASES) {
  test(`${family.family}: previewed, imported with no settings, shown on the timeline`, async ({ page }, testInfo) => {
    const dialogs = collectDialogs(page);
    let incidentID = 0;
    await openAsAdmin(page, async () => {
      incidentID = await newIncident(page, 'Families');
      return `/incident/${incidentID}/create-stream`;
    });
    await page.getByLabel('Evidence file').setInputFiles(join(FIXTURES_DIR, family.fixture));
    await expect(page.locator('[data-summary="format"]')).toHaveText(family.format);
    await expect(page.locator('[data-summary="reason"]')).not.toBeEmpty();
    if (family.events > 0)
      await expect(page.locator('[data-summary="valid"]')).toHaveText(family.events.toLocaleString('en-US'));
    const firstRows = page.getByRole('table', { name: 'First rows' });
    if (family.firstStart !== '') await expect(firstRows.getByRole('row').nth(1)).toContainText(family.firstStart);
    await page.screenshot({ path: testInfo.outputPath('preview.png'), fullPage: true });

    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'events imported' })).toBeVisible();
    const payload = await api<{ incident: { streams: { eventCount: number; isMarkerStream: boolean }[] } }>(
      page.request,
      'GET',
      `/api/incident/${incidentID}`,
    );
    const imported = payload.incident.streams
      .filter((stream) => !stream.isMarkerStream)
      .reduce((sum, stream) => sum + stream.eventCount, 0);
    if (family.events > 0) expect(imported).toBe(family.events);
    else expect(imported).toBeGreaterThan(0);

    await page.goto(`/incident/${incidentID}`);
    const list = page.getByTestId('event-timeline-list');
    await expect(list.locator('[data-event-id]').first()).toBeVisible();
    if (family.message !== '') await expect(list.getByText(family.message, { exact: false }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('timeline.png'), fullPage: true });
    expect(dialogs).toEqual([]);
  });
}

/** Signed in as the administrator, on the create-stream view of a new incident; the incident's id. */
async function openCreateStream(page: Page): Promise<number> {
  let incidentID = 0;
  await openAsAdmin(page, async () => {
    incidentID = await newIncident(page, 'Families');
    return `/incident/${incidentID}/create-stream`;
  });
  return incidentID;
}

/** Chooses a file named `name` of these lines (each ended by a newline) as the evidence. */
async function chooseEvidence(page: Page, name: string, mimeType: string, lines: string[]): Promise<void> {
  const buffer = Buffer.from(lines.map((line) => `${line}\n`).join(''));
  await page.getByLabel('Evidence file').setInputFiles({ name, mimeType, buffer });
}

/** Imports what the preview shows, and waits for the page to say how many events came in. */
async function importPreviewed(page: Page, imported: string): Promise<void> {
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'events imported' })).toContainText(imported);
}

/** The preview's first row read as an event. */
const firstPreviewRow = (page: Page) => page.getByRole('table', { name: 'First rows' }).getByRole('row').nth(1);

test('a wrong guess is fixed by hand: ambiguous dates read day-first, from a date column and a time column', async ({
  page,
}) => {
  await openCreateStream(page);
  // No day above 12: nothing in the file tells month-first from day-first.
  await chooseEvidence(page, 'desk-log.csv', 'text/csv', [
    'date,time,user,action',
    '03/04/2024,10:00:00,alice,login',
    '03/04/2024,10:05:30,bob,upload',
    '05/04/2024,09:00:00,alice,logout',
  ]);
  const firstRows = page.getByRole('table', { name: 'First rows' });
  await expect(page.locator('[data-summary="valid"]')).toHaveText('3');
  // The time of day comes from its own column, joined to the date.
  await expect(page.getByLabel('Time of day')).toHaveValue('1');
  await expect(firstRows.getByRole('row').nth(1)).toContainText('2024-03-04 10:00:00');
  // Sample values stay visible while mapping.
  await expect(page.getByRole('table', { name: 'File as read' })).toContainText('03/04/2024');

  await page.getByLabel('Dates read as').selectOption('dmy');
  await expect(firstRows.getByRole('row').nth(1)).toContainText('2024-04-03 10:00:00');
  await expect(firstRows.getByRole('row').nth(3)).toContainText('2024-04-05 09:00:00');
  await importPreviewed(page, '3 events imported');
});

test('import stays disabled while no row is valid, and the reason names the line and column', async ({ page }) => {
  await openCreateStream(page);
  await chooseEvidence(page, 'bad-dates.csv', 'text/csv', [
    'when,who,what',
    '2024-02-31 10:00:00,alice,login',
    '2024-13-01 10:00:00,bob,upload',
  ]);
  await page.getByLabel('Start time (required)').selectOption('0');
  await expect(page.locator('[data-summary="invalid"]')).toHaveText('2');
  const invalid = page.getByRole('table', { name: 'Invalid rows' });
  await expect(invalid.getByRole('row').nth(1)).toContainText('"when"');
  await expect(invalid.getByRole('row').nth(1)).not.toContainText('section');
  await expect(page.getByRole('button', { name: 'Import' })).toBeHidden();
});

test('a transcript whose cues count from zero starts where the analyst says, in an incident with no events yet', async ({
  page,
}) => {
  await openCreateStream(page);
  await page.getByLabel('Evidence file').setInputFiles(join(FIXTURES_DIR, 'field/chat/youtube_dl_autocaption.vtt'));
  await expect(page.locator('[data-summary="format"]')).toHaveText('Subtitles');
  // No event to start from: the preview says what it needs, and nothing can be imported yet.
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be imported' })).toContainText('recording started');
  await expect(page.getByRole('button', { name: 'Import' })).toBeHidden();
  const start = page.getByLabel('Recording started at (UTC)');
  await start.fill('2024-03-01T09:00:00');
  await start.blur();
  // The first cue is at 00:04:46.070 into the recording.
  await expect(firstPreviewRow(page)).toContainText('2024-03-01 09:04:46');
  await expect(page.locator('[data-summary="valid"]')).toHaveText('4');
  await importPreviewed(page, '4 events imported from the Subtitles file');
});

test('a rotated log as logrotate leaves it (gzipped) and an application log with a stack trace come in with no settings', async ({
  page,
}) => {
  const incidentID = await openCreateStream(page);
  const gzipped = gzipSync(readFileSync(join(FIXTURES_DIR, 'field/weblogs/apache_combined_mixed_offsets.log')));
  await page
    .getByLabel('Evidence file')
    .setInputFiles({ name: 'access.log.1.gz', mimeType: 'application/gzip', buffer: gzipped });
  await expect(page.locator('[data-summary="format"]')).toHaveText(/access log/i);
  await expect(page.locator('[data-summary="reason"]')).toContainText('Compressed with gzip');
  await expect(page.locator('[data-summary="valid"]')).toHaveText('15');
  await expect(firstPreviewRow(page)).toContainText('2016-01-13 19:31:16');
  await importPreviewed(page, '15 events imported');

  await page.goto(`/incident/${incidentID}/create-stream`);
  await chooseEvidence(page, 'app.log', 'text/plain', [
    '2024-01-02 07:41:03,515 INFO  [main] com.example.App - Starting',
    '2024-01-02 07:41:04,001 ERROR [worker-1] com.example.Job - Job failed',
    'java.lang.IllegalStateException: no connection',
    '\tat com.example.Job.run(Job.java:42)',
    '2024-01-02 07:41:05,250 WARN  [main] com.example.App - Retrying',
  ]);
  await expect(page.locator('[data-summary="format"]')).toHaveText(/text log/i);
  await expect(page.locator('[data-summary="valid"]')).toHaveText('3');
  await expect(page.locator('[data-summary="invalid"]')).toHaveText('0');
  await expect(firstPreviewRow(page)).toContainText('2024-01-02 07:41:03');
  await importPreviewed(page, '3 events imported');
  await page.goto(`/incident/${incidentID}`);
  await expect(page.getByTestId('event-timeline-list').getByText('Job failed', { exact: false }).first()).toBeVisible();

  // Logback's default console pattern writes a time of day alone: the lines are read on the day of the
  // incident's first event (the access log's earliest line, 17/May/2015:10:05:14 +0000), and on the
  // next day once the clock runs past midnight.
  await page.goto(`/incident/${incidentID}/create-stream`);
  await expect(page.getByText('access.log.1.gz').first()).toBeVisible();
  await chooseEvidence(page, 'console.log', 'text/plain', [
    '23:59:58.120 [main] INFO  com.example.App - Starting',
    '00:00:01.004 [main] WARN  com.example.App - Past midnight',
  ]);
  await expect(page.locator('[data-summary="reason"]')).toContainText('a time of day alone');
  await expect(firstPreviewRow(page)).toContainText('2015-05-17 23:59:58');
  await expect(page.getByRole('table', { name: 'First rows' }).getByRole('row').nth(2)).toContainText(
    '2015-05-18 00:00:01',
  );
  await importPreviewed(page, '2 events imported');
});
