/*
 * The large incident the paging and sync specs open: more events than one payload carries, so they
 * arrive in pages. Imported through the API from a generated TSV: events 1.5 s apart from
 * LARGE_INCIDENT_START, three actors, messages "{message} {n}".
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { openAsAdmin } from './app-session.ts';
import { newIncident } from './stream-session.ts';

export const LARGE_INCIDENT_EVENTS = 12_000;
/** 2026-03-14 09:00 UTC, in milliseconds. */
export const LARGE_INCIDENT_START = Date.UTC(2026, 2, 14, 9, 0, 0);

function tsv(count: number, message: string): string {
  const rows = ['time\tactor\tmessage'];
  for (let row = 0; row < count; row += 1) {
    const at = new Date(LARGE_INCIDENT_START + row * 1500).toISOString();
    rows.push(`${at}\t${['ana', 'bo', 'cy'][row % 3]}\t${message} ${row}`);
  }
  return `${rows.join('\n')}\n`;
}

/** A new incident (named after `prefix`) holding LARGE_INCIDENT_EVENTS events; answers its id. */
export async function newLargeIncident(page: Page, prefix: string, message = 'request'): Promise<number> {
  const incidentID = await newIncident(page, prefix);
  const file = Buffer.from(tsv(LARGE_INCIDENT_EVENTS, message));
  const imported = await page.request.post(`/api/incident/${incidentID}/import`, {
    headers: { 'X-Churchkey-Analyst': '0' },
    multipart: { file: { name: 'proxy.tsv', mimeType: 'text/tab-separated-values', buffer: file } },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  return incidentID;
}

/** Signed in as the administrator, with a new large incident (as newLargeIncident); answers its id. */
export async function adminWithLargeIncident(page: Page, prefix: string, message?: string): Promise<number> {
  await openAsAdmin(page, '/');
  return newLargeIncident(page, prefix, message);
}

/** The swimlane's canvas once it says it holds every one of the large incident's events. */
export function largeIncidentSwimlane(page: Page): Locator {
  return page.locator(
    `[data-swimlane-canvas][aria-label^="Swimlane: ${LARGE_INCIDENT_EVENTS.toLocaleString('en')} events"]`,
  );
}

/** The folder of the device's fast copies of event numbers (src/data/mirror/event-numbers-copy.ts). */
export const COPY_DIRECTORY = 'churchkey-event-numbers';

/** The incident's fast copy's first bytes as text (its header names the chunks' stamps); '' when there is none. */
export function copyHeader(page: Page, incidentID: number): Promise<string> {
  return page.evaluate(
    async ({ directory, name }) => {
      try {
        const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(directory);
        return await (await (await folder.getFileHandle(name)).getFile()).slice(0, 4096).text();
      } catch {
        return '';
      }
    },
    { directory: COPY_DIRECTORY, name: `incident-${incidentID}.bin` },
  );
}

/** Opens the incident's swimlane online until it is synced, drawn, its fast copy written and the service worker ready. */
export async function openSwimlaneUntilCopied(page: Page, incidentID: number): Promise<void> {
  await page.goto(`/incident/${incidentID}/type/swimlane`);
  await expect(page.getByTestId('sync-status')).toContainText(/Last synced \d/, { timeout: 90_000 });
  await expect(largeIncidentSwimlane(page)).toBeVisible({ timeout: 60_000 });
  // Written once the page is idle after the first frame.
  await expect.poll(() => copyHeader(page, incidentID), { timeout: 60_000 }).not.toBe('');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}
