/*
 * The map picture's globe as pixels: a screenshot of its canvas once the globe says it is drawn
 * (data-globe-idle, src/render/map/globe-idle.ts) with the expected tracks, and how many pixels
 * differ clearly between two such shots (the track shown against hidden).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { pngPixels } from './png-pixels.ts';

/** The globe's widget element once it has drawn `tracks` tracks and every tile (software WebGL: tens of seconds at worst). */
export async function drawnGlobe(page: Page, tracks: number): Promise<Locator> {
  const drawn = page.getByTestId('map-globe').locator(`[data-drawn-tracks="${tracks}"][data-globe-idle="true"]`);
  await expect(drawn).toHaveCount(1, { timeout: 90_000 });
  return drawn;
}

/** The globe's canvas as PNG bytes, once drawn with `tracks` tracks. */
export async function globeShot(page: Page, tracks: number): Promise<Buffer> {
  await drawnGlobe(page, tracks);
  return page.getByTestId('map-globe').locator('canvas').first().screenshot();
}

/** Pixels that differ clearly (any channel by more than 40) between two PNGs of the same size. */
export async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = [(await pngPixels(page, a)).data, (await pngPixels(page, b)).data];
  let differing = 0;
  for (let at = 0; at < Math.min(x.length, y.length); at += 4) {
    if (
      Math.abs(x[at]! - y[at]!) > 40 ||
      Math.abs(x[at + 1]! - y[at + 1]!) > 40 ||
      Math.abs(x[at + 2]! - y[at + 2]!) > 40
    )
      differing += 1;
  }
  return differing;
}
