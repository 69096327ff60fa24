/*
 * Builds the browser app only (index.html → dist/). The Fastify server is compiled by tsc and
 * serves dist/ with an SPA fallback; Vite never sees server/ because nothing under src/ imports it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  chunkClosure,
  GLOBE_CACHE_NAME,
  GLOBE_FILES_URL,
  isGlobeCesiumFile,
  type BuiltChunk,
  type GlobeFiles,
} from './domain/geo/globe-files.ts';

const API_TARGET = 'http://127.0.0.1:8080';

function gitCommitID(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // NOTE: a fresh repository (no commit yet) or a tarball without .git; the footer shows dashes.
    return '';
  }
}

/**
 * Builds src/data/outbox/outbox-sync-worker.ts on its own, as one classic script (no imports), into
 * dist/outbox-sync.js before the PWA plugin writes sw.js, which loads it with importScripts.
 */
function outboxSyncWorker(): Plugin {
  return {
    name: 'churchkey-outbox-sync-worker',
    apply: 'build',
    async writeBundle(options) {
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir: options.dir ?? 'dist',
          emptyOutDir: false,
          sourcemap: true,
          lib: {
            entry: 'src/data/outbox/outbox-sync-worker.ts',
            formats: ['iife'],
            name: 'ChurchkeyOutboxSync',
            fileName: () => 'outbox-sync.js',
          },
        },
      });
    },
  };
}

/**
 * Writes dist/globe-files.json: the map globe's chunk with the chunks and CSS it imports, and the
 * files of public/cesium/ the globe loads (domain/geo/globe-files.ts), so the browser can warm the
 * service worker's Cesium cache from what this build made rather than from a list kept by hand.
 */
function globeFiles(): Plugin {
  let publicDir = 'public';
  return {
    name: 'churchkey-globe-files',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, BuiltChunk>();
      const bytes = new Map<string, number>();
      let globe: string | undefined;
      for (const output of Object.values(bundle)) {
        bytes.set(
          output.fileName,
          output.type === 'chunk'
            ? Buffer.byteLength(output.code)
            : typeof output.source === 'string'
              ? Buffer.byteLength(output.source)
              : output.source.byteLength,
        );
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, { imports: output.imports, css: [...(output.viteMetadata?.importedCss ?? [])] });
        if (output.facadeModuleId?.endsWith('/src/features/maps/map-globe.tsx')) globe = output.fileName;
      }
      if (!globe) throw new Error('globe-files: no chunk of src/features/maps/map-globe.tsx in the bundle');
      const files: GlobeFiles['files'] = chunkClosure(globe, chunks).map((fileName) => ({
        url: `/${fileName}`,
        bytes: bytes.get(fileName) ?? 0,
      }));
      const cesiumDir = join(publicDir, 'cesium');
      const cesiumFiles = readdirSync(cesiumDir, { recursive: true, encoding: 'utf8' })
        .map((path) => path.split('\\').join('/'))
        .filter((path) => isGlobeCesiumFile(path) && statSync(join(cesiumDir, path)).isFile())
        .sort();
      for (const path of cesiumFiles)
        files.push({ url: `/cesium/${path}`, bytes: statSync(join(cesiumDir, path)).size });
      const version = createHash('sha256')
        .update(readFileSync(join(cesiumDir, 'VERSION')))
        .update(JSON.stringify(files))
        .digest('hex')
        .slice(0, 16);
      const list: GlobeFiles = { version, files };
      this.emitFile({
        type: 'asset',
        fileName: GLOBE_FILES_URL.slice(1),
        source: `${JSON.stringify(list, null, 1)}\n`,
      });
    },
  };
}

/** The module that starts a reopen's fast-copy read (src/app/start-copy-read.ts), relative to the root. */
const COPY_READ_START = 'src/app/start-copy-read.ts';

/**
 * Emits src/app/start-copy-read.ts as a chunk of its own and names it in index.html before the app's
 * entry: a module script runs once its own imports are in, so this few-kB module starts the copy's
 * worker while the app's chunks (still modulepreloaded by the HTML) are fetched and compiled, rather
 * than once all of them are (issue 20). Vite bundles every script of an HTML page into one entry,
 * hence the plugin. main.tsx imports the same module first, so it is evaluated once, whichever runs it.
 */
function copyReadFirst(): Plugin {
  return {
    name: 'churchkey-copy-read-first',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: fileURLToPath(new URL(`./${COPY_READ_START}`, import.meta.url)) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(`/${COPY_READ_START}`),
        );
        const entry = html.indexOf('<script type="module"');
        if (!chunk || entry < 0) throw new Error(`copy-read-first: no chunk of ${COPY_READ_START} or no entry script`);
        // Before the entry's script: module scripts run in document order, each once its own imports are in.
        const script = `<script type="module" crossorigin src="/${chunk.fileName}"></script>\n    `;
        return html.slice(0, entry) + script + html.slice(entry);
      },
    },
  };
}

/** The tiny classic script that paints a reopened swimlane's kept frame (src/app/early-picture-start.ts). */
const EARLY_PICTURE_START = 'src/app/early-picture-start.ts';

/**
 * Builds src/app/early-picture-start.ts on its own as one classic script (an IIFE, no imports: a few kB)
 * into assets/early-picture-<hash>.js and names it first in index.html's head, before the stylesheet
 * and the app's module scripts: a classic script runs as soon as it is in, while the page's deferred
 * modules wait for the stylesheet, the parse and their ~1.6 MB (issue 20). A file, not inline: the CSP
 * allows 'self' scripts only. The app's entry is no longer a script of the page but a modulepreload the
 * script imports (data-app) once its picture is painted, or at once (early-picture-start.ts). The app's
 * own modules never import it. Not rollupOptions.input: that makes one more deferred ES module.
 */
function earlyPictureFirst(): Plugin {
  let fileName: string | undefined;
  return {
    name: 'churchkey-early-picture-first',
    apply: 'build',
    async buildStart() {
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        resolve: {
          alias: [
            { find: /^zod$/, replacement: fileURLToPath(new URL('./src/data/zod-without-eval.ts', import.meta.url)) },
          ],
        },
        build: {
          write: false,
          minify: true,
          sourcemap: false,
          lib: {
            entry: EARLY_PICTURE_START,
            formats: ['iife'],
            name: 'ChurchkeyEarlyPicture',
            fileName: () => 'early.js',
          },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) =>
        'output' in result ? result.output : [],
      );
      const chunk = outputs.find((output) => output.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk')
        throw new Error(`early-picture-first: no script built from ${EARLY_PICTURE_START}`);
      const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 8);
      fileName = `assets/early-picture-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // The app's entry: started by this script (after the picture, or at once), preloaded meanwhile.
        const entryScript = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>\n?\s*/.exec(
          html,
        );
        // First in the head after the charset (which must come within its first bytes).
        const charset = '<meta charset="utf-8" />';
        const at = html.indexOf(charset) + charset.length;
        if (!fileName || !entryScript || at < charset.length)
          throw new Error('early-picture-first: no script built, no entry script or no charset in index.html');
        const entry = entryScript[1]!;
        const withoutEntry = html.replace(
          entryScript[0],
          `<link rel="modulepreload" crossorigin href="${entry}">\n    `,
        );
        const script = `\n    <script src="/${fileName}" data-app="${entry}"></script>`;
        return withoutEntry.slice(0, at) + script + withoutEntry.slice(at);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
    outboxSyncWorker(),
    globeFiles(),
    copyReadFirst(),
    earlyPictureFirst(),
    {
      // Knockout (in Cesium's widgets, unused by the globe, which is a CesiumWidget) finds the global
      // object with (0,eval)("this") as its module loads; the app's CSP has no 'unsafe-eval'.
      name: 'knockout-without-eval',
      transform(code, id) {
        return id.includes('knockout-3.5.1') ? code.replace('(0,eval)("this")', 'globalThis') : null;
      },
    },
    // The app shell is precached so the app opens with no network; a new version waits for the
    // analyst's "Reload" (registerType 'prompt', src/data/service-worker.ts registers it).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      manifest: {
        id: '/',
        name: 'Churchkey',
        short_name: 'Churchkey',
        description: 'Incident analysis: evidence from many sources on one time axis, annotated together.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#F4F5F5',
        background_color: '#F4F5F5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // The shell: code, styles, icons and the legal page (never Cesium's files: they are cached as used).
        // The globe's Natural Earth context (~0.5 MB, ~0.2 MB on the wire) too: coastlines and borders offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'natural-earth/*.json'],
        // The globe's chunk carries Cesium (4.6 MB): cached when first used or warmed by an incident's sync, below.
        globIgnores: ['cesium/**', 'outbox-sync.js', 'assets/map-globe-*'],
        // Background Sync of the outbox (src/data/outbox/outbox-sync-worker.ts).
        importScripts: ['outbox-sync.js'],
        navigateFallback: 'index.html',
        // Sign-in, logout and the API are the server's, never the cached shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // Runtime caching. NOTE: these functions are copied into sw.js as source text: they may use
        // nothing from this file.
        runtimeCaching: [
          {
            // API reads: the network when it answers within 10 s, else the last answer. Not /auth
            // (the session is the server's), not event pages or streams (the mirror holds events),
            // not file contents (large; the server streams them), not the mirror's own syncs
            // (src/data/mirror/api-source.ts: they must fail offline, not replay an old answer).
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              request.headers.get('x-churchkey-mirror-sync') === null &&
              url.pathname.startsWith('/api/') &&
              !/\/events(\.ndjson)?$|\/content$|\/raw$|\/openapi\.json$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'churchkey-api',
              networkTimeoutSeconds: 10,
              expiration: { maxEntries: 1000, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  // Answers depend on the analyst acting (X-Churchkey-Analyst): one cached answer per analyst.
                  cacheKeyWillBeUsed: async ({ request }) =>
                    `${request.url}${request.url.includes('?') ? '&' : '?'}__analyst=${request.headers.get('x-churchkey-analyst') ?? '0'}`,
                },
              ],
            },
          },
          {
            // Cesium's workers, assets and imagery (NaturalEarthII): fixed per version, so cache first.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && (url.pathname.startsWith('/cesium/') || url.pathname.startsWith('/assets/map-globe-')),
            handler: 'CacheFirst',
            options: {
              // The same cache src/data/warm-globe-files.ts fills when an incident with a map syncs.
              cacheName: GLOBE_CACHE_NAME,
              expiration: { maxEntries: 3000 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Map imagery tiles from the configured tile server (MAP_TILE_URL, the only other host the
            // CSP allows), for the field: cache first, bounded. Cesium fetches tiles (destination ''),
            // then decodes them, so a {z}/{x}/{y} image path is matched as well as <img> loads.
            urlPattern: ({ url, request, sameOrigin }) =>
              !sameOrigin &&
              request.method === 'GET' &&
              (request.destination === 'image' || /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/i.test(url.pathname)),
            handler: 'CacheFirst',
            options: {
              cacheName: 'churchkey-map-imagery',
              expiration: { maxEntries: 5000, maxAgeSeconds: 90 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  resolve: {
    // Zod without its eval probe in the page and the workers (the CSP refuses eval): src/data/zod-without-eval.ts.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/data/zod-without-eval.ts', import.meta.url)) }],
  },
  define: {
    __APP_VERSION__: JSON.stringify(gitCommitID()),
    // Where Cesium finds its workers and assets: copied there by scripts/copy-cesium.mjs.
    CESIUM_BASE_URL: JSON.stringify('/cesium/'),
  },
  server: {
    // Host header kept as the browser sent it (no changeOrigin), so the server's same-origin
    // check of sign-in `from` addresses accepts the dev server's own origin.
    proxy: {
      '/api': { target: API_TARGET },
      '/auth': { target: API_TARGET },
    },
    watch: {
      ignored: [
        '**/data/**',
        '**/build/**',
        '**/dist/**',
        '**/test-results/**',
        '**/playwright-report/**',
        '**/.tmp/**',
      ],
    },
  },
  optimizeDeps: {
    // Only the browser entry is scanned for dependencies; server/ and tests/ stay out.
    entries: ['index.html'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
