#!/usr/bin/env node
/*
 * The import directions of STYLE.md, checked on every relative import:
 *   domain ← server, domain ← workers (+ src/data), domain ← src;
 *   inside src: ui, data, render ← features ← routes ← app; features never import each other.
 * A file's top folder says where it runs, so a wrong import is a runtime mixed up.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TOP = ['domain', 'server', 'src', 'workers'];

/** What each layer may import (besides itself). */
const ALLOWED = {
  domain: [],
  server: ['domain'],
  workers: ['domain', 'src/data'],
  'src/ui': ['domain'],
  'src/data': ['domain'],
  'src/render': ['domain', 'src/ui'],
  'src/features': ['domain', 'src/ui', 'src/data', 'src/render'],
  'src/routes': ['domain', 'src/ui', 'src/data', 'src/render', 'src/features'],
  'src/app': ['domain', 'src/ui', 'src/data', 'src/render', 'src/features', 'src/routes', 'src/routeTree.gen.ts'],
  src: ['domain', 'src/ui', 'src/data', 'src/render', 'src/features', 'src/routes', 'src/app', 'src/routeTree.gen.ts'],
};
// Technical debt: imports that break the rules today, each with the reason (empty is the goal).
const DEBT = new Set([]);

function layerOf(path) {
  const rel = relative(root, path).split(sep).join('/');
  if (rel.startsWith('src/')) {
    const second = rel.split('/')[1];
    return ['ui', 'data', 'render', 'features', 'routes', 'app'].includes(second) ? `src/${second}` : 'src';
  }
  return rel.split('/')[0];
}

function featureOf(path) {
  const rel = relative(root, path).split(sep).join('/');
  return rel.startsWith('src/features/') ? rel.split('/')[2] : undefined;
}

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(entry) && !/\.(test|spec)\.tsx?$/.test(entry)) yield path;
  }
}

const problems = [];
for (const top of TOP) {
  let entries;
  try {
    entries = [...files(join(root, top))];
  } catch {
    continue;
  }
  for (const file of entries) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      const from = layerOf(file);
      const to = layerOf(target);
      const targetRel = relative(root, target).split(sep).join('/');
      const key = `${relative(root, file)} -> ${specifier}`;
      if (DEBT.has(key)) continue;
      const allowed = from === to || (ALLOWED[from] ?? []).some((layer) => to === layer || targetRel === layer);
      if (!allowed) problems.push(`${key}: ${from} may not import ${to}`);
      const a = featureOf(file);
      const b = featureOf(target);
      if (a && b && a !== b) problems.push(`${key}: features never import each other (${a} → ${b}); move it to ui/, data/ or domain/`);
    }
  }
}

if (problems.length) {
  console.error(`Import boundaries broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries hold.');
