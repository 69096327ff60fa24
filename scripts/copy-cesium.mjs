#!/usr/bin/env node
/*
 * Copies Cesium's static files (Workers, Assets with the NaturalEarthII imagery, ThirdParty, Widgets;
 * about 8 MB) to public/cesium/, where CESIUM_BASE_URL ('/cesium/', vite.config.ts) finds them, so the
 * globe works with no network and no Ion token. Run by `npm run build:app` and `npm run dev`; the copy
 * is generated, never committed (.gitignore). Skipped when the copy is already of this Cesium version.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const cesiumDir = dirname(require.resolve('cesium/package.json'));
const { version } = JSON.parse(readFileSync(join(cesiumDir, 'package.json'), 'utf8'));
const target = join(root, 'public', 'cesium');
const stamp = join(target, 'VERSION');

if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === version) process.exit(0);
rmSync(target, { recursive: true, force: true });
for (const part of ['Workers', 'Assets', 'ThirdParty', 'Widgets']) {
  cpSync(join(cesiumDir, 'Build', 'Cesium', part), join(target, part), { recursive: true });
}
writeFileSync(stamp, `${version}\n`);
console.log(`copied Cesium ${version} static files to public/cesium/`);
