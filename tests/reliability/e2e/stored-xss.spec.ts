/*
 * Issue 10, part 7 (browser half): stored XSS. Payloads go into every text field through the API
 * (organization, incident, stream, actor and analyst names and descriptions, event messages and
 * actors through an import of a file whose name is itself a payload, notes, tags, collections, link
 * titles, upload file names, map names); then every screen that shows them is opened in Chromium.
 * Each must show the payload as text and stay inert: nothing runs, nothing is injected, links are
 * http(s) only. The page runs with its CSP bypassed, so what is proven is the rendering itself,
 * not the policy catching it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { api, openAsAdmin } from '../../e2e/app-session.ts';
import { expect, test } from '../../e2e/fixtures.ts';
import { WRITABLE_DEMO_ENV } from '../../e2e/screens-demo.ts';
import { FIXTURES_DIR } from '../../support/fixtures-dir.ts';
import { recordFigures } from '../figures.ts';
import { scaled } from '../scale.ts';
import { ALL_PAYLOADS, inertReport, XSS_PAYLOADS } from '../support/xss-payloads.ts';
import { TIME_ACTOR_MESSAGE_TSV } from '../../support/proxy-log-tsv.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV, bypassCSP: true });

const HEADERS = { 'x-churchkey-analyst': '0' };

async function multipart(
  request: APIRequestContext,
  path: string,
  multipartBody: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
) {
  const response = await request.post(path, { headers: HEADERS, multipart: multipartBody });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A CSV cell with RFC 4180 quoting (the payloads hold quotes). */
const cell = (text: string) => `"${text.replaceAll('"', '""')}"`;

interface Stored {
  organizationID: number;
  incidentID: number;
  eventID: number;
  streamID: number;
  actorID: number;
  linkID: number;
  collectionID: number;
  organizationActorID: number;
  fields: string[];
}

/** Every text field, each holding the payloads; answers the ids the screens need. */
async function storePayloads(request: APIRequestContext, run: string): Promise<Stored> {
  const fields: string[] = [];
  const { organization } = await api<{ organization: { id: number } }>(request, 'POST', '/api/organization', {
    name: `${ALL_PAYLOADS} ${run}`,
    description: ALL_PAYLOADS,
  });
  fields.push('organization name', 'organization description');
  const { incident } = await api<{ incident: { id: number } }>(
    request,
    'POST',
    `/api/organization/${organization.id}/incident`,
    { name: `${ALL_PAYLOADS} ${run}`, description: ALL_PAYLOADS },
  );
  fields.push('incident name', 'incident description');
  const { actor: orgActor } = await api<{ actor: { id: number } }>(
    request,
    'POST',
    `/api/organization/${organization.id}/actor`,
    { displayName: XSS_PAYLOADS[0], description: ALL_PAYLOADS },
  );
  fields.push('organization actor name', 'organization actor description');

  // Events through an import: actors and messages are the payloads, and so are the file's and the stream's names.
  const rows = XSS_PAYLOADS.map((payload, index) =>
    [cell(`2024-01-01 00:00:0${index + 1}`), cell(payload), cell(payload)].join(','),
  );
  // A comma-separated file of a header row then time, actor and message columns.
  const settings = { ...TIME_ACTOR_MESSAGE_TSV, delimiter: ',' };
  // The file is the form's last part: the server refuses a field that follows it.
  await multipart(request, `/api/incident/${incident.id}/import`, {
    streamName: ALL_PAYLOADS,
    settings: JSON.stringify(settings),
    file: {
      name: `${XSS_PAYLOADS[0]}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(['time,actor,message', ...rows].join('\n')),
    },
  });
  fields.push('event messages', 'event actors', 'stream name', 'import file name');
  const { events } = await api<{ events: { id: number; isMarker: boolean }[] }>(
    request,
    'GET',
    `/api/incident/${incident.id}/events`,
  );
  const eventID = events.find((event) => !event.isMarker)!.id;

  for (const payload of XSS_PAYLOADS) {
    await api(request, 'POST', `/api/incident/${incident.id}/note`, { kind: 'other', text: payload });
    await api(request, 'POST', `/api/incident/${incident.id}/note`, { kind: 'interview', text: payload, eventID });
    await api(request, 'PUT', `/api/event/${eventID}/tag/${encodeURIComponent(payload)}`);
    await api(request, 'POST', `/api/incident/${incident.id}/collection`, { name: payload, eventIDs: [eventID] });
    await api(request, 'POST', `/api/incident/${incident.id}/link`, {
      url: `https://example.org/?q=${encodeURIComponent(payload)}`,
      title: payload,
      eventID,
    });
    await api(request, 'POST', '/api/analyst', {
      name: `${payload} ${run}`,
      email: `xss-${run}-${XSS_PAYLOADS.indexOf(payload)}@example.org`,
    });
  }
  fields.push('incident notes', 'event notes', 'event tags', 'collection names', 'link titles', 'analyst names');
  // File names hold no slash (a path, not a name): the payloads without one.
  for (const payload of XSS_PAYLOADS.filter((text) => !text.includes('/'))) {
    await multipart(request, `/api/incident/${incident.id}/upload`, {
      file: { name: `${payload}.txt`, mimeType: 'text/plain', buffer: Buffer.from(payload) },
      kind: 'text',
      eventID: String(eventID),
      attachmentKind: 'attachment',
    });
  }
  fields.push('upload file names');
  await multipart(request, `/api/incident/${incident.id}/map`, {
    name: ALL_PAYLOADS,
    file: {
      name: `${XSS_PAYLOADS[2]}.csv`,
      mimeType: 'text/csv',
      buffer: await readFile(join(FIXTURES_DIR, 'geo', 'fr24_JAL516_2024-01-02.csv')),
    },
  });
  fields.push('map name', 'map file name');

  const { incident: payload } = await api<{
    incident: {
      streams: { id: number; isMarkerStream: boolean }[];
      actors: { id: number }[];
      links: { id: number }[];
      collections: { id: number }[];
    };
  }>(request, 'GET', `/api/incident/${incident.id}`);
  return {
    organizationID: organization.id,
    incidentID: incident.id,
    eventID,
    streamID: payload.streams.find((stream) => !stream.isMarkerStream)!.id,
    actorID: payload.actors[0]!.id,
    linkID: payload.links[0]!.id,
    collectionID: payload.collections[0]!.id,
    organizationActorID: orgActor.id,
    fields,
  };
}

interface Screen {
  path: string;
  /** Texts the screen must show literally (substrings). */
  shows: string[];
  ready?: (page: Page) => Promise<void>;
  /** Only in the full run: the short form (CI time) opens the screens that show the most fields. */
  fullOnly?: boolean;
}

test('payloads stored in every text field are shown as text on every screen, and nothing runs', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openAsAdmin(page, '/');
  const request = page.request;
  const run = Date.now().toString(36);
  const stored = await storePayloads(request, run);

  // A javascript: link is refused at the door, by field.
  const refused = await request.post(`/api/incident/${stored.incidentID}/link`, {
    headers: HEADERS,
    data: { url: 'javascript:window.__xss=5', title: 'x' },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { field: string } }).error.field).toBe('url');
  const [img, script, svg, template, jsText] = XSS_PAYLOADS;
  const incident = `/incident/${stored.incidentID}`;
  const allScreens: Screen[] = [
    { path: '/', shows: [img] },
    { path: '/organizations', fullOnly: true, shows: [img, template] },
    { path: `/organization/${stored.organizationID}`, shows: [img, svg] },
    {
      path: `/organization/${stored.organizationID}/actor/${stored.organizationActorID}`,
      fullOnly: true,
      shows: [img],
    },
    { path: incident, shows: [img, script, svg, template, jsText] },
    {
      path: `${incident}/event/${stored.eventID}`,
      shows: [img, script, svg, template, jsText, `${img}.txt`, `${template}.txt`],
    },
    { path: `${incident}/annotations`, shows: [img, script, svg, template, jsText] },
    { path: `${incident}/events`, shows: [img, script, svg] },
    { path: `${incident}/tags`, fullOnly: true, shows: [img, script] },
    { path: `${incident}/streams`, fullOnly: true, shows: [img] },
    { path: `${incident}/actors`, fullOnly: true, shows: [img] },
    { path: `${incident}/link/${stored.linkID}`, shows: [img] },
    { path: `${incident}/collection/${stored.collectionID}`, fullOnly: true, shows: [img] },
    { path: `${incident}/stream/${stored.streamID}`, shows: [img, `${img}.csv`] },
    { path: `${incident}/actor/${stored.actorID}`, fullOnly: true, shows: [img] },
    { path: `${incident}/type/actor-bar`, fullOnly: true, shows: [img, svg] },
    {
      path: `${incident}/type/swimlane`,
      shows: [img],
      ready: (p) =>
        expect(p.locator('[data-swimlane-canvas]')).toHaveAttribute('data-mode', /boxes|bins/, { timeout: 30_000 }),
    },
    {
      path: `${incident}/type/map`,
      shows: [img],
      ready: (p) => expect(p.getByRole('list', { name: 'Maps shown' })).toContainText(img, { timeout: 60_000 }),
    },
    { path: '/analysts', shows: [img, script, svg, template, jsText] },
    { path: '/audit/data', shows: [img] },
  ];

  const screens = allScreens.filter((screen) => scaled(true, !screen.fullOnly));
  const rows: string[] = [];
  let executions = 0;
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready?.(page);
    for (const text of screen.shows)
      await expect(page.getByText(text).filter({ visible: true }).first(), `${screen.path} shows ${text}`).toBeVisible({
        timeout: 20_000,
      });
    const report = await inertReport(page);
    if (report.executed !== null) executions += 1;
    rows.push(
      `| ${screen.path.replace(/\d+/g, '{id}')} | ${screen.shows.length} | ${report.executed ?? 'none'} | ${report.injected.length} | ${report.badLinks.length} |`,
    );
    expect(report, screen.path).toEqual({ executed: null, injected: [], badLinks: [] });
  }
  // Links are http(s) in the DOM: the event panel's links carry the payload only inside their query.
  await page.goto(`${incident}/event/${stored.eventID}`);
  const links = page.locator('[data-detail-panel="event"]').getByRole('list', { name: 'Links' }).getByRole('link');
  await expect(links).toHaveCount(XSS_PAYLOADS.length);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).protocol));
  expect(new Set(hrefs)).toEqual(new Set(['https:']));
  expect(errors).toEqual([]);

  // The check sees a payload that does get in: the same markup put into the page as HTML runs and is found.
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), img);
  await expect
    .poll(async () => inertReport(page))
    .toMatchObject({ executed: 1, injected: expect.arrayContaining([expect.stringContaining('onerror')]) });

  recordFigures(
    '7-browser-xss',
    `### 7. Stored XSS shown as text in Chromium

${XSS_PAYLOADS.length} payloads (\`${XSS_PAYLOADS.join('`, `')}\`) stored through the API in ${stored.fields.length} text fields (${stored.fields.join(', ')}), then ${screens.length} screens opened with the CSP bypassed (so the rendering itself is what is tested). Goal on each: the payloads visible as literal text, \`window.__xss\` never set, no element or event handler injected, every link http(s). A \`javascript:\` link address is refused by the API (400, field url).

| screen | payloads checked visible | executed | injected | non-http(s) links |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

${stored.fields.length} fields × ${XSS_PAYLOADS.length} payloads; ${executions} executions.`,
  );
  await testInfo.attach('fields', { body: stored.fields.join('\n'), contentType: 'text/plain' });
});
