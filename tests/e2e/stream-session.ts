/* Helpers the stream and create-stream specs share: importing a fixture through the page, the colour mode. */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { analystMenuButton, api, uniqueName } from './app-session.ts';
import { expect } from './fixtures.ts';

export async function newIncident(page: Page, prefix: string): Promise<number> {
  const organization = await api<{ organization: { id: number } }>(page.request, 'POST', '/api/organization', {
    name: uniqueName(`${prefix} Org`),
  });
  const incident = await api<{ incident: { id: number } }>(
    page.request,
    'POST',
    `/api/organization/${organization.organization.id}/incident`,
    { name: uniqueName(`${prefix} Incident`) },
  );
  return incident.incident.id;
}

/** Imports a fixture through /incident/{id}/create-stream with what detection suggests; returns the incident. */
export async function importThroughPage(page: Page, fixture: string): Promise<number> {
  const incidentID = await newIncident(page, 'Stream');
  await page.goto(`/incident/${incidentID}/create-stream`);
  await page.getByLabel('Evidence file').setInputFiles(join(FIXTURES_DIR, fixture));
  await expect(page.getByRole('button', { name: 'Import' })).toBeEnabled();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'events imported' })).toBeVisible();
  return incidentID;
}

/** Switches the colour mode through the analyst menu, as an analyst would. */
export async function chooseColorMode(page: Page, analystName: string, mode: 'light' | 'dark'): Promise<void> {
  await analystMenuButton(page, analystName).click();
  await page.getByRole('menuitemradio', { name: mode }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}
