/*
 * The demo organization and incidents as the screens' end-to-end tests find them, and the
 * screenshots they keep (light and dark) as test artifacts.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { api } from './app-session.ts';

export const DEMO_ENV = { DEMO_DATA: 'true' };
/**
 * For spec files that add to the demo incident (tags, notes, markers): a server of their own, so the
 * files that count the demo's events, tags and notes (filters, views, exports) see it as loaded.
 * The extra variable means nothing to the server; it only makes the worker fixture differ.
 */
export const WRITABLE_DEMO_ENV = { DEMO_DATA: 'true', E2E_DEMO_COPY: 'written-to' };
export const FAILOVER_INCIDENT = 'Orders database failover';
/** The demo incident with a map: a drone's flight log. */
export const DRONE_INCIDENT = 'Roof survey drone hard landing, hall B';

interface IncidentItem {
  id: number;
  name: string;
  organizationID: number;
}

export async function demoIncident(request: APIRequestContext, name = FAILOVER_INCIDENT): Promise<IncidentItem> {
  const answer = await api<{ incidents: { items: IncidentItem[] } }>(request, 'GET', '/api/incidents');
  const incident = answer.incidents.items.find((item) => item.name === name);
  if (!incident)
    throw new Error(`demo incident "${name}" missing: ${answer.incidents.items.map((item) => item.name).join(', ')}`);
  return incident;
}

interface DemoMap {
  id: number;
  name: string;
  validPointCount: number;
}

/** The drone demo incident and its one map, as the API answers them. */
export async function droneDemoMap(request: APIRequestContext): Promise<{ incident: IncidentItem; map: DemoMap }> {
  const incident = await demoIncident(request, DRONE_INCIDENT);
  const payload = await api<{ incident: { incidentMaps: DemoMap[] } }>(request, 'GET', `/api/incident/${incident.id}`);
  const [map] = payload.incident.incidentMaps;
  if (!map) throw new Error(`demo incident "${DRONE_INCIDENT}" has no map`);
  return { incident, map };
}

/** Screenshots of the page in light and dark mode, attached to the test's report. */
export async function attachScreenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => (document.documentElement.dataset['theme'] = value), theme);
    const path = testInfo.outputPath(`${name}-${theme}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name} (${theme})`, { path, contentType: 'image/png' });
  }
  await page.evaluate(() => (document.documentElement.dataset['theme'] = 'light'));
}
