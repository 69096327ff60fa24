/*
 * A screenshot's pixels for the tests that check canvases and the globe: the PNG is decoded by the
 * page itself (an <img>, which img-src allows for data:, drawn on a 2D canvas), so no image library is
 * needed, and the RGBA bytes come back to the test, which counts what it looks for.
 */
import type { Page } from '@playwright/test';

export interface PngPixels {
  /** RGBA, four bytes a pixel, row by row. */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export function pngPixels(page: Page, png: Buffer): Promise<PngPixels> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(image, 0, 0);
    return {
      data: context.getImageData(0, 0, image.width, image.height).data,
      width: image.width,
      height: image.height,
    };
  }, png.toString('base64'));
}
