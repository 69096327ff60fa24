/*
 * Maps (issue 9): (1) the geo CSV parse rate of domain/geo (rows read into checked points: numbers,
 * ranges, section 5 dates) beside PapaParse splitting the same bytes into fields; (2) a 1,000,000-point
 * track imported through the server's path (maps-repository importMap: parse, COPY) on PGlite;
 * (3) in headless Chromium (SwiftShader WebGL), the frame time of the map picture's way of drawing a
 * 1,000,000-point track (primitives, decimated by zoom, one moving symbol) beside an Entity per
 * point at a size Entities manage. runMapsBench() returns the Markdown section.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { detectGeoSettings } from '../domain/geo/detect-geo-settings.ts';
import { parseGeo } from '../domain/geo/parse-geo.ts';
import { openPglite } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { writeMapPointsFile } from '../server/demo/map-points-file.ts';
import { importMap } from '../server/repositories/maps-repository.ts';
import { projectRoot } from '../server/project-root.ts';
import { bundleScriptPage, launchBenchChromium, serveScriptPage } from './bench-browser.ts';
import { SOFTWARE_WEBGL_ARGS } from '../tests/support/chromium-args.ts';
import { resultsSection } from './results-file.ts';
import { median, ms, secs, table, thousands, versus } from './measure.ts';

export const MAPS_SECTION = resultsSection('maps-bench', 'npm run bench:maps');
const ORIGIN = 'http://maps-bench.localhost';
const FRAMES = 60;
const WARM_UP = 10;

async function parseRates(path: string, log: (line: string) => void) {
  const bytes = await readFile(path);
  const detection = detectGeoSettings(bytes.subarray(0, 65536).toString('utf8'), false, 'track.csv');
  if (typeof detection === 'string') throw new Error(detection);
  let started = performance.now();
  let points = 0;
  for await (const batch of parseGeo(new Uint8Array(bytes), detection.settings)) points += batch.points.length;
  const oursMillis = performance.now() - started;
  started = performance.now();
  const papa = Papa.parse<string[]>(bytes.toString('utf8'), { delimiter: ',', newline: '\n' });
  const papaMillis = performance.now() - started;
  log(
    `  parse ${thousands(points)} points: domain/geo ${secs(oursMillis)} s, PapaParse (fields only) ${secs(papaMillis)} s`,
  );
  return {
    bytes: bytes.length,
    points,
    oursMillis,
    papaRows: papa.data.length,
    papaMillis,
    settings: detection.settings,
  };
}

async function serverImport(
  path: string,
  settings: Parameters<typeof importMap>[1]['settings'],
  log: (line: string) => void,
) {
  const dir = await mkdtemp(join(tmpdir(), 'churchkey-maps-bench-'));
  const db = await openPglite(undefined);
  try {
    await migrate(db);
    const [org] = await db.query<{ id: number }>(
      "INSERT INTO organizations (name, created_micros) VALUES ('bench', 0) RETURNING id",
    );
    const [incident] = await db.query<{ id: number }>(
      'INSERT INTO incidents (organization_id, name, created_micros) VALUES ($1, $2, 0) RETURNING id',
      [org!.id, 'bench'],
    );
    await db.query("INSERT INTO blobs (sha256, size_bytes, created_micros) VALUES ('bench', 0, 0)");
    const [upload] = await db.query<{ id: number }>(
      "INSERT INTO uploads (incident_id, sha256, file_name, media_type, kind, size_bytes, created_micros) VALUES ($1, 'bench', 'track.csv', 'text/csv', 'text', 0, 0) RETURNING id",
      [incident!.id],
    );
    const size = (await readFile(path)).length;
    const started = performance.now();
    const result = await db.transaction((tx) =>
      importMap(
        tx,
        { incidentId: incident!.id, uploadId: upload!.id, settings, analystId: 1 },
        { path, sha256: 'bench', sizeBytes: size, discard: async () => {} },
      ),
    );
    const millis = performance.now() - started;
    log(`  server import (PGlite in memory) ${thousands(result.validPointCount)} points in ${secs(millis)} s`);
    return { points: result.validPointCount, millis };
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const bundlePage = () =>
  bundleScriptPage('maps-bench-page', 'MapsBenchPage', {
    define: { CESIUM_BASE_URL: JSON.stringify('/cesium/') },
    plugins: [
      {
        name: 'knockout-without-eval',
        transform: (code, id) =>
          id.includes('knockout-3.5.1') ? code.replace('(0,eval)("this")', 'globalThis') : null,
      },
    ],
  });

async function frameTimes(points: number, entityPoints: number, log: (line: string) => void) {
  const script = await bundlePage();
  const cesiumDir = join(projectRoot(), 'public', 'cesium');
  const browser = await launchBenchChromium(SOFTWARE_WEBGL_ARGS);
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
    await serveScriptPage(
      page,
      ORIGIN,
      script,
      '<!doctype html><meta charset="utf-8"><body></body><script src="/page.js"></script>',
    );
    // Registered last, so it answers the Cesium assets before the page's catch-all.
    await page.route(`${ORIGIN}/cesium/**`, (route) =>
      route.fulfill({
        path: join(cesiumDir, decodeURIComponent(new URL(route.request().url()).pathname.slice('/cesium/'.length))),
      }),
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'mapsBench' in globalThis, undefined, { timeout: 60_000 }).catch(() => undefined);
    if (errors.length > 0) throw new Error(`the bench page failed: ${errors.join('; ')}`);
    page.setDefaultTimeout(0);
    type Bench = {
      mapsBench: {
        layers(n: number, f: number, context: unknown): number[];
        primitives(n: number, f: number): number[];
        entities(n: number, f: number): number[];
      };
    };
    const context: unknown = JSON.parse(
      await readFile(join(projectRoot(), 'public', 'natural-earth', 'context.json'), 'utf8'),
    );
    const layers = median(
      (
        await page.evaluate(([n, f]) => (globalThis as unknown as Bench).mapsBench.layers(n, f, null), [
          points,
          FRAMES,
        ] as const)
      ).slice(WARM_UP),
    );
    log(
      `  frames, the map's layers (curtain, shadow, symbol, label), ${thousands(points)} points: median ${ms(layers)} ms`,
    );
    // The context run is reported, not fatal: the other figures stand without it.
    const withContext = await page
      .evaluate(([n, f, c]) => (globalThis as unknown as Bench).mapsBench.layers(n, f, c), [
        points,
        FRAMES,
        context,
      ] as const)
      .then((times) => median(times.slice(WARM_UP)))
      .catch((error: unknown) => {
        log(`  frames with the Natural Earth context failed: ${String(error)}`);
        return Number.NaN;
      });
    log(`  frames, the same with the Natural Earth context: median ${ms(withContext)} ms`);
    const ours = await page.evaluate(([n, f]) => (globalThis as unknown as Bench).mapsBench.primitives(n, f), [
      points,
      FRAMES,
    ] as const);
    const oursMedian = median(ours.slice(WARM_UP));
    log(`  frames, primitives, ${thousands(points)} points: median ${ms(oursMedian)} ms`);
    const baseline = await page.evaluate(([n, f]) => (globalThis as unknown as Bench).mapsBench.entities(n, f), [
      entityPoints,
      FRAMES,
    ] as const);
    const baselineMedian = median(baseline.slice(WARM_UP));
    log(`  frames, an Entity per point, ${thousands(entityPoints)} points: median ${ms(baselineMedian)} ms`);
    return { version: browser.version(), layers, withContext, oursMedian, baselineMedian };
  } finally {
    await browser.close();
  }
}

export async function runMapsBench(options: {
  points: number;
  entityPoints: number;
  log: (line: string) => void;
}): Promise<string> {
  const { points, entityPoints, log } = options;
  log(`\nmaps (${thousands(points)}-point track):`);
  const dir = await mkdtemp(join(tmpdir(), 'churchkey-maps-bench-'));
  try {
    const path = join(dir, 'track.csv');
    await writeMapPointsFile(path, {
      points,
      startMicros: 1_700_000_000_000_000,
      endMicros: 1_700_000_000_000_000 + 6 * 3600e6,
      seed: 9,
    });
    const parse = await parseRates(path, log);
    const imported = await serverImport(path, parse.settings, log);
    const frames = await frameTimes(points, entityPoints, log);
    const mib = parse.bytes / 2 ** 20;
    return [
      MAPS_SECTION.start,
      '## Maps: geo CSV parsing, the server import, frame time on the globe',
      '',
      `A synthetic ${thousands(points)}-point geo CSV (${mib.toFixed(0)} MiB; timestamp, actor, latitude, longitude, altitude, heading, pitch, roll; ` +
        '`server/demo/map-points-file.ts`). domain/geo reads every row into a checked point (section 5 dates, numbers, ranges); PapaParse only splits the same ' +
        'bytes into fields, so it is the floor any parser built on it can reach. One run each.',
      '',
      table(
        ['parser', 'rows', 'time', 'rows/s', 'MiB/s', 'vs PapaParse'],
        [
          [
            'domain/geo parseGeo (points)',
            thousands(parse.points),
            `${secs(parse.oursMillis)} s`,
            thousands(parse.points / (parse.oursMillis / 1000)),
            (mib / (parse.oursMillis / 1000)).toFixed(1),
            versus(parse.oursMillis, parse.papaMillis),
          ],
          [
            'PapaParse (fields, reference)',
            thousands(parse.papaRows),
            `${secs(parse.papaMillis)} s`,
            thousands(parse.papaRows / (parse.papaMillis / 1000)),
            (mib / (parse.papaMillis / 1000)).toFixed(1),
            '-',
          ],
        ],
      ),
      '',
      `The same file through the server's import (\`importMap\`: parse, then COPY into \`map_points\` in one transaction) on PGlite in memory: ` +
        `${thousands(imported.points)} points in ${secs(imported.millis)} s (${thousands(imported.points / (imported.millis / 1000))} points/s).`,
      '',
      `Frame time in headless Chromium ${frames.version} (SwiftShader: every frame rasterised on the CPU, so only the ratio means anything), 1024×600, no imagery. ` +
        `Ours: the ${thousands(points)} points as the map picture draws them (one polyline decimated for the camera height, about 2,000 sample dots, one billboard ` +
        `symbol re-turned and moved each frame), and the map's layers as they are now (src/render/map: the same line and dots, a curtain to the ground, ` +
        `the ground shadow, the symbol turned against the camera, its label set off the track with a leader line), alone and with the Natural Earth context. Baseline: an Entity per point (Cesium batches their points itself) at ${thousands(entityPoints)} points, with one moving entity. ` +
        `Median of ${FRAMES - WARM_UP} frames after ${WARM_UP} warm-up frames; each frame is render + gl.finish().`,
      '',
      table(
        ['way', 'points', 'median frame', 'vs Entity per point'],
        [
          [
            "the map's layers now: line, dots, curtain, shadow, symbol, label and leader (ours)",
            thousands(points),
            `${ms(frames.layers)} ms`,
            versus(frames.layers, frames.baselineMedian),
          ],
          [
            'the same with the Natural Earth coastlines and borders (ours)',
            thousands(points),
            `${ms(frames.withContext)} ms`,
            versus(frames.withContext, frames.baselineMedian),
          ],
          [
            'primitives, decimated, before the curtain (ours)',
            thousands(points),
            `${ms(frames.oursMedian)} ms`,
            versus(frames.oursMedian, frames.baselineMedian),
          ],
          ['an Entity per point (reference)', thousands(entityPoints), `${ms(frames.baselineMedian)} ms`, '-'],
        ],
      ),
      MAPS_SECTION.end,
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
