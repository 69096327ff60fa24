/*
 * STYLE.md's layers as data: which of our layers and which packages each may import, and the
 * technical debt (files that break a rule today, each with its reason). Debt may only shrink:
 * check-imports.mjs fails on an entry that no longer breaks its rule, and tests/lint pins the lists.
 */

/** The folders of src/; anything else under src/ is refused (a file directly in src/ is the shell's). */
export const SRC_LAYERS = ['ui', 'data', 'render', 'features', 'routes', 'app'];
/** Files directly in src/ that belong to no layer folder. */
export const SRC_ROOT_FILES = ['src/main.tsx', 'src/sw.ts', 'src/routeTree.gen.ts', 'src/vite-env.d.ts'];

/** What each layer may import besides itself. render → ui is not here: renderers draw, ui is React. */
export const ALLOWED = {
  domain: [],
  server: ['domain'],
  workers: ['domain', 'src/data'],
  'src/ui': ['domain'],
  'src/data': ['domain'],
  'src/render': ['domain'],
  'src/features': ['domain', 'src/ui', 'src/data', 'src/render'],
  'src/routes': ['domain', 'src/ui', 'src/data', 'src/render', 'src/features'],
  'src/app': [
    'domain',
    'src/ui',
    'src/data',
    'src/render',
    'src/features',
    'src/routes',
    'src/routeTree.gen.ts',
    'src/styles.css',
  ],
  src: ['domain', 'src/ui', 'src/data', 'src/render', 'src/features', 'src/routes', 'src/app', 'src/routeTree.gen.ts'],
};

const REACT = [
  'react',
  'react-dom',
  'resium',
  'dexie-react-hooks',
  '@radix-ui/*',
  '@tanstack/react-router',
  '@tanstack/react-table',
];
const STORAGE = ['dexie', 'dexie-react-hooks'];
const GRAPHICS = ['pixi.js', 'cesium', 'resium', 'uplot'];

/** Packages a layer may not import, each list with the reason given when one is. */
export const PACKAGE_BANS = [
  {
    layers: ['domain'],
    packages: [...REACT, ...STORAGE, ...GRAPHICS, 'node:*'],
    reason: 'domain/ runs in the server, the browser and workers alike: pure TypeScript, no UI, storage or Node',
  },
  {
    layers: ['src/render'],
    packages: [...REACT, ...STORAGE],
    reason: 'renderers draw with no React and touch no storage: the feature shell passes them data',
  },
  { layers: ['workers'], packages: REACT, reason: 'a worker has no DOM and no React' },
  {
    layers: ['server'],
    packages: [...REACT, ...STORAGE, ...GRAPHICS],
    reason: 'the server is Node: browser packages belong in src/',
  },
  {
    layers: ['src/ui', 'src/features', 'src/routes', 'src/app', 'src'],
    packages: STORAGE,
    reason: 'only src/data touches IndexedDB: read through its hooks and queries (src/data/mirror)',
  },
  {
    layers: ['src/ui', 'src/features', 'src/routes', 'src/app', 'src'],
    packages: ['cesium'],
    reason: 'Cesium primitives are built in src/render/map; the React shell stays thin',
  },
];

/** Inside src/data only: the Dexie database itself, so no other layer reads tables directly. */
export const DATA_INTERNAL = ['src/data/mirror/mirror-database.ts'];

/**
 * Technical debt: file → why it breaks the rule today. `rule` is the problem's rule name.
 * The goal is empty lists; an entry whose file no longer breaks the rule must be removed.
 */
export const DEBT = {
  'cesium outside render': {
    'src/features/maps/map-globe.tsx':
      'builds Cesium primitives inside the React component; being moved to src/render/map (issue 19)',
  },
  // Paid (issue 19): route files validate, call server/repositories, and answer.
  'sql in routes': {},
};
