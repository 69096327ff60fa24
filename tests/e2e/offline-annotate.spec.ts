/*
 * Annotating through the event panel with the network cut: the tag and the note show at once (from
 * the device's mirror), the header counts the writes waiting, a bad one is refused beside its field
 * before it is queued, and when the network returns the server holds each write exactly once.
 */
import { expect, test } from './fixtures.ts';
import { api, openAsAdmin, uniqueName } from './app-session.ts';
import { demoIncident, WRITABLE_DEMO_ENV } from './screens-demo.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV });

interface EventItem {
  id: number;
  message: string;
}

test('a tag and a note added offline in the event panel show at once and reach the server once when the network returns', async ({ page, context }) => {
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
  // The tag and the note, and the audit action each one records.
  await expect(page.getByRole('banner')).toContainText('4 writes waiting');

  await context.setOffline(false);
  await expect(page.getByRole('banner')).not.toContainText('waiting', { timeout: 30_000 });
  await expect
    .poll(async () => {
      const payload = await api<{ incident: { eventTags: { itemID: number; name: string }[]; notes: { text: string; eventID: number | null }[] } }>(page.request, 'GET', `/api/incident/${incident.id}`);
      return {
        tags: payload.incident.eventTags.filter((assigned) => assigned.name === tag).map((assigned) => assigned.itemID),
        notes: payload.incident.notes.filter((note) => note.text === text).map((note) => note.eventID),
      };
    })
    .toEqual({ tags: [event.id], notes: [event.id] });
  await expect(panel.getByRole('list', { name: 'Event tags' })).toContainText(tag);
});
