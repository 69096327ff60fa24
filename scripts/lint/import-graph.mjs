/*
 * The import graph of our code, read from the source text: every static, type-only, side-effect,
 * re-export and dynamic import, and every `new URL('…', import.meta.url)` (worker entries), each
 * resolved to a file. check-imports.mjs judges the edges; this only finds them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The top folders whose code runs somewhere; their non-test files are checked. */
export const TOP = ['domain', 'server', 'src', 'workers'];

export const toPosix = (path) => path.split(sep).join('/');

export function* sourceFiles(root, dir) {
  let entries;
  try {
    entries = readdirSync(join(root, dir));
  } catch {
    return;
  }
  for (const entry of entries) {
    const rel = `${dir}/${entry}`;
    if (statSync(join(root, rel)).isDirectory()) yield* sourceFiles(root, rel);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry) && !/\.d\.ts$/.test(entry) && !/\.(test|spec)\.tsx?$/.test(entry))
      yield rel;
  }
}

/** Comments blanked (kept line breaks), so an import written in a comment is not read as one. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, '');
}

const PATTERNS = [
  // import x from '…', import { … } from '…', import type …, export … from '…' (across lines)
  { kind: 'static', re: /\b(import|export)(\s+type)?\s+(?!\()[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, spec: 3, type: 2 },
  // import '…' (side effects only)
  { kind: 'side-effect', re: /\bimport\s*['"]([^'"]+)['"]/g, spec: 1 },
  // import('…'), also as a type: typeof import('…')
  { kind: 'dynamic', re: /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, spec: 1 },
  // new URL('…', import.meta.url): a worker or asset the bundler follows like an import
  { kind: 'url', re: /\bnew\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g, spec: 1 },
];

/** Every reference of one file: { specifier, kind, typeOnly, line }. */
export function referencesOf(text) {
  const clean = withoutComments(text);
  const found = [];
  for (const { kind, re, spec, type } of PATTERNS) {
    for (const match of clean.matchAll(re)) {
      const line = clean.slice(0, match.index).split('\n').length;
      found.push({ specifier: match[spec], kind, typeOnly: type !== undefined && match[type] !== undefined, line });
    }
  }
  return found;
}

/** A relative specifier as a path under root ('src/data/x.ts'), with Vite's ?query dropped. */
export function resolveRelative(root, fromRel, specifier) {
  const bare = specifier.replace(/\?.*$/, '');
  const abs = resolve(dirname(join(root, fromRel)), bare);
  for (const candidate of [abs, `${abs}.ts`, `${abs}.tsx`, join(abs, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return toPosix(relative(root, candidate));
  }
  return toPosix(relative(root, abs));
}

/** The package a bare specifier names: 'react-dom/client' → 'react-dom', '@radix-ui/x/y' → '@radix-ui/x'. */
export function packageOf(specifier) {
  if (specifier.startsWith('node:')) return specifier;
  const parts = specifier.replace(/\?.*$/, '').split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every file under TOP with its references, relative ones resolved. */
export function readGraph(root) {
  const files = new Map();
  for (const top of TOP) {
    for (const rel of sourceFiles(root, top)) {
      const text = readFileSync(join(root, rel), 'utf8');
      const references = referencesOf(text).map((ref) => ({
        ...ref,
        target: ref.specifier.startsWith('.') ? resolveRelative(root, rel, ref.specifier) : undefined,
        package: ref.specifier.startsWith('.') || ref.specifier.startsWith('/') ? undefined : packageOf(ref.specifier),
      }));
      files.set(rel, { text, references });
    }
  }
  return files;
}

/** Import cycles (Tarjan's strongly connected components of two files or more, or a self-import). */
export function cyclesOf(files) {
  const edges = new Map();
  for (const [file, { references }] of files) {
    edges.set(file, [
      ...new Set(references.filter((r) => r.target && r.kind !== 'url' && files.has(r.target)).map((r) => r.target)),
    ]);
  }
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    // Iterative, so a deep import chain cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, at] = frame;
      const targets = edges.get(node) ?? [];
      if (at < targets.length) {
        frame[1] += 1;
        const target = targets[at];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) cycles.push(component.sort());
      }
    }
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
