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
