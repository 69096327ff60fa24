/*
 * The incident toolbar on a 768 x 1024 tablet held upright, with touch, in light and dark: on each
 * kind of picture every control of the toolbar lies inside the screen, nothing in it is cut off,
 * and neither it nor the page scrolls sideways, also with the fields' reasons shown under them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { attachScreenshots, DEMO_ENV, demoIncident } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV, viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

const WIDTH = 768;

/** Controls of the toolbar reaching past the screen's edges, by their text or label. */
function controlsOffScreen(page: Page): Promise<string[]> {
  return page.getByRole('toolbar', { name: 'Incident toolbar' }).evaluate((toolbar, width) => {
    const off: string[] = [];
    for (const control of Array.from(toolbar.querySelectorAll<HTMLElement>('button, input, a, [role="status"]'))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.left < 0 || box.right > width)
        off.push(
          `${control.getAttribute('aria-label') ?? control.textContent ?? control.id} (${Math.round(box.left)}-${Math.round(box.right)})`,
        );
    }
    return off;
  }, WIDTH);
}

for (const picture of ['event-timeline', 'swimlane', 'actor-bar', 'map']) {
  test(`on ${picture}, the incident toolbar fits a tablet held upright`, async ({ page }, testInfo) => {
    await openAsAdmin(page, '/');
    const incident = await demoIncident(page.request);
    await page.goto(`/incident/${incident.id}/type/${picture}`);
    const toolbar = page.getByRole('toolbar', { name: 'Incident toolbar' });
    await expect(toolbar.getByTestId('shown-event-count')).toHaveText(/\d/);
    await expect(page.locator(`[data-picture="${picture}"]`).first()).toBeVisible();
    expect(await controlsOffScreen(page)).toEqual([]);
    expect(await toolbar.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    await attachScreenshots(page, testInfo, `toolbar-${picture}-768`);

    // The reasons under From, To and the time zone widen their fields: still nothing past the edge.
    await toolbar.locator('#incident-interval-from').fill('yesterday');
    await toolbar.locator('#incident-interval-to').fill('today');
    await toolbar.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(toolbar.getByText('is not a date (YYYY-MM-DD HH:mm:ss)')).toHaveCount(2);
    await toolbar.locator('#incident-time-zone').fill('Mars/Olympus');
    await expect(toolbar.getByText('is not a known time zone')).toBeVisible();
    expect(await controlsOffScreen(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  });
}
