#!/usr/bin/env node
/*
 * STYLE.md's layers, checked on every reference between files (static, type-only, side-effect,
 * dynamic, re-export, worker URL) and on every package import; unknown src/ folders, import cycles
 * and SQL in route files are refused too. Rules and debt: scripts/lint/layer-rules.mjs.
 * Each problem starts with its rule's name in brackets, so a reader (and tests/lint) knows which broke.
 */
import { fileURLToPath } from 'node:url';
import { cyclesOf, readGraph } from './lint/import-graph.mjs';
import { ALLOWED, DATA_INTERNAL, DEBT, PACKAGE_BANS, SRC_LAYERS, SRC_ROOT_FILES } from './lint/layer-rules.mjs';

const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));

function layerOf(rel) {
  if (!rel.startsWith('src/')) return rel.split('/')[0];
  const parts = rel.split('/');
  return parts.length > 2 ? `src/${parts[1]}` : 'src';
}

const featureOf = (rel) => (rel.startsWith('src/features/') ? rel.split('/')[2] : undefined);
const bans = (pattern, name) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern);

const problems = [];
const debtSeen = new Map(Object.keys(DEBT).map((rule) => [rule, new Set()]));
function report(rule, file, message) {
  if (DEBT[rule]?.[file] !== undefined) {
    debtSeen.get(rule).add(file);
    return;
  }
  problems.push(`[${rule}] ${file}: ${message}`);
}

const files = readGraph(root);
for (const [file, { text, references }] of files) {
  const from = layerOf(file);
  if (from.startsWith('src/') && !SRC_LAYERS.includes(from.slice(4))) {
    report(
      'unknown src folder',
      file,
      `${from}/ is not a layer of STYLE.md; put the code in src/${SRC_LAYERS.join(', src/')}`,
    );
  } else if (from === 'src' && !SRC_ROOT_FILES.includes(file)) {
    report(
      'unknown src folder',
      file,
      `a file directly in src/ belongs to no layer; move it into src/${SRC_LAYERS.join(', src/')}`,
    );
  }
  for (const ref of references) {
    const where = `${file}:${ref.line} '${ref.specifier}'`;
    if (ref.package !== undefined) {
      for (const ban of PACKAGE_BANS) {
        if (ban.layers.includes(from) && ban.packages.some((pattern) => bans(pattern, ref.package))) {
          const rule =
            ref.package === 'cesium' && from !== 'domain' && from !== 'server'
              ? 'cesium outside render'
              : 'package in layer';
          report(rule, file, `${where}: ${from} may not import ${ref.package}: ${ban.reason}`);
        }
      }
      continue;
    }
    if (ref.target === undefined) continue;
    const to = layerOf(ref.target);
    const how = ref.kind === 'url' ? 'refer to' : 'import';
    // A worker URL may name a worker entry: it starts another runtime rather than importing it.
    const workerEntry = ref.kind === 'url' && to === 'workers';
    const allowed =
      workerEntry || from === to || (ALLOWED[from] ?? []).some((layer) => to === layer || ref.target === layer);
    if (!allowed) {
      const rule = from === 'src/render' && to === 'src/ui' ? 'render imports ui' : 'layer';
      report(rule, file, `${where}: ${from} may not ${how} ${to}`);
    }
    const a = featureOf(file);
    const b = featureOf(ref.target);
    if (a && b && a !== b)
      report(
        'feature imports feature',
        file,
        `${where}: features never import each other (${a} → ${b}); compose them in src/routes, or move the shared part to ui/, data/ or domain/`,
      );
    if (DATA_INTERNAL.includes(ref.target) && from !== 'src/data' && from !== 'workers') {
      report(
        'storage outside data',
        file,
        `${where}: the mirror's tables are read through src/data (mirror-queries.ts, use-mirror.ts), never directly`,
      );
    }
  }
  if (file.startsWith('server/routes/') && /\.query\s*(<[^>]*>)?\s*\(|\bcopyFrom\s*\(/.test(text)) {
    report(
      'sql in routes',
      file,
      'SQL in a route file: put the query in a server/repositories/*-repository.ts and call it',
    );
  }
}

for (const cycle of cyclesOf(files)) {
  problems.push(
    `[import cycle] these files import each other in a circle (type-only imports count): ${cycle.join(', ')}; break it by moving the shared part (often a type) into its own file`,
  );
}

for (const [rule, seen] of debtSeen) {
  for (const file of Object.keys(DEBT[rule])) {
    if (!seen.has(file))
      problems.push(
        `[stale debt] ${file} no longer breaks '${rule}': remove it from DEBT in scripts/lint/layer-rules.mjs`,
      );
  }
}

if (problems.length) {
  console.error(`Import boundaries broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries hold.');
