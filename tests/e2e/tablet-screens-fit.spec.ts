/*
 * The screens that are tables and forms on a 768 x 1024 tablet held upright, with touch: the page never
 * scrolls sideways (a wide table scrolls inside its own box), and the touch hint about pinching and
 * long presses shows over the pictures only, not over lists and forms where neither does anything.
 */
import { expect, test } from './fixtures.ts';
import { openAsAdmin } from './app-session.ts';
import { DEMO_ENV, demoIncident } from './screens-demo.ts';

test.use({ serverEnv: DEMO_ENV, viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

const WIDTH = 768;
const HINT = 'Pinch to zoom · long-press for details';

test('tables and forms fit a tablet held upright, and the touch hint is over pictures only', async ({ page }) => {
  await openAsAdmin(page, '/');
  const incident = await demoIncident(page.request);
  const screens = [
    '/incidents',
    `/organization/${incident.organizationID}`,
    '/settings/configuration',
    '/analysts',
    '/audit/ui',
    ...['events', 'event-search', 'annotations', 'tags', 'streams', 'actors', 'create-stream'].map(
      (view) => `/incident/${incident.id}/${view}`,
    ),
  ];
  const overflowing: string[] = [];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > WIDTH) overflowing.push(`${path}: ${width} px`);
    if (path.startsWith('/incident/')) await expect(page.getByText(HINT), path).toHaveCount(0);
  }
  expect(overflowing).toEqual([]);

  // Over a picture the hint is there, until dismissed.
  await page.goto(`/incident/${incident.id}/type/swimlane`);
  await expect(page.getByRole('note').filter({ hasText: HINT })).toBeVisible();
});
