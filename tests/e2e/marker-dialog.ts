/*
 * The incident's Add marker dialog as the specs that add markers use it (online, offline, on a
 * large incident), and the marker's row that the event timeline then shows.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the dialog from the incident's toolbar; answers the dialog. */
export async function openMarkerDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add marker' }).click();
  return page.getByRole('dialog', { name: 'Add marker' });
}

/**
 * Submits a dialog the spec has filled in, waits until it closes and the event timeline shows the
 * marker labelled `label`; answers the marker's row.
 */
export async function submitMarker(page: Page, dialog: Locator, label: string): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Add marker' }).click();
  await expect(dialog).toHaveCount(0);
  const marker = page.getByTestId('event-timeline-list').locator('[data-marker]').filter({ hasText: label });
  await expect(marker).toBeVisible();
  return marker;
}
