// Lint with zero warnings. Layer boundaries (STYLE.md) are checked by scripts/check-imports.mjs;
// here, the globals each runtime may not reach for, each ban naming what to use instead.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Only src/data talks to the network or to storage (STYLE.md, "Data flow"). */
const DATA_ONLY = {
  fetch:
    'Only src/data talks to the network: call apiGet/apiPost/… of src/data/api-client.ts, or add a function to src/data.',
  indexedDB:
    "Only src/data touches IndexedDB: read the device's mirror through src/data/mirror (its hooks and queries).",
  localStorage:
    'Only src/data touches storage: keep a preference through src/data (persisted-state.ts, like time-zone-storage.ts).',
  caches:
    'Cache Storage belongs to the service worker and src/data (service-worker.ts, warm-globe-files.ts): ask src/data.',
};
const dataOnlyGlobals = Object.entries(DATA_ONLY).map(([name, message]) => ({ name, message }));
// window.fetch, globalThis.indexedDB, self.caches: the same globals reached through an object.
const dataOnlyProperties = ['window', 'globalThis', 'self'].flatMap((object) =>
  Object.entries(DATA_ONLY).map(([property, message]) => ({ object, property, message })),
);

/** One owner of the browser's frames (STYLE.md): everything else asks it. */
const FRAME_MESSAGE =
  'Ask src/render/frame-scheduler.ts for a frame (frameScheduler.request, frameLoop, nextFrame): it owns requestAnimationFrame.';
const frameGlobals = ['requestAnimationFrame', 'cancelAnimationFrame'].map((name) => ({
  name,
  message: FRAME_MESSAGE,
}));
const frameProperties = ['window', 'globalThis', 'self'].flatMap((object) =>
  frameGlobals.map(({ name }) => ({ object, property: name, message: FRAME_MESSAGE })),
);

/** A request's lifecycle by hand (controller, fetch, effect state) is src/data's: screens use its hooks. */
const HAND_WRITTEN_REQUEST = {
  selector: "NewExpression[callee.name='AbortController'], NewExpression[callee.property.name='AbortController']",
  message:
    'Only src/data starts requests: read with useApiRead or useApiPages (src/data/use-api-read.ts, use-api-pages.ts), write with useCancellableRequest (use-cancellable-request.ts).',
};

/** The DOM, for code that runs where there is none (domain everywhere, workers off the main thread). */
const DOM = [
  'window',
  'document',
  'navigator',
  'location',
  'HTMLElement',
  'HTMLCanvasElement',
  'requestAnimationFrame',
  'getComputedStyle',
];
const noDom = (where) => DOM.map((name) => ({ name, message: `${where} has no DOM: pass what is needed in as data.` }));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'build',
      '.tmp',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', ...dataOnlyGlobals, ...frameGlobals],
      'no-restricted-properties': ['error', ...dataOnlyProperties, ...frameProperties],
    },
  },
  {
    // Tests make their own signals to drive a read by hand.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/data/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', HAND_WRITTEN_REQUEST] },
  },
  {
    // Benchmark pages run in headless Chromium; they measure src/ directly, storage included.
    files: ['bench/pages/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/render/frame-scheduler.ts'],
    rules: {
      'no-restricted-globals': ['error', ...dataOnlyGlobals],
      'no-restricted-properties': ['error', ...dataOnlyProperties],
    },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
    rules: {
      'no-restricted-globals': ['error', ...dataOnlyGlobals, ...noDom('A worker')],
      'no-restricted-properties': ['error', ...dataOnlyProperties],
    },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...dataOnlyGlobals,
        ...noDom('domain/ runs on the server too; it'),
        { name: 'process', message: 'domain/ runs in the browser too: take the value as an argument.' },
      ],
      'no-restricted-properties': ['error', ...dataOnlyProperties],
    },
  },
  {
    files: ['src/data/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...frameGlobals],
      'no-restricted-properties': ['error', ...frameProperties],
    },
  },
);
