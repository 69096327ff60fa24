/*
 * Helpers the map specs share: a geo file posted as a map through the API (as the create-map page
 * would save it), and the incident's map picture opened once that map is listed as shown.
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
