/*
 * Issue 16 in Chromium: track files other than CSV through the create-map page with no settings
 * touched. A GPSBabel GPX and an IGC flight log are detected in the worker (format and reason shown),
 * their valid and invalid counts previewed, saved, and listed on the map picture. Counts were read
 * off the fixtures by hand (field/SOURCES.md).
 */
import { join } from 'node:path';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { openAsAdmin } from './app-session.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectGeoCounts, firstGeoRow } from './map-session.ts';
import { newIncident } from './stream-session.ts';

const KORITA = join(FIXTURES_DIR, 'field', 'geo', 'gpxpy_korita_zbevnica.gpx');
const IGC = join(FIXTURES_DIR, 'field', 'geo', 'igc_new_zealand.igc');

/** The maps this device's mirror holds (IndexedDB 'churchkey-mirror', table maps), by name. */
async function mirroredMapNames(): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('churchkey-mirror');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('the mirror could not be opened'));
  });
  try {
    const rows = await new Promise<{ name: string }[]>((resolve, reject) => {
      const request = db.transaction('maps').objectStore('maps').getAll();
      request.onsuccess = () => resolve(request.result as { name: string }[]);
      request.onerror = () => reject(request.error ?? new Error('the maps could not be read'));
    });
    return rows.map((row) => row.name).sort();
  } finally {
    db.close();
  }
}

/**
 * The map picture lists these maps. NOTE: after a map was saved, the picture was seen listing the maps
 * it had before for over a minute, even after a reload made while the mirror's sync was still running
 * (not yet explained; the incident page's re-reading of its mirror is suspected). So this waits until
 * the device holds every map, then opens the picture again.
 */
async function showsMaps(page: Page, labels: readonly string[]) {
  await expect.poll(() => page.evaluate(mirroredMapNames), { timeout: 60_000 }).toHaveLength(labels.length);
  await page.reload();
  for (const label of labels)
    await expect(page.getByRole('list', { name: 'Maps shown' })).toContainText(label, { timeout: 60_000 });
}

test('a GPX and an IGC file become maps with their format detected and their counts previewed', async ({ page }) => {
  test.setTimeout(180_000);
  await openAsAdmin(page, '/');
  const incidentID = await newIncident(page, 'Tracks');

  await page.goto(`/incident/${incidentID}/type/create-map`);
  await expect(page.getByRole('heading', { name: 'Create map' })).toBeVisible();
  await page.getByLabel('Geo CSV or track file').setInputFiles(KORITA);
  await expectGeoCounts(page, '513 valid points · 358 invalid rows');
  await expect(page.getByTestId('geo-detected')).toContainText('GPX 1.0 written by "GPSBabel');
  await expect(page.getByLabel('Read as')).toHaveValue('gpx');
  await expect(firstGeoRow(page, 'Invalid rows')).toContainText('point 1 of track "03-OCT-10 #2" has no time');
  // Delimited-text settings and columns mean nothing for a GPX.
  await expect(page.getByLabel('Delimiter')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save map' }).click();
  await expect(page).toHaveURL(new RegExp(`/incident/${incidentID}/type/map$`), { timeout: 60_000 });
  await showsMaps(page, ['gpxpy_korita_zbevnica (513 points)']);

  await page.goto(`/incident/${incidentID}/type/create-map`);
  await page.getByLabel('Geo CSV or track file').setInputFiles(IGC);
  await expectGeoCounts(page, '5,367 valid points · 0 invalid rows');
  await expect(page.getByTestId('geo-detected')).toContainText('IGC flight log');
  await expect(page.getByLabel('Read as')).toHaveValue('igc');
  await expect(firstGeoRow(page, 'Valid points')).toContainText('AA');
  await page.getByRole('button', { name: 'Save map' }).click();
  await expect(page).toHaveURL(new RegExp(`/incident/${incidentID}/type/map$`), { timeout: 60_000 });
  await showsMaps(page, ['gpxpy_korita_zbevnica (513 points)', 'igc_new_zealand (5,367 points)']);
});
