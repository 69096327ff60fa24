/*
 * The list of files the map picture's globe needs (its lazily loaded chunk and Cesium's own files),
 * written by the build (vite.config.ts) as /globe-files.json and read by the browser, which warms
 * them into the service worker's Cesium cache when an incident with a map syncs
 * (src/data/warm-globe-files.ts), so the globe draws offline on a device that never opened it online.
 */
import { z } from 'zod';

/** Where the build writes the list (not precached: it is only read online). */
export const GLOBE_FILES_URL = '/globe-files.json';

/** The service worker's runtime cache of the globe's files (vite.config.ts, CacheFirst). */
export const GLOBE_CACHE_NAME = 'churchkey-cesium';

export const GlobeFilesSchema = z.object({
  /** Changes whenever any listed file does (a hash of the list): the warm-up runs once per version. */
  version: z.string().min(1),
  files: z.array(
    z.object({
      // Same-origin paths of the built app only (no segment starting with a dot, so no '..'): the
      // list is never a way to fetch anything else.
      url: z.string().regex(/^\/(assets|cesium)(\/[\w-][\w.-]*)+$/),
      bytes: z.number().int().nonnegative(),
    }),
  ),
});
export type GlobeFiles = z.infer<typeof GlobeFilesSchema>;

/**
 * Cesium's files the globe does not load: ThirdParty (glTF and 3D Tiles decoders), Widgets (the
 * Viewer's widgets; the globe is a CesiumWidget and its CSS is bundled into the chunk's), the pin
 * builder's icons (maki, pin.svg), lens flare and water normals (post-processing and terrain water
 * the globe never turns on). Everything else is kept: workers are picked by Cesium per task, and
 * the IAU2006_XYS table read depends on the clock's date.
 */
const NOT_LOADED_BY_THE_GLOBE =
  /^(ThirdParty\/|Widgets\/|Assets\/Textures\/(maki\/|LensFlare\/|waterNormals|pin\.svg)|VERSION$)/;

/** Whether a file of Cesium's static build (a path relative to its base URL) belongs to the globe's warm-up. */
export function isGlobeCesiumFile(relativePath: string): boolean {
  return !NOT_LOADED_BY_THE_GLOBE.test(relativePath);
}

export interface BuiltChunk {
  /** Statically imported chunks (file names in the same bundle). */
  imports: readonly string[];
  /** CSS files the chunk brings in. */
  css: readonly string[];
}

/** A chunk, the chunks it imports (transitively, each once) and their CSS, in load order: the chunk first. */
export function chunkClosure(entry: string, chunks: ReadonlyMap<string, BuiltChunk>): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    if (!chunk) throw new Error(`chunk ${fileName} is not in the bundle`);
    files.push(fileName);
    for (const css of chunk.css) {
      if (seen.has(css)) continue;
      seen.add(css);
      files.push(css);
    }
    for (const imported of chunk.imports) visit(imported);
  };
  visit(entry);
  return files;
}
