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

const PLANTS: Plant[] = [
  {
    what: 'react in src/render',
    rule: 'package in layer',
    files: { 'src/render/planted.ts': "import { useState } from 'react';\nexport const planted = useState;\n" },
  },
  {
    what: 'dexie in src/render',
    rule: 'package in layer',
    files: { 'src/render/planted.ts': "import Dexie from 'dexie';\nexport const planted = Dexie;\n" },
  },
  {
    what: 'pixi.js in domain',
    rule: 'package in layer',
    files: { 'domain/planted.ts': "import { Graphics } from 'pixi.js';\nexport const planted = Graphics;\n" },
  },
  {
    what: 'node:fs in domain',
    rule: 'package in layer',
    files: { 'domain/planted.ts': "import { readFileSync } from 'node:fs';\nexport const planted = readFileSync;\n" },
  },
  { what: 'react in a worker', rule: 'package in layer', files: { 'workers/planted.worker.ts': "import 'react';\n" } },
  {
    what: 'a side-effect import of a feature from src/data',
    rule: 'layer',
    files: { 'src/data/planted.ts': "import '../features/incident/incident-view-state.ts';\n" },
  },
  {
    what: 'a type-only import of a feature from src/data',
    rule: 'layer',
    files: {
      'src/data/planted.ts':
        "import type {\n  IncidentViewState,\n} from '../features/incident/incident-view-state.ts';\nexport type Planted = IncidentViewState;\n",
    },
  },
  {
    what: 'a re-export of a route from src/ui',
    rule: 'layer',
    files: { 'src/ui/planted.ts': "export * from '../routes/__root.tsx';\n" },
  },
  {
    what: 'a dynamic import of the server from a feature',
    rule: 'layer',
    files: { 'src/features/home/planted.ts': "export const planted = () => import('../../../server/app.ts');\n" },
  },
  {
    what: 'a new src/lib folder importing app/router.ts',
    rule: 'unknown src folder',
    files: { 'src/lib/planted.ts': "import { router } from '../app/router.ts';\nexport const planted = router;\n" },
  },
  {
    what: 'render importing ui',
    rule: 'render imports ui',
    files: { 'src/render/planted.ts': "import { Button } from '../ui/button.tsx';\nexport const planted = Button;\n" },
  },
  {
    what: 'a worker URL reaching into server/',
    rule: 'layer',
    files: {
      'src/render/planted.ts':
        "export const planted = () => new Worker(new URL('../../server/app.ts', import.meta.url), { type: 'module' });\n",
    },
  },
  {
    what: 'a feature importing another feature',
    rule: 'feature imports feature',
    files: {
      'src/features/home/planted.ts': "export { mirrorStreamSource } from '../streams/mirror-stream-source.ts';\n",
    },
  },
  {
    what: "a feature reading the mirror's tables",
    rule: 'storage outside data',
    files: {
      'src/features/home/planted.ts':
        "import { mirrorDatabase } from '../../data/mirror/mirror-database.ts';\nexport const planted = mirrorDatabase;\n",
    },
  },
  {
    what: 'Cesium in a feature',
    rule: 'cesium outside render',
    files: { 'src/features/home/planted.ts': "import { Viewer } from 'cesium';\nexport const planted = Viewer;\n" },
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

  it.each([
    {
      what: 'fetch in a feature',
      path: 'src/features/home/planted.ts',
      code: "export const planted = () => fetch('/api/incidents');\n",
      rule: 'no-restricted-globals',
      names: 'api-client',
    },
    {
      what: 'window.fetch in a feature',
      path: 'src/features/home/planted.ts',
      code: "export const planted = () => window.fetch('/api/incidents');\n",
      rule: 'no-restricted-properties',
      names: 'api-client',
    },
    {
      what: 'globalThis.indexedDB in a feature',
      path: 'src/features/home/planted.ts',
      code: "export const planted = () => globalThis.indexedDB.open('x');\n",
      rule: 'no-restricted-properties',
      names: 'src/data/mirror',
    },
    {
      what: 'localStorage in a renderer',
      path: 'src/render/planted.ts',
      code: "export const planted = () => localStorage.getItem('x');\n",
      rule: 'no-restricted-globals',
      names: 'persisted-state',
    },
    {
      what: 'self.caches in a worker',
      path: 'workers/planted.worker.ts',
      code: "export const planted = () => self.caches.open('x');\n",
      rule: 'no-restricted-properties',
      names: 'service worker',
    },
    {
      what: 'caches in a route',
      path: 'src/routes/planted.ts',
      code: 'export const planted = () => caches.keys();\n',
      rule: 'no-restricted-globals',
      names: 'service worker',
    },
    {
      what: 'document in domain',
      path: 'domain/planted.ts',
      code: 'export const planted = () => document.title;\n',
      rule: 'no-restricted-globals',
      names: 'no DOM',
    },
    {
      what: 'window in a worker',
      path: 'workers/planted.worker.ts',
      code: 'export const planted = () => window.innerWidth;\n',
      rule: 'no-restricted-globals',
      names: 'no DOM',
    },
    {
      what: 'a request lifecycle by hand in a feature',
      path: 'src/features/home/planted.ts',
      code: 'export const planted = () => new AbortController().signal;\n',
      rule: 'no-restricted-syntax',
      names: 'useApiRead',
    },
    {
      what: 'a request lifecycle by hand in a component, through globalThis',
      path: 'src/routes/planted.tsx',
      code: 'export const planted = () => new globalThis.AbortController();\n',
      rule: 'no-restricted-syntax',
      names: 'useCancellableRequest',
    },
  ])('refuses $what, naming what to use', async ({ path, code, rule, names }) => {
    const messages = await lint(path, code);
    expect(messages.map((message) => message.ruleId)).toContain(rule);
    expect(messages.map((message) => message.message).join('\n')).toContain(names);
  });

  it('lets src/data fetch, open IndexedDB and start requests', async () => {
    expect(
      await lint(
        'src/data/planted.ts',
        "export const planted = () => [fetch('/x'), indexedDB.open('x'), window.localStorage, new AbortController()];\n",
      ),
    ).toEqual([]);
  });
});
