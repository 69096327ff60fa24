/*
 * Offline-first in Chromium: an incident opened once opens again with the network cut, after a
 * reload too, from the local mirror; writes made offline wait in the outbox (the header counts
 * them), survive closing the page, and reach the server once each, in order, when the network
 * returns, even when an answer is lost on the way back.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { analystMenuButton, api, openAsAdmin, toggleShowFilters } from './app-session.ts';
import { expect, test } from './fixtures.ts';
import { WRITABLE_DEMO_ENV } from './screens-demo.ts';
import { mirroredEventCount, outboxCount } from './mirror-idb.ts';

// A server of its own, with the demo organization a fresh server loads (server/demo/).
test.use({ serverEnv: WRITABLE_DEMO_ENV });

interface IncidentSummary {
  id: number;
  name: string;
  counts: { events: number };
}

async function demoIncident(request: APIRequestContext): Promise<IncidentSummary> {
  const { incidents } = await api<{ incidents: { items: IncidentSummary[] } }>(request, 'GET', '/api/incidents');
  const incident = incidents.items.find((item) => item.counts.events > 0);
  if (!incident) throw new Error('the demo incident is missing');
  return incident;
}

/** Opens the incident and waits until this device holds it whole and a service worker controls the page. */
async function openAndMirror(page: Page, incident: IncidentSummary) {
  await page.goto(`/incident/${incident.id}`);
  await expect(page.getByRole('heading', { name: incident.name })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Last synced', { timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('an incident opened once opens again with no network, after a reload too, and is listed as kept on this device', async ({
  page,
  context,
}, testInfo) => {
  const { analyst } = await openAsAdmin(page);
  const incident = await demoIncident(page.request);
  const firstPage = await api<{ events: Array<{ message: string }> }>(
    page.request,
    'GET',
    `/api/incident/${incident.id}/events?limit=1`,
  );
  await openAndMirror(page, incident);
  expect(await mirroredEventCount(page, incident.id)).toBe(incident.counts.events);

  await context.setOffline(true);
  await page.reload();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  await expect(page.getByRole('heading', { name: incident.name })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Offline · last synced');
  await expect(page.getByText(firstPage.events[0]!.message, { exact: false }).first()).toBeVisible();
  await testInfo.attach('incident offline', {
    body: await page.screenshot({ path: testInfo.outputPath('incident-offline.png') }),
    contentType: 'image/png',
  });

  await page.goto('/settings/configuration');
  const row = page
    .getByRole('table', { name: 'Incidents on this device' })
    .getByRole('row', { name: new RegExp(incident.name) });
  await expect(row).toContainText(incident.counts.events.toLocaleString('en'));
  await expect(page.getByTestId('storage-usage')).toContainText(/used of/);
  await testInfo.attach('storage offline', {
    body: await page.screenshot({ path: testInfo.outputPath('storage-offline.png'), fullPage: true }),
    contentType: 'image/png',
  });

  // Removing it frees the device of it (the server keeps it).
  await row.getByRole('button', { name: `Remove ${incident.name} from this device` }).click();
  await expect(row).toBeHidden();
  expect(await mirroredEventCount(page, incident.id)).toBe(0);
  await context.setOffline(false);
});

interface QueuedAnnotation {
  method: 'POST' | 'PUT';
  path: string;
  body?: unknown;
  label: string;
  note?: string;
}

/**
 * Queues annotations the way src/data/outbox's enqueueWrite stores them (an outbox row, and for a
 * note its optimistic row in the mirror). NOTE: written straight to IndexedDB because the incident
 * screens have no annotation forms yet; the rows' shape is the OutboxRow of mirror-database.ts.
 */
function queueAnnotationsOffline(page: Page, incidentID: number, analystID: number, writes: QueuedAnnotation[]) {
  return page.evaluate(
    ({ incidentID, analystID, writes }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('churchkey-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['outbox', 'notes'], 'readwrite');
          writes.forEach((write, index) => {
            const id = crypto.randomUUID();
            const noteID = -1_000_000 - index;
            if (write.note !== undefined) {
              tx.objectStore('notes').put({
                id: noteID,
                incidentID,
                eventID: null,
                kind: 'other',
                text: write.note,
                analystID,
                analystName: null,
                createTimestamp: Date.now() * 1000,
                updateTimestamp: Date.now() * 1000,
                outboxID: id,
              });
            }
            tx.objectStore('outbox').add({
              id,
              kind: 'annotation',
              method: write.method,
              path: write.path,
              body: write.body,
              label: write.label,
              analystID,
              incidentID,
              createdAt: Date.now(),
              status: 'pending',
              attempts: 0,
              optimisticPuts: write.note === undefined ? [] : [{ table: 'notes', key: noteID }],
            });
          });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { incidentID, analystID, writes },
  );
}

test('20 annotations and 20 audit actions made offline reach the server once each, in order, after the page was closed', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const { analyst } = await openAsAdmin(page);
  const incident = await demoIncident(page.request);
  const [firstEvent] = (
    await api<{ events: Array<{ id: number }> }>(page.request, 'GET', `/api/incident/${incident.id}/events?limit=1`)
  ).events;
  await openAndMirror(page, incident);
  const startMicros = Date.now() * 1000;
  const run = Date.now().toString(36);

  await context.setOffline(true);
  // 20 UI actions: "Show filters" toggled through the analyst menu, each recorded as an audit action.
  await toggleShowFilters(page, analyst.name, 20);

  // 20 annotations: notes, event tags and links, interleaved.
  const writes: QueuedAnnotation[] = Array.from({ length: 20 }, (_, index) => {
    const n = index + 1;
    if (index % 3 === 0)
      return {
        method: 'POST',
        path: `/api/incident/${incident.id}/note`,
        body: { kind: 'other', text: `offline note ${run} ${n}` },
        label: `Note ${n}`,
        note: `offline note ${run} ${n}`,
      };
    if (index % 3 === 1)
      return { method: 'PUT', path: `/api/event/${firstEvent!.id}/tag/offline-${run}-${n}`, label: `Tag ${n}` };
    return {
      method: 'POST',
      path: `/api/incident/${incident.id}/link`,
      body: { url: `https://example.org/${run}/${n}`, title: `offline link ${n}` },
      label: `Link ${n}`,
    };
  });
  await queueAnnotationsOffline(page, incident.id, analyst.id, writes);
  const waiting = await outboxCount(page);
  expect(waiting).toBeGreaterThanOrEqual(40);

  // Offline, after a reload: the header counts the waiting writes, and the notes already show.
  await page.goto(`/incident/${incident.id}/annotations`);
  await expect(page.getByRole('link', { name: `${waiting} writes waiting` })).toBeVisible();
  // The annotations table (the incident's notes list above it shows the note too).
  await expect(page.getByRole('cell', { name: `offline note ${run} 1`, exact: true })).toBeVisible();
  await testInfo.attach('writes waiting', {
    body: await page.screenshot({ path: testInfo.outputPath('writes-waiting.png') }),
    contentType: 'image/png',
  });

  // Close the page; open the app again (still offline), then the network returns.
  await page.close();
  const again = await context.newPage();
  // The first two notes' answers are lost on the way back: the server applied them, the sender (the page, or
  // the service worker's Background Sync: context.route sees both) saw a network error.
  let lostAnswers = 0;
  await context.route(`**/api/incident/${incident.id}/note`, async (route) => {
    if (route.request().method() === 'POST' && lostAnswers < 2) {
      lostAnswers += 1;
      await route.fetch();
      await route.abort('failed');
      return;
    }
    await route.continue();
  });
  await again.goto('/settings/configuration');
  await expect(analystMenuButton(again, analyst.name)).toBeVisible();
  await expect(again.getByRole('link', { name: `${waiting} writes waiting` })).toBeVisible();
  await context.setOffline(false);
  await expect(again.getByRole('link', { name: /writes? waiting/ })).toBeHidden({ timeout: 60_000 });
  await expect(again.getByText('None: the server has everything written on this device.')).toBeVisible();
  expect(lostAnswers).toBe(2);

  // The server holds each annotation once, in the order they were made.
  const { entries } = await api<{
    entries: Array<{ action: string; detail: Record<string, unknown>; timestamp: number }>;
  }>(again.request, 'GET', `/api/audit/data?analystID=${analyst.id}&minTimestamp=${startMicros}&limit=1000`);
  const made = entries
    .reverse()
    .filter((entry) => ['create note', 'add event tag', 'create link'].includes(entry.action));
  expect(made.map((entry) => entry.action)).toEqual(
    writes.map((_, index) => ['create note', 'add event tag', 'create link'][index % 3]),
  );
  const payload = await api<{
    incident: {
      notes: Array<{ id: number; text: string }>;
      links: Array<{ id: number; url: string }>;
      eventTags: Array<{ itemID: number; name: string }>;
    };
  }>(again.request, 'GET', `/api/incident/${incident.id}`);
  const notes = payload.incident.notes
    .filter((note) => note.text.startsWith(`offline note ${run}`))
    .sort((a, b) => a.id - b.id);
  expect(notes.map((note) => note.text)).toEqual(writes.filter((write) => write.note).map((write) => write.note));
  const links = payload.incident.links.filter((link) => link.url.includes(`/${run}/`)).sort((a, b) => a.id - b.id);
  expect(links.map((link) => link.url)).toEqual(
    writes.filter((write) => write.path.endsWith('/link')).map((write) => (write.body as { url: string }).url),
  );
  expect(payload.incident.eventTags.filter((tag) => tag.name.startsWith(`offline-${run}`)).length).toBe(
    writes.filter((write) => write.method === 'PUT').length,
  );

  // The 20 audit actions too: once each, in the order taken (alternating values, rising client times).
  const { actions } = await api<{
    actions: Array<{ actionName: string; value: unknown; clientTimestamp: number | null }>;
  }>(
    again.request,
    'GET',
    `/api/audit/ui?analystID=${analyst.id}&action=show%20filters&minTimestamp=${startMicros}&limit=1000`,
  );
  const toggles = actions.reverse();
  expect(toggles.length).toBe(20);
  expect(toggles.map((action) => action.value)).toEqual(Array.from({ length: 20 }, (_, index) => index % 2 === 1));
  const clientTimes = toggles.map((action) => action.clientTimestamp ?? 0);
  expect(clientTimes).toEqual([...clientTimes].sort((a, b) => a - b));
  expect(clientTimes.every((time) => time >= startMicros)).toBe(true);

  // The mirror now holds the server's rows in place of the optimistic ones.
  await again.goto(`/incident/${incident.id}/annotations`);
  await expect(again.getByRole('cell', { name: `offline note ${run} 1`, exact: true })).toHaveCount(1);
});

test('with no page of the app open, the service worker sends what waits (Background Sync)', async ({
  page,
  context,
  server,
}) => {
  const { analyst } = await openAsAdmin(page);
  const incident = await demoIncident(page.request);
  await openAndMirror(page, incident);
  const run = Date.now().toString(36);

  await context.setOffline(true);
  await queueAnnotationsOffline(page, incident.id, analyst.id, [
    {
      method: 'POST',
      path: `/api/incident/${incident.id}/note`,
      body: { kind: 'other', text: `synced by the worker ${run}` },
      label: 'Note',
      note: `synced by the worker ${run}`,
    },
  ]);
  // An action taken offline asks the browser for a Background Sync.
  await analystMenuButton(page, analyst.name).click();
  await page.getByRole('menuitemcheckbox', { name: 'Show filters' }).click();
  await page.keyboard.press('Escape');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return registration.sync.getTags();
      }),
    )
    .toContain('churchkey-outbox');

  // No page of the app is left; the network returns and the browser fires the sync.
  await page.close();
  await context.setOffline(false);
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.find((registration) => registration.scopeURL === `${server.baseURL}/`))
    .toBeDefined();
  const registration = registrations.find((candidate) => candidate.scopeURL === `${server.baseURL}/`)!;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: server.baseURL,
    registrationId: registration.registrationId,
    tag: 'churchkey-outbox',
    lastChance: false,
  });

  await expect
    .poll(
      async () => {
        const payload = await api<{ incident: { notes: Array<{ text: string }> } }>(
          context.request,
          'GET',
          `/api/incident/${incident.id}`,
        );
        return payload.incident.notes.filter((note) => note.text === `synced by the worker ${run}`).length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
});
