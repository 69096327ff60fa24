/*
 * check-exports.mjs refuses an export nothing imports: planted in a scratch tree, a dead export and
 * one only its own file uses are named with what to do; an export a test imports counts as used.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/project-root.ts';

const script = join(projectRoot(), 'scripts', 'check-exports.mjs');
const trees: string[] = [];

function checkTree(files: Record<string, string>): { ok: boolean; output: string } {
  const tree = mkdtempSync(join(tmpdir(), 'check-exports-'));
  trees.push(tree);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  try {
    return { ok: true, output: execFileSync(process.execPath, [script, tree], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

describe('check-exports', () => {
  it('names a dead export and one used only at home, and passes a tree where every export has a user', () => {
    const planted = checkTree({
      'domain/shapes.ts':
        "export const used = 1;\nexport const dead = 2;\nexport const home = 3;\nexport const twice = home * 2;\nexport type ByTest = 'a';\n",
      'server/user.ts': "import { twice, used } from '../domain/shapes.ts';\nconsole.log(used, twice);\n",
      'tests/shapes.test.ts':
        "import type { ByTest } from '../domain/shapes.ts';\nconst value: ByTest = 'a';\nconsole.log(value);\n",
    });
    expect(planted.ok).toBe(false);
    expect(planted.output).toContain('[dead export] domain/shapes.ts:2 dead: nothing uses it; delete it');
    expect(planted.output).toContain(
      '[export used at home] domain/shapes.ts:3 home: only its own file uses it; drop the export',
    );
    expect(planted.output).not.toContain(' used:');
    expect(planted.output).not.toContain('ByTest');

    const clean = checkTree({
      'domain/shapes.ts': 'export const used = 1;\n',
      'src/data/user.ts': "import { used } from '../../domain/shapes.ts';\nconsole.log(used);\n",
    });
    expect(clean).toEqual({ ok: true, output: 'Every export has a user.\n' });
  });
});
