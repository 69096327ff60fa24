/*
 * Issue 10, part 7 (browser half): the app runs under the server's Content-Security-Policy with no
 * violation while every main picture opens in Chromium: the event timeline, the swimlane (PixiJS on
 * WebGL, its layout worker), the charts (d3 layouts in workers), the create-stream preview worker,
 * the create-map preview worker and the Cesium globe (its workers and assets). Each screen is
 * checked to have really drawn; a deliberate violation at the end proves the watch sees one.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openAsAdmin } from '../../e2e/app-session.ts';
import { expect, test } from '../../e2e/fixtures.ts';
import { demoIncident, WRITABLE_DEMO_ENV } from '../../e2e/screens-demo.ts';
import { FIXTURES_DIR } from '../../support/fixtures-dir.ts';
import { recordFigures } from '../figures.ts';
import { scaled } from '../scale.ts';
import { watchCsp } from '../support/csp-watch.ts';

test.use({ serverEnv: WRITABLE_DEMO_ENV });

interface Screen {
  name: string;
  open(page: Page): Promise<void>;
  /** Only in the full run: a screen with no worker, canvas or asset of its own (the short form keeps CI time). */
  fullOnly?: boolean;
}

test('every main picture runs under the Content-Security-Policy with no violation', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const watch = await watchCsp(context, page);
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  const policy = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toContain("'unsafe-eval'");
  const mapName = `CSP ${Date.now().toString(36)}`;

  const allScreens: Screen[] = [
    {
      name: 'home',
      fullOnly: true,
      open: async (p) => void (await p.goto('/'), await expect(p.getByRole('main')).toBeVisible()),
    },
    {
      name: 'event timeline',
      open: async (p) => {
        await p.goto(`/incident/${incident.id}`);
        await expect(p.getByTestId('event-timeline-list').locator('[data-event-id]').first()).toBeVisible();
        await expect(p.getByTestId('sync-status')).toContainText('Last synced', { timeout: 30_000 });
      },
    },
    {
      name: 'swimlane (PixiJS, WebGL, layout worker)',
      open: async (p) => {
        await p.goto(`/incident/${incident.id}/type/swimlane`);
        await expect(p.locator('[data-swimlane-canvas]')).toHaveAttribute('data-mode', /boxes|bins/, {
          timeout: 30_000,
        });
      },
    },
    ...(['actor-bar', 'actor-scatter', 'actor-circle'] as const).map((chart) => ({
      name: `${chart} chart`,
      fullOnly: chart !== 'actor-circle',
      open: async (p: Page) => {
        await p.goto(`/incident/${incident.id}/type/${chart}`);
        await expect(
          p
            .getByRole('table', { name: /Events per actor/ })
            .getByRole('row')
            .nth(1),
        ).toBeVisible();
        await expect(p.locator('canvas').first()).toBeVisible();
      },
    })),
    {
      name: 'incident-bar chart',
      fullOnly: true,
      open: async (p) => {
        await p.goto(`/organization/${incident.organizationID}/type/incident-bar/count/events`);
        await expect(p.getByRole('table', { name: 'Events per incident' }).getByRole('row').nth(1)).toBeVisible();
      },
    },
    {
      name: 'cross-incident-connections (force layout worker)',
      open: async (p) => {
        await p.goto(`/organization/${incident.organizationID}/type/cross-incident-connections`);
        await expect(p.getByRole('table', { name: 'Connections per incident' }).getByRole('row').nth(1)).toBeVisible();
        await expect(p.getByRole('status')).toHaveCount(0);
      },
    },
    {
      name: 'create-stream preview (parser worker)',
      open: async (p) => {
        await p.goto(`/incident/${incident.id}/create-stream`);
        await p
          .getByLabel('Evidence file')
          .setInputFiles(join(FIXTURES_DIR, 'events', 'm365_defender_activity_log.csv'));
        await expect(p.getByRole('table', { name: 'First rows' }).getByRole('row').nth(1)).toBeVisible({
          timeout: 30_000,
        });
      },
    },
    {
      name: 'create-map preview (geo worker)',
      open: async (p) => {
        await p.goto(`/incident/${incident.id}/type/create-map`);
        await p.getByLabel('Geo CSV').setInputFiles(join(FIXTURES_DIR, 'geo', 'fr24_JAL516_2024-01-02.csv'));
        await expect(p.getByTestId('geo-preview-counts')).toHaveText('305 valid points · 0 invalid rows', {
          timeout: 30_000,
        });
        await p.getByLabel('Name').fill(mapName);
        await p.getByRole('button', { name: 'Save map' }).click();
        await expect(p).toHaveURL(new RegExp(`/incident/${incident.id}/type/map$`), { timeout: 60_000 });
      },
    },
    {
      name: 'map (Cesium globe, its workers and imagery)',
      open: async (p) => {
        await p.goto(`/incident/${incident.id}/type/map`);
        await expect(p.getByRole('list', { name: 'Maps shown' })).toContainText(`${mapName} (305 points)`, {
          timeout: 60_000,
        });
        await expect(p.getByTestId('map-globe').locator('canvas').first()).toBeVisible({ timeout: 60_000 });
        // Cesium builds the track's geometry in its own workers, from /cesium/Workers.
        await expect
          .poll(() => watch.workers.filter((url) => url.includes('/cesium/')).length, { timeout: 60_000 })
          .toBeGreaterThan(0);
        // Imagery tiles and the rest of Cesium's assets load over a few seconds on software WebGL (the full run waits for them).
        await p.waitForTimeout(scaled(5_000, 1_000));
      },
    },
    {
      name: 'audit',
      fullOnly: true,
      open: async (p) => void (await p.goto('/audit/data'), await expect(p.getByRole('table').first()).toBeVisible()),
    },
    {
      name: 'configuration',
      fullOnly: true,
      open: async (p) =>
        void (await p.goto('/settings/configuration'), await expect(p.getByRole('main')).toBeVisible()),
    },
  ];

  const screens = allScreens.filter((screen) => scaled(true, !screen.fullOnly));
  const rows: string[] = [];
  for (const screen of screens) {
    const [violations, errors, workers] = [watch.violations.length, watch.errors.length, watch.workers.length];
    await screen.open(page);
    rows.push(
      `| ${screen.name} | ${watch.workers.length - workers} | ${watch.violations.length - violations} | ${watch.errors.length - errors} |`,
    );
  }
  const found = { violations: [...watch.violations], errors: [...watch.errors] };
  const workers = [
    ...new Set(watch.workers.map((url) => new URL(url).pathname.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js'))),
  ];
  await testInfo.attach('workers', { body: watch.workers.join('\n'), contentType: 'text/plain' });

  // The watch is able to see a violation: an image from another origin is refused (img-src 'self' data: blob:).
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'http://127.0.0.2:9/csp-canary.png';
    document.body.append(image);
  });
  await expect.poll(() => watch.violations.some((text) => text.includes('csp-canary'))).toBe(true);
  // And in a worker (a blob worker runs under the page's policy): eval is refused, and seen.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const source =
          "onmessage = () => { try { new Function('return 1')(); } catch { /* refused */ } postMessage('done'); }; postMessage('ready');";
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        worker.onmessage = (event) =>
          event.data === 'ready' ? setTimeout(() => worker.postMessage('go'), 500) : resolve(event.data);
      }),
  );
  await expect
    .poll(() => watch.violations.filter((text) => text.startsWith('worker blob:')))
    .toEqual([expect.stringContaining('script-src blocked eval')]);

  recordFigures(
    '7-browser-csp',
    `### 7. Content-Security-Policy in Chromium

Every main picture opened in Chromium under the policy the server sends (\`${policy}\`), watching \`securitypolicyviolation\` events, the console of the page, of its workers and of the service worker, and uncaught errors. Goal: 0 violations, 0 errors, each picture drawn. A deliberate violation at the end is seen (the watch works).

| screen | workers started | CSP violations | console errors |
| --- | --- | --- | --- |
${rows.join('\n')}

${screens.length} screens; workers started: ${workers.join(', ')}; ${found.violations.length} violations, ${found.errors.length} console errors.`,
  );
  expect(found).toEqual({ violations: [], errors: [] });
});
