/*
 * Issue 10, part 6: 1,000 annotations and audit actions queued offline survive the browser process
 * being killed (SIGKILL, no unload), then a second kill in the middle of sending them, and reach the
 * server exactly once each, in the order they were queued. A few of each kind are made by clicking
 * through the event panel and the analyst menu; the rest are copies of those very outbox rows
 * (tests/reliability/support/outbox-rows.ts). Sending is the app's own: the page's outbox runner
 * (or the service worker's Background Sync) when the network returns.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import {
  analystMenuButton,
  api,
  ensurePrimaryAnalyst,
  signIn,
  toggleShowFilters,
  type SessionAnalyst,
} from '../../e2e/app-session.ts';
import { expect, test } from '../../e2e/fixtures.ts';
import { demoIncident, WRITABLE_DEMO_ENV } from '../../e2e/screens-demo.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../e2e/start-server.ts';
import { recordFigures } from '../figures.ts';
import { scaled } from '../scale.ts';
import { launchKillableChromium, type KillableChromium } from '../support/killable-chromium.ts';
import { appendToOutbox, copyOf, outboxCount, readOutbox, type OutboxTemplate } from '../support/outbox-rows.ts';
import { judge, queuedWrite, storedWrites, type WriteKind } from '../support/replayed-writes.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV });

const WRITES = scaled(1000, 100);
/** The second kill comes once this share of the queue has left the device. */
const KILL_AFTER_SENT = 0.4;
/** The kinds of the copies, in turn: about 3 in 8 are audit actions, the rest annotations of every kind. */
const COPY_CYCLE: WriteKind[] = ['note', 'tag', 'audit', 'link', 'collection', 'audit', 'marker', 'audit'];

/** Signs the browser in (its own cookie jar) and opens `path`, choosing the analyst if the picker asks. */
async function openApp(context: BrowserContext, baseURL: string, path: string, analyst: SessionAnalyst): Promise<Page> {
  const login = await context.request.post(`${baseURL}/auth/login`, {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseURL}${path}`);
  // The header's menu button has the analyst's name too: only a page without it shows the picker.
  const picker = page.getByRole('button', { name: analyst.name, exact: true });
  const menu = analystMenuButton(page, analyst.name);
  await expect(picker.first()).toBeVisible({ timeout: 30_000 });
  if (!(await menu.isVisible())) await picker.click();
  await expect(menu).toBeVisible();
  return page;
}

/** The writes made by hand, offline, in the event panel, each carrying `${run}-u-<kind>`. */
async function clickWrites(page: Page, analyst: SessionAnalyst, run: string): Promise<void> {
  const panel = page.locator('[data-detail-panel="event"]');
  await panel.getByLabel('Add tag').fill(`${run}-u-tag`);
  await panel.getByRole('form', { name: 'Tag the event' }).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByRole('list', { name: 'Event tags' })).toContainText(`${run}-u-tag`);

  const notes = panel.getByRole('form', { name: 'Add note' });
  await notes.getByLabel('Note kind').selectOption('interview');
  await notes.getByLabel('Note', { exact: true }).fill(`${run}-u-note`);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByRole('list', { name: 'Notes' })).toContainText(`${run}-u-note`);

  const links = panel.getByRole('form', { name: 'Add link' });
  await links.getByLabel('Link address').fill(`https://example.org/${run}-u-link`);
  await links.getByLabel('Link title').fill(`${run}-u-link`);
  await links.getByRole('button', { name: 'Add link' }).click();
  await expect(panel.getByRole('list', { name: 'Links' })).toContainText(`${run}-u-link`);

  const collections = panel.getByRole('form', { name: 'New collection' });
  await collections.getByLabel('New collection with this event').fill(`${run}-u-collection`);
  await collections.getByRole('button', { name: 'Create' }).click();
  await expect(panel.getByRole('list', { name: 'Collections of this event' })).toContainText(`${run}-u-collection`);

  await page.getByRole('button', { name: 'Add marker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add marker' });
  await dialog.getByLabel('Time (UTC)').fill('2024-03-12 14:12:00');
  await dialog.getByLabel('Marker label').fill(`${run}-u-marker`);
  await dialog.getByRole('button', { name: 'Add marker' }).click();
  await expect(dialog).toHaveCount(0);

  await toggleShowFilters(page, analyst.name, 4);
}

/** Copies of the clicked rows until the queue holds WRITES, the kinds in COPY_CYCLE's turn. */
function copiesFor(clicked: OutboxTemplate[], run: string) {
  const templateOf = (kind: WriteKind) => clicked.find((template) => queuedWrite(template.entry, 0).kind === kind);
  const audits = clicked.filter((template) => template.entry.kind === 'audit');
  let clientTimestamp = Math.max(
    ...audits.map((template) => Number((template.entry.body as { clientTimestamp: number }).clientTimestamp)),
  );
  return Array.from({ length: WRITES - clicked.length }, (_, index) => {
    const kind = COPY_CYCLE[index % COPY_CYCLE.length]!;
    if (kind === 'audit') {
      clientTimestamp += 1000;
      return copyOf({ template: audits[index % audits.length]!, from: `${run}-u-`, to: `${run}-u-`, clientTimestamp });
    }
    const template = templateOf(kind);
    if (!template) throw new Error(`no clicked ${kind} to copy`);
    return copyOf({ template, from: `${run}-u-${kind}`, to: `${run}-c${index}-${kind}` });
  });
}

test('writes queued offline survive two killed browsers and reach the server once each, in order', async ({
  server,
  request,
}, testInfo) => {
  test.setTimeout(scaled(600_000, 150_000));
  const userID = await signIn(request);
  const analyst = await ensurePrimaryAnalyst(request, userID);
  const incident = await demoIncident(request);
  const { events } = await api<{ events: { id: number }[] }>(
    request,
    'GET',
    `/api/incident/${incident.id}/events?limit=5`,
  );
  const event = events[3]!;
  const run = `r${Date.now().toString(36)}`;
  const sinceMicros = Date.now() * 1000;
  const profile = await mkdtemp(join(tmpdir(), 'churchkey-crash-profile-'));
  const browsers: KillableChromium[] = [];
  const launch = async () => {
    const browser = await launchKillableChromium(profile);
    browsers.push(browser);
    return browser;
  };

  try {
    // First browser: open the incident while online (mirrored, service worker in control), then cut the network.
    const first = await launch();
    const page = await openApp(first.context, server.baseURL, `/incident/${incident.id}/event/${event.id}`, analyst);
    await expect(page.getByTestId('sync-status')).toContainText('Last synced', { timeout: 30_000 });
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await first.context.setOffline(true);
    await clickWrites(page, analyst, run);

    const clicked = await readOutbox(page);
    expect(clicked.map((template) => template.entry.status)).toEqual(clicked.map(() => 'pending'));
    for (let from = 0, copies = copiesFor(clicked, run); from < copies.length; from += 250)
      await appendToOutbox(page, copies.slice(from, from + 250));
    const queue = (await readOutbox(page)).map((template, position) => queuedWrite(template.entry, position));
    expect(queue).toHaveLength(WRITES);
    expect(new Set(queue.map((write) => `${write.kind}:${write.identity}`)).size).toBe(WRITES);

    // The app counts them (after a reload with no network: the rows are read back from IndexedDB).
    await page.reload();
    await expect(page.getByRole('banner')).toContainText(`${WRITES} writes waiting`, { timeout: 30_000 });
    await first.kill();

    // Second browser, same profile: everything is still queued; the network returns and the kill comes mid-send.
    const second = await launch();
    await second.context.setOffline(true);
    const secondPage = await openApp(second.context, server.baseURL, '/settings/configuration', analyst);
    const afterFirstKill = await outboxCount(secondPage);
    expect(afterFirstKill).toBe(WRITES);
    await expect(secondPage.getByRole('banner')).toContainText(`${WRITES} writes waiting`);
    const sendStarted = Date.now();
    await second.context.setOffline(false);
    await expect
      .poll(() => outboxCount(secondPage), { timeout: 120_000, intervals: [20] })
      .toBeLessThanOrEqual(WRITES * (1 - KILL_AFTER_SENT));
    const sendingMs = Date.now() - sendStarted;
    await second.kill();
    const atSecondKill = await storedWrites(request, incident.id, analyst.id, sinceMicros);
    const heldAtSecondKill = judge(queue, atSecondKill.stored, atSecondKill.rowCounts).stored;

    // Third browser: what is left is sent; the outbox empties and says so.
    const third = await launch();
    await third.context.setOffline(true);
    const thirdPage = await openApp(third.context, server.baseURL, '/settings/configuration', analyst);
    const afterSecondKill = await outboxCount(thirdPage);
    const resumed = Date.now();
    await third.context.setOffline(false);
    await expect(thirdPage.getByText('None: the server has everything written on this device.')).toBeVisible({
      timeout: 180_000,
    });
    await expect(thirdPage.getByRole('banner')).not.toContainText('waiting');
    const replayMs = sendingMs + (Date.now() - resumed);
    expect(await outboxCount(thirdPage)).toBe(0);

    const { stored, rowCounts } = await storedWrites(request, incident.id, analyst.id, sinceMicros);
    const verdict = judge(queue, stored, rowCounts);
    const kinds = Object.fromEntries(
      (['note', 'tag', 'link', 'collection', 'marker', 'audit'] as const).map((kind) => [
        kind,
        queue.filter((write) => write.kind === kind).length,
      ]),
    );
    // Writes the server had while the device still held them (answer not yet recorded at the kill): sent twice, applied once.
    const resent = Math.max(0, heldAtSecondKill + afterSecondKill - WRITES);
    recordFigures(
      '6-offline-writes',
      `### 6. Offline writes across killed browsers

${WRITES.toLocaleString('en')} writes queued with the network cut in Chromium (${clicked.length} of them clicked through the event panel and the analyst menu, the rest copies of those outbox rows), then the browser process group killed with SIGKILL; a new browser on the same profile sent them when the network returned and was killed again after ${Math.round(KILL_AFTER_SENT * 100)} % had left; a third finished. Goal: 0 lost, 0 doubled, 0 out of order, the outbox empty.

| figure | value |
| --- | --- |
| writes queued | ${WRITES.toLocaleString('en')} (${Object.entries(kinds)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')}) |
| still queued after the first kill | ${afterFirstKill.toLocaleString('en')} |
| applied by the server at the second kill | ${heldAtSecondKill.toLocaleString('en')} |
| still queued after the second kill | ${afterSecondKill.toLocaleString('en')} |
| sent again after the second kill (held by both) | ${resent} |
| replay time (both browsers, network on) | ${(replayMs / 1000).toFixed(1)} s (${Math.round(WRITES / (replayMs / 1000))} writes/s) |
| lost | ${verdict.lost.length} |
| doubled | ${verdict.doubled.length} |
| order violations | ${verdict.orderViolations} |`,
    );
    await testInfo.attach('verdict', {
      body: JSON.stringify({ ...verdict, kinds, afterFirstKill, afterSecondKill, heldAtSecondKill, replayMs }, null, 2),
      contentType: 'application/json',
    });
    expect(verdict.lost).toEqual([]);
    expect(verdict.doubled).toEqual([]);
    expect(verdict.orderViolations).toBe(0);
    expect(verdict.stored).toBe(WRITES);
  } finally {
    for (const browser of browsers) await browser.kill();
    await rm(profile, { recursive: true, force: true });
  }
});
