#!/usr/bin/env node
/*
 * Renders the app icons (public/icons/*.png) from public/favicon.svg in Debian's Chromium, once;
 * the PNGs are committed, so builds need no browser. Run again after changing the SVG:
 *   node scripts/render-icons.mjs
 * "any" icons keep the glyph on a transparent ground; the maskable one and the apple-touch icon sit
 * on the light background with the glyph inside the 80 % safe zone, since platforms crop them.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const svg = readFileSync(join(root, 'public/favicon.svg'), 'utf8');
const outDir = join(root, 'public/icons');
const BACKGROUND = '#F4F5F5';

const ICONS = [
  { file: 'icon-192.png', sizePx: 192, glyphShare: 1, background: null },
  { file: 'icon-512.png', sizePx: 512, glyphShare: 1, background: null },
  { file: 'icon-maskable-512.png', sizePx: 512, glyphShare: 0.62, background: BACKGROUND },
  { file: 'apple-touch-icon-180.png', sizePx: 180, glyphShare: 0.72, background: BACKGROUND },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ colorScheme: 'light' });
  for (const icon of ICONS) {
    const glyphPx = Math.round(icon.sizePx * icon.glyphShare);
    await page.setViewportSize({ width: icon.sizePx, height: icon.sizePx });
    await page.setContent(`<!doctype html><html><body style="margin:0;width:${icon.sizePx}px;height:${icon.sizePx}px;display:grid;place-items:center;background:${icon.background ?? 'transparent'}">
      <div style="width:${glyphPx}px;height:${glyphPx}px">${svg.replace('<svg ', `<svg width="${glyphPx}" height="${glyphPx}" `)}</div></body></html>`);
    await page.screenshot({
      path: join(outDir, icon.file),
      omitBackground: icon.background === null,
      clip: { x: 0, y: 0, width: icon.sizePx, height: icon.sizePx },
    });
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
