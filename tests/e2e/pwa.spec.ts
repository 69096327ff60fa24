/*
 * The installable, offline-first shell: a web app manifest, a service worker that precaches the
 * shell and activates, Chromium reporting no installability errors, and a reload with no network
 * that still opens the app.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { analystMenuButton, collectDialogs, openAsAdmin } from './app-session.ts';
import { expect, test } from './fixtures.ts';

async function activeServiceWorker(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
    return registration.active?.scriptURL;
  });
}

test('Chromium finds the app installable: manifest, icons, an activated service worker', async ({
  server,
}, testInfo) => {
  // NOTE: Playwright's usual contexts are incognito, where Chromium never offers to install
  // ("in-incognito"); a persistent profile is a normal browser window.
  const profile = await mkdtemp(join(tmpdir(), 'churchkey-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: server.baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openAsAdmin(page);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(manifestHref!)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Churchkey',
      short_name: 'Churchkey',
      display: 'standalone',
      start_url: '/',
    });
    const icons = manifest['icons'] as Array<{ src: string; sizes: string; type: string }>;
    for (const size of ['192x192', '512x512']) {
      const icon = icons.find((candidate) => candidate.sizes === size && candidate.type === 'image/png');
      expect(icon, size).toBeDefined();
      const response = await page.request.get(icon!.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }

    expect(await activeServiceWorker(page)).toBe(`${server.baseURL}/sw.js`);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(url).toBe(`${server.baseURL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('with no network, a reload still opens the shell', async ({ page, context }) => {
  const dialogs = collectDialogs(page);
  const { analyst } = await openAsAdmin(page, '/analysts');
  await activeServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('offline');
  await expect(page.getByRole('heading', { name: 'Analysts' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© 2018-2024');

  // Another address of the app comes from the precached shell too; the API stays the server's.
  await page.goto('/incident/5/swimlane');
  await expect(page.getByRole('heading', { name: 'Incident 5', exact: true })).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toBeHidden();
  expect(dialogs).toEqual([]);
});
