/*
 * Annotating the demo incident in its detail panels: tags, notes with kinds, collections, a reply
 * thread, links, attached files and markers, each with its error case shown beside the field, and
 * the other sub-routes (actor, collection, event group, link, map) showing their data.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, openAsAdmin, uniqueName } from './app-session.ts';
import { openMarkerDialog, submitMarker } from './marker-dialog.ts';
import { attachScreenshots, demoIncident, WRITABLE_DEMO_ENV } from './screens-demo.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV });

interface EventItem {
  id: number;
  message: string;
  isMarker: boolean;
}

async function openEvent(page: Page, messageStart: string): Promise<{ incidentID: number; event: EventItem }> {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  const { events } = await api<{ events: EventItem[] }>(page.request, 'GET', `/api/incident/${incident.id}/events`);
  const event = events.find((candidate) => candidate.message.startsWith(messageStart));
  if (!event) throw new Error(`no demo event starts with ${messageStart}`);
  await page.goto(`/incident/${incident.id}`);
  await page.getByTestId('event-timeline-list').locator(`[data-event-id="${event.id}"]`).click();
  await expect(page.getByTestId('event-message')).toHaveText(event.message);
  return { incidentID: incident.id, event };
}

const panel = (page: Page) => page.locator('[data-detail-panel="event"]');

/** An empty note is refused beside the field first; then a note of `kind` saying `said` (made unique) is added. */
async function addNoteAfterAnEmptyOne(notes: Locator, kind: string, said: string): Promise<string> {
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('alert')).toHaveText('is required');
  const text = uniqueName(said);
  await notes.getByLabel('Note kind').selectOption(kind);
  await notes.getByLabel('Note', { exact: true }).fill(text);
  await notes.getByRole('button', { name: 'Add note' }).click();
  return text;
}

test('tags: add one to an event, see it on the row, remove it; a too-long name is refused beside the field', async ({
  page,
}, testInfo) => {
  const { event } = await openEvent(page, 'here. Checking whether');
  const tag = uniqueName('follow-up').replaceAll(' ', '-');
  await panel(page).getByLabel('Add tag').fill(tag);
  await panel(page)
    .getByRole('form', { name: 'Tag the event' })
    .getByRole('button', { name: 'Add', exact: true })
    .click();
  await expect(panel(page).getByRole('list', { name: 'Event tags' })).toContainText(tag);
  await expect(page.getByTestId('event-timeline-list').locator(`[data-event-id="${event.id}"]`)).toContainText(tag);
  await attachScreenshots(page, testInfo, 'event-panel');
  await panel(page)
    .getByRole('button', { name: `Remove tag ${tag}` })
    .click();
  await expect(panel(page).getByRole('list', { name: 'Event tags' })).not.toContainText(tag);
  await panel(page).getByLabel('Add tag').fill('x'.repeat(101));
  await panel(page)
    .getByRole('form', { name: 'Tag the event' })
    .getByRole('button', { name: 'Add', exact: true })
    .click();
  await expect(panel(page).getByRole('alert')).toContainText('longer than 100 characters');
  await expect(panel(page).getByLabel('Add tag')).toHaveValue('x'.repeat(101));
});

test('notes: add one of a kind; an empty note is refused beside the field', async ({ page }) => {
  await openEvent(page, 'here. Checking whether');
  const notes = panel(page).getByRole('form', { name: 'Add note' });
  const text = await addNoteAfterAnEmptyOne(notes, 'interview', 'Marcus said the export was a red herring');
  const list = panel(page).getByRole('list', { name: 'Notes' });
  await expect(list).toContainText(text);
  await expect(list).toContainText('interview');
});

test('collections and reply threads: create one with the event, open it, start a thread; an empty name is refused', async ({
  page,
}) => {
  const { event } = await openEvent(page, 'here. Checking whether');
  const form = panel(page).getByRole('form', { name: 'New collection' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('alert')).toHaveText('is required');
  const name = uniqueName('Hardware suspicion');
  await form.getByLabel('New collection with this event').fill(name);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(panel(page).getByRole('list', { name: 'Collections of this event' })).toContainText(name);
  await panel(page).getByRole('button', { name: 'Start a reply thread' }).click();
  await expect(panel(page).getByRole('link', { name: `Reply thread ${event.id} (1 event)` })).toBeVisible();
  await panel(page).getByRole('link', { name: name }).click();
  const collection = page.locator('[data-detail-panel="collection"]');
  await expect(collection.getByRole('heading', { name })).toBeVisible();
  await expect(collection.getByRole('list', { name: 'Events in the collection' })).toContainText(event.message);
  await collection.getByRole('button', { name: `Remove event ${event.id} from the collection` }).click();
  await expect(collection.getByRole('list', { name: 'Events in the collection' })).toContainText('No events.');
});

test('links: only http(s) is accepted, with its urlType; the link opens its own panel', async ({ page }) => {
  await openEvent(page, 'here. Checking whether');
  const form = panel(page).getByRole('form', { name: 'Add link' });
  await form.getByLabel('Link address').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByRole('alert')).toHaveText('must be an http or https address');
  await expect(form.getByLabel('Link address')).toHaveValue('javascript:alert(1)');
  const title = uniqueName('Export job dashboard');
  await form.getByLabel('Link address').fill('https://grafana.example.com/d/export');
  await form.getByLabel('Link type').selectOption('grafana');
  await form.getByLabel('Link title').fill(title);
  await form.getByRole('button', { name: 'Add link' }).click();
  const link = panel(page).getByRole('list', { name: 'Links' }).getByRole('link', { name: title });
  await expect(link).toHaveAttribute('href', 'https://grafana.example.com/d/export');
  await page.getByTestId('incident-side-panel').getByRole('link', { name: title }).click();
  const detail = page.locator('[data-detail-panel="link"]');
  await expect(detail).toContainText('grafana (external)');
});

test('files: attach one to an event; without a file, and with an empty one, the form says why', async ({ page }) => {
  await openEvent(page, 'here. Checking whether');
  const form = panel(page).getByRole('form', { name: 'Attach file' });
  await form.getByRole('button', { name: 'Attach file' }).click();
  await expect(form.getByRole('alert')).toHaveText('is required: choose a file');
  await form.getByLabel('File').setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await form.getByRole('button', { name: 'Attach file' }).click();
  await expect(form.getByRole('alert')).toHaveText('is empty');
  const name = `${uniqueName('iostat').replaceAll(' ', '-')}.txt`;
  await form
    .getByLabel('File')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('r_await 812 ms\n') });
  await form.getByRole('button', { name: 'Attach file' }).click();
  await expect(panel(page).getByRole('list', { name: 'Uploads' })).toContainText(name);
});

test('markers: a bad time is refused beside the field; a good one adds a full-width row', async ({ page }) => {
  await openEvent(page, 'here. Checking whether');
  const dialog = await openMarkerDialog(page);
  await dialog.getByLabel('Time (UTC)').fill('soon');
  await dialog.getByLabel('Marker label').fill('Export ruled out');
  await dialog.getByRole('button', { name: 'Add marker' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('is not a date (YYYY-MM-DD HH:mm:ss)');
  await dialog.getByLabel('Time (UTC)').fill('2024-03-12 14:11:31');
  await dialog.getByLabel('Symbol').selectOption('airplane');
  const marker = await submitMarker(page, dialog, 'Export ruled out');
  await expect(marker.locator('[data-symbol]')).toHaveAttribute('data-symbol', 'airplane');
});

test('the actor, event group and map sub-routes show their data; an unknown id says so', async ({ page }) => {
  const { incidentID, event } = await openEvent(page, 'here. Checking whether');
  await page.getByTestId('incident-side-panel').getByRole('link', { name: 'Details of actor Marcus Chen' }).click();
  const actor = page.locator('[data-detail-panel="actor"]');
  await expect(actor.getByRole('heading', { name: 'Marcus Chen' })).toBeVisible();
  await expect(actor.getByRole('list', { name: 'Events of Marcus Chen' })).toContainText(event.message);
  await page.goto(`/incident/${incidentID}/events/event-group/${event.id},${event.id + 1}`);
  const group = page.locator('[data-detail-panel="event group"]');
  await expect(group.getByRole('heading', { name: '2 events' })).toBeVisible();
  await page.goto(`/incident/${incidentID}/map/999999`);
  await expect(page.locator('[data-detail-panel="map"]')).toContainText('This incident has no map 999999.');
});

test('notes and links on the incident itself are written in the annotations view, and listed as on the incident', async ({
  page,
}) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  await page.goto(`/incident/${incident.id}/annotations`);
  const notes = page.getByRole('region', { name: 'Notes on the incident' });
  const text = await addNoteAfterAnEmptyOne(notes, 'write-up', 'Write-up draft shared with the on-call team');
  await expect(notes.getByRole('list', { name: 'Notes' })).toContainText(text);

  const links = page.getByRole('region', { name: 'Links on the incident' });
  await links.getByLabel('Link address').fill('file:///etc/passwd');
  await links.getByRole('button', { name: 'Add link' }).click();
  await expect(links.getByRole('alert')).toHaveText('must be an http or https address');
  const title = uniqueName('Postmortem document');
  await links.getByLabel('Link address').fill('https://docs.example.com/postmortem/4821');
  await links.getByLabel('Link title').fill(title);
  await links.getByRole('button', { name: 'Add link' }).click();
  await expect(links.getByRole('list', { name: 'Links' }).getByRole('link', { name: title })).toHaveAttribute(
    'href',
    'https://docs.example.com/postmortem/4821',
  );

  const table = page.getByRole('region', { name: 'Annotations' }).getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: text })).toContainText('incident');
  await expect(table.getByRole('row').filter({ hasText: title })).toContainText('incident');
  const payload = await api<{ incident: { notes: { text: string; eventID: number | null; kind: string }[] } }>(
    page.request,
    'GET',
    `/api/incident/${incident.id}`,
  );
  expect(payload.incident.notes.filter((note) => note.text === text)).toEqual([
    expect.objectContaining({ eventID: null, kind: 'write-up' }),
  ]);
});
