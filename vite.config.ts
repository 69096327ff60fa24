/*
 * Builds the browser app only (index.html → dist/). The Fastify server is compiled by tsc and
 * serves dist/ with an SPA fallback; Vite never sees server/ because nothing under src/ imports it.
 */
import { execFileSync } from 'node:child_process';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://127.0.0.1:8080';

function gitCommitID(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // NOTE: a fresh repository (no commit yet) or a tarball without .git; the footer shows dashes.
    return '';
  }
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
        // The shell only: code, styles, icons and the legal page. API answers are not cached here.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: 'index.html',
        // Sign-in, logout and the API are the server's, never the cached shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(gitCommitID()),
  },
  server: {
    // Host header kept as the browser sent it (no changeOrigin), so the server's same-origin
    // check of sign-in `from` addresses accepts the dev server's own origin.
    proxy: {
      '/api': { target: API_TARGET },
      '/auth': { target: API_TARGET },
    },
    watch: {
      ignored: ['**/data/**', '**/build/**', '**/dist/**', '**/test-results/**', '**/playwright-report/**', '**/.tmp/**'],
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
