/*
 * Annotating through the event panel with the network cut: a tag, a note, a collection and a marker show at once (from
 * the device's mirror), the header counts the writes waiting, a bad one is refused beside its field
 * before it is queued, and when the network returns the server holds each write exactly once.
 */
import { expect, test } from './fixtures.ts';
import { api, openAsAdmin, uniqueName } from './app-session.ts';
import { openMarkerDialog, submitMarker } from './marker-dialog.ts';
import { demoIncident, WRITABLE_DEMO_ENV } from './screens-demo.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV });

interface EventItem {
  id: number;
  message: string;
}

test('a tag, a note, a collection and a marker added offline show at once and reach the server once when the network returns', async ({
  page,
  context,
}) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  const { events } = await api<{ events: EventItem[] }>(page.request, 'GET', `/api/incident/${incident.id}/events`);
  const event = events[3]!;
  await page.goto(`/incident/${incident.id}`);
  await page.getByTestId('event-timeline-list').locator(`[data-event-id="${event.id}"]`).click();
  const panel = page.locator('[data-detail-panel="event"]');
  await expect(page.getByTestId('event-message')).toHaveText(event.message);

  await context.setOffline(true);
  const tag = uniqueName('offline-tag').replaceAll(' ', '-');
  await panel.getByLabel('Add tag').fill(tag);
  await panel.getByRole('form', { name: 'Tag the event' }).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByRole('list', { name: 'Event tags' })).toContainText(tag);

  // Checked before queueing, with the server's own rule and words, beside the field.
  await panel.getByLabel('Add tag').fill('x'.repeat(101));
  await panel.getByRole('form', { name: 'Tag the event' }).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('longer than 100 characters');
  await expect(panel.getByRole('alert')).not.toContainText('body');

  const text = uniqueName('Written in the field with no network');
  const notes = panel.getByRole('form', { name: 'Add note' });
  await notes.getByLabel('Note kind').selectOption('interview');
  await notes.getByLabel('Note', { exact: true }).fill(text);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByRole('list', { name: 'Notes' })).toContainText(text);

  const collectionName = uniqueName('Seen offline');
  const collectionForm = panel.getByRole('form', { name: 'New collection' });
  await collectionForm.getByLabel('New collection with this event').fill(collectionName);
  await collectionForm.getByRole('button', { name: 'Create' }).click();
  await expect(panel.getByRole('list', { name: 'Collections of this event' })).toContainText(collectionName);

  // A marker: a symbol other than the default needs the server's id, so it is refused offline, by field.
  const markerLabel = uniqueName('Marked offline');
  const dialog = await openMarkerDialog(page);
  await dialog.getByLabel('Time (UTC)').fill('2024-03-12 14:12:00');
  await dialog.getByLabel('Marker label').fill(markerLabel);
  await dialog.getByLabel('Symbol').selectOption('rocket');
  await dialog.getByRole('button', { name: 'Add marker' }).click();
  await expect(dialog.getByText('needs the network')).toBeVisible();
  await dialog.getByLabel('Symbol').selectOption('circle');
  await submitMarker(page, dialog, markerLabel);

  // The tag, the note, the collection and the marker, and the audit action each one records.
  await expect(page.getByRole('banner')).toContainText('8 writes waiting');

  await context.setOffline(false);
  await expect(page.getByRole('banner')).not.toContainText('waiting', { timeout: 30_000 });
  await expect
    .poll(async () => {
      const payload = await api<{
        incident: {
          eventTags: { itemID: number; name: string }[];
          notes: { text: string; eventID: number | null }[];
          collections: { name: string; eventIDs: number[] }[];
        };
      }>(page.request, 'GET', `/api/incident/${incident.id}`);
      const markers = await api<{ events: { message: string; isMarker: boolean }[] }>(
        page.request,
        'GET',
        `/api/incident/${incident.id}/events`,
      );
      return {
        tags: payload.incident.eventTags.filter((assigned) => assigned.name === tag).map((assigned) => assigned.itemID),
        notes: payload.incident.notes.filter((note) => note.text === text).map((note) => note.eventID),
        collections: payload.incident.collections
          .filter((collection) => collection.name === collectionName)
          .map((collection) => collection.eventIDs),
        markers: markers.events.filter((marker) => marker.isMarker && marker.message === markerLabel).length,
      };
    })
    .toEqual({ tags: [event.id], notes: [event.id], collections: [[event.id]], markers: 1 });
  await expect(panel.getByRole('list', { name: 'Event tags' })).toContainText(tag);
});
