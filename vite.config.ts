/*
 * Builds the browser app only (index.html → dist/). The Fastify server is compiled by tsc and
 * serves dist/ with an SPA fallback; Vite never sees server/ because nothing under src/ imports it.
 */
import { execFileSync } from 'node:child_process';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
