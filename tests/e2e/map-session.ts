/*
 * Helpers the map specs share: a geo file posted as a map through the API (as the create-map page
 * would save it), the incident's map picture opened once that map is listed as shown, and what the
 * create-map preview shows (its counts, the first row of its tables).
 */
import type { Page } from '@playwright/test';
import { collectDialogs, openAsAdmin } from './app-session.ts';
import { expect } from './fixtures.ts';
import { newIncident } from './stream-session.ts';

/** Signed in as the administrator, with a new incident for a map; the page's alerts are collected (a map spec expects none). */
export async function adminWithNewIncident(page: Page, name: string) {
  const dialogs = collectDialogs(page);
  const { analyst } = await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, name);
  return { dialogs, analyst, incidentID };
}

export interface MapUpload {
  name: string;
  icon: 'circle' | 'airplane' | 'rocket';
  colour?: string;
  file: { name: string; mimeType: string; buffer: Buffer };
}

/** Posts `map` to the incident as the signed-in user's own analyst; answers the map's id. */
export async function postMap(page: Page, incidentID: number, map: MapUpload): Promise<number> {
  const created = await page.request.post(`/api/incident/${incidentID}/map`, {
    headers: { 'X-Churchkey-Analyst': '0' },
    multipart: { ...map },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { map: { id: number } }).map.id;
}

/** Opens the incident's map picture and waits until `label` ("name (N points)") is among the maps shown. */
export async function openMapPicture(page: Page, incidentID: number, label: string): Promise<void> {
  await page.goto(`/incident/${incidentID}/type/map`);
  await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText(label, { timeout: 60_000 });
}

/** The create-map preview's counts ("305 valid points · 0 invalid rows"), once the file is read (a long log takes a while). */
export async function expectGeoCounts(page: Page, counts: string): Promise<void> {
  await expect(page.getByTestId('geo-preview-counts')).toHaveText(counts, { timeout: 60_000 });
}

/** The first row of the create-map preview's table of valid points or of invalid rows. */
export const firstGeoRow = (page: Page, table: 'Valid points' | 'Invalid rows') =>
  page.getByRole('table', { name: table }).getByRole('row').nth(1);
