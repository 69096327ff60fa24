/*
 * The layer rules hold only if lint refuses their breach: one violation of each rule is planted in a
 * scratch copy of the tree (check-imports.mjs) or linted as a file at a path of the tree (ESLint), and
 * must fail naming its rule; the clean tree must pass. The debt lists may only shrink.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/project-root.ts';
import { DEBT } from '../../scripts/lint/layer-rules.mjs';

const root = projectRoot();
const checker = join(root, 'scripts', 'check-imports.mjs');

/** Runs the checker on `tree`; the exit status and what it printed. */
function check(tree: string, script = checker): { ok: boolean; output: string } {
  try {
    return {
      ok: true,
      output: execFileSync(process.execPath, [script, tree], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

interface Plant {
  what: string;
  rule: string;
  files: Record<string, string>;
}

/** Where a planted file stands in each layer. */
const AT = {
  render: 'src/render/planted.ts',
  domain: 'domain/planted.ts',
  worker: 'workers/planted.worker.ts',
  data: 'src/data/planted.ts',
  ui: 'src/ui/planted.ts',
  feature: 'src/features/home/planted.ts',
  route: 'src/routes/planted.ts',
} as const;

/** A file that imports `name` from `from` and uses it, so only the layer rule can refuse it. */
const importing = (name: string, from: string, as = `{ ${name} }`) =>
  `import ${as} from '${from}';\nexport const planted = ${name};\n`;

const PLANTS: Plant[] = [
  { what: 'react in src/render', rule: 'package in layer', files: { [AT.render]: importing('useState', 'react') } },
  {
    what: 'dexie in src/render',
    rule: 'package in layer',
    files: { [AT.render]: importing('Dexie', 'dexie', 'Dexie') },
  },
  { what: 'pixi.js in domain', rule: 'package in layer', files: { [AT.domain]: importing('Graphics', 'pixi.js') } },
  { what: 'node:fs in domain', rule: 'package in layer', files: { [AT.domain]: importing('readFileSync', 'node:fs') } },
  { what: 'react in a worker', rule: 'package in layer', files: { [AT.worker]: "import 'react';\n" } },
  {
    what: 'a side-effect import of a feature from src/data',
    rule: 'layer',
    files: { [AT.data]: "import '../features/incident/incident-view-state.ts';\n" },
  },
  {
    what: 'a type-only import of a feature from src/data',
    rule: 'layer',
    files: {
      [AT.data]:
        "import type {\n  IncidentViewState,\n} from '../features/incident/incident-view-state.ts';\nexport type Planted = IncidentViewState;\n",
    },
  },
  {
    what: 'a re-export of a route from src/ui',
    rule: 'layer',
    files: { [AT.ui]: "export * from '../routes/__root.tsx';\n" },
  },
  {
    what: 'a dynamic import of the server from a feature',
    rule: 'layer',
    files: { [AT.feature]: "export const planted = () => import('../../../server/app.ts');\n" },
  },
  {
    what: 'a new src/lib folder importing app/router.ts',
    rule: 'unknown src folder',
    files: { 'src/lib/planted.ts': importing('router', '../app/router.ts') },
  },
  {
    what: 'render importing ui',
    rule: 'render imports ui',
    files: { [AT.render]: importing('Button', '../ui/button.tsx') },
  },
  {
    what: 'a worker URL reaching into server/',
    rule: 'layer',
    files: {
      [AT.render]:
        "export const planted = () => new Worker(new URL('../../server/app.ts', import.meta.url), { type: 'module' });\n",
    },
  },
  {
    what: 'a feature importing another feature',
    rule: 'feature imports feature',
    files: { [AT.feature]: "export { mirrorStreamSource } from '../streams/mirror-stream-source.ts';\n" },
  },
  {
    what: "a feature reading the mirror's tables",
    rule: 'storage outside data',
    files: { [AT.feature]: importing('mirrorDatabase', '../../data/mirror/mirror-database.ts') },
  },
  {
    what: 'Cesium in a feature',
    rule: 'cesium outside render',
    files: { [AT.feature]: importing('Viewer', 'cesium') },
  },
  {
    what: 'an import cycle through type-only imports',
    rule: 'import cycle',
    files: {
      'src/data/planted-a.ts': "import type { B } from './planted-b.ts';\nexport interface A { b: B }\n",
      'src/data/planted-b.ts': "import type { A } from './planted-a.ts';\nexport interface B { a: A }\n",
    },
  },
  {
    what: 'SQL in a route file',
    rule: 'sql in routes',
    files: {
      'server/routes/api/planted-routes.ts':
        "import type { Db } from '../../db/database.ts';\nexport const planted = (db: Db) => db.query<{ n: number }>('SELECT 1 AS n');\n",
    },
  },
];

describe('check-imports.mjs on a scratch copy of the tree', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'churchkey-lint-'));
    for (const top of ['domain', 'server', 'src', 'workers'])
      cpSync(join(root, top), join(scratch, top), { recursive: true });
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('passes the clean tree', () => {
    const result = check(scratch);
    expect(result.output).toContain('Import boundaries hold.');
    expect(result.ok).toBe(true);
  });

  it.each(PLANTS)('refuses $what', ({ rule, files }) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
    try {
      const result = check(scratch);
      expect(result.ok).toBe(false);
      expect(result.output).toContain(`[${rule}]`);
      expect(result.output).toContain('planted');
    } finally {
      for (const path of Object.keys(files)) rmSync(join(scratch, path));
    }
  });

  it('names a debt entry whose file no longer breaks its rule, so the list only shrinks', () => {
    // The rules are copied beside the scratch tree with a debt entry for a route file that runs no SQL.
    const scripts = join(scratch, 'scripts');
    cpSync(join(root, 'scripts'), scripts, { recursive: true });
    const rules = join(scripts, 'lint', 'layer-rules.mjs');
    const file = 'server/routes/api/note-routes.ts';
    writeFileSync(
      rules,
      readFileSync(rules, 'utf8').replace(
        "'sql in routes': {",
        `'sql in routes': {\n    '${file}': 'planted: a debt entry for a clean file',`,
      ),
    );
    try {
      const result = check(scratch, join(scripts, 'check-imports.mjs'));
      expect(result.ok).toBe(false);
      expect(result.output).toContain(`[stale debt] ${file}`);
    } finally {
      rmSync(scripts, { recursive: true, force: true });
    }
  });
});

describe('the debt lists', () => {
  // Today's debt, frozen: a file may leave these lists, never join them.
  const KNOWN: Record<string, readonly string[]> = {
    'cesium outside render': ['src/features/maps/map-globe.tsx', 'src/features/maps/maps-bench-page.ts'],
    // Paid: no route file runs SQL (the repositories in server/repositories do).
    'sql in routes': [],
  };
  it('gain no new file, and give a reason for each', () => {
    for (const [rule, entries] of Object.entries(DEBT)) {
      for (const [file, reason] of Object.entries(entries)) {
        expect(KNOWN[rule] ?? [], `${file} joined the '${rule}' debt`).toContain(file);
        expect(reason.length, `${file} says why`).toBeGreaterThan(10);
      }
    }
  });
});

describe('check-file-length.mjs on a scratch tree', () => {
  const lengthChecker = join(root, 'scripts', 'check-file-length.mjs');
  const body = Array.from({ length: 400 }, (_, index) => `export const line${index} = ${index};`).join('\n');
  const plantIn = (text: string) => {
    const tree = mkdtempSync(join(tmpdir(), 'churchkey-length-'));
    mkdirSync(join(tree, 'src', 'features', 'home'), { recursive: true });
    writeFileSync(join(tree, 'src', 'features', 'home', 'planted.ts'), text);
    return tree;
  };

  it('refuses a file over 400 lines whose header gives no reason', () => {
    const tree = plantIn(`/*\n * A planted screen.\n */\n${body}\n`);
    const result = check(tree, lengthChecker);
    rmSync(tree, { recursive: true, force: true });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('src/features/home/planted.ts: 403 lines');
  });

  it('lets one through that says why, and one of 400 lines', () => {
    const reasoned = plantIn(`/*\n * A planted table.\n * Long because: one table.\n */\n${body}\n`);
    const short = plantIn(`${body}\n`);
    const results = [check(reasoned, lengthChecker), check(short, lengthChecker)];
    rmSync(reasoned, { recursive: true, force: true });
    rmSync(short, { recursive: true, force: true });
    expect(results.map((result) => result.ok)).toEqual([true, true]);
  });

  it('passes the clean tree', () => {
    expect(check(root, lengthChecker).ok).toBe(true);
  });
});

describe('ESLint on files at paths of the tree', () => {
  const eslint = new ESLint({ cwd: root });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    return result!.messages.filter((message) => message.ruleId?.startsWith('no-restricted-'));
  };

  // Each plant is `export const planted = () => {uses};` at a path of its layer.
  it.each([
    {
      what: 'fetch in a feature',
      at: AT.feature,
      uses: "fetch('/api/incidents')",
      rule: 'globals',
      names: 'api-client',
    },
    {
      what: 'window.fetch in a feature',
      at: AT.feature,
      uses: "window.fetch('/api/incidents')",
      rule: 'properties',
      names: 'api-client',
    },
    {
      what: 'globalThis.indexedDB in a feature',
      at: AT.feature,
      uses: "globalThis.indexedDB.open('x')",
      rule: 'properties',
      names: 'src/data/mirror',
    },
    {
      what: 'localStorage in a renderer',
      at: AT.render,
      uses: "localStorage.getItem('x')",
      rule: 'globals',
      names: 'persisted-state',
    },
    {
      what: 'self.caches in a worker',
      at: AT.worker,
      uses: "self.caches.open('x')",
      rule: 'properties',
      names: 'service worker',
    },
    { what: 'caches in a route', at: AT.route, uses: 'caches.keys()', rule: 'globals', names: 'service worker' },
    { what: 'document in domain', at: AT.domain, uses: 'document.title', rule: 'globals', names: 'no DOM' },
    { what: 'window in a worker', at: AT.worker, uses: 'window.innerWidth', rule: 'globals', names: 'no DOM' },
    {
      what: 'a request lifecycle by hand in a feature',
      at: AT.feature,
      uses: 'new AbortController().signal',
      rule: 'syntax',
      names: 'useApiRead',
    },
    {
      what: 'a request lifecycle by hand in a component, through globalThis',
      at: 'src/routes/planted.tsx',
      uses: 'new globalThis.AbortController()',
      rule: 'syntax',
      names: 'useCancellableRequest',
    },
  ])('refuses $what, naming what to use', async ({ at, uses, rule, names }) => {
    const messages = await lint(at, `export const planted = () => ${uses};\n`);
    expect(messages.map((message) => message.ruleId)).toContain(`no-restricted-${rule}`);
    expect(messages.map((message) => message.message).join('\n')).toContain(names);
  });

  it('lets src/data fetch, open IndexedDB and start requests', async () => {
    expect(
      await lint(
        AT.data,
        "export const planted = () => [fetch('/x'), indexedDB.open('x'), window.localStorage, new AbortController()];\n",
      ),
    ).toEqual([]);
  });
});
