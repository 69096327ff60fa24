#!/usr/bin/env node
/*
 * Refuses exports no other file imports: an export is a promise that something outside uses it.
 * Reads every file with the TypeScript parser; tests, benchmarks and scripts count as users. Prints
 * "dead" (used nowhere: delete it) and "own file only" (drop the `export`). `--count` prints totals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { resolveRelative, sourceFiles, TOP } from './lint/import-graph.mjs';

const defaultRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const root = (process.argv.find((arg, i) => i > 1 && !arg.startsWith('--')) ?? defaultRoot).replace(/\/$/, '');
const countOnly = process.argv.includes('--count');

// Files a framework or tool loads by its name, not by an import: their exports are its contract.
// zod-without-eval.ts stands in for 'zod' through vite.config.ts's alias.
const ENTRY_POINTS = [
  /^src\/data\/zod-without-eval\.ts$/,
  /^src\/routes\//,
  /^src\/routeTree\.gen\.ts$/,
  /^src\/main\.tsx$/,
  /^workers\/[^/]+\.worker\.ts$/,
  /\.d\.ts$/,
];
const USER_TOPS = [...TOP, 'tests', 'bench', 'scripts'];

function* allFiles(dir) {
  // sourceFiles skips tests; users include them.
  yield* sourceFiles(root, dir);
  for (const rel of testFiles(dir)) yield rel;
}

function testFiles(dir) {
  const found = [];
  const walk = (rel) => {
    let entries;
    try {
      entries = ts.sys.readDirectory(
        join(root, rel),
        ['.ts', '.tsx'],
        ['**/node_modules'],
        ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts'],
      );
    } catch {
      return;
    }
    for (const abs of entries) found.push(abs.slice(root.length).replace(/^\/+/, ''));
  };
  walk(dir);
  return found;
}

const parse = (rel) => ts.createSourceFile(rel, readFileSync(join(root, rel), 'utf8'), ts.ScriptTarget.Latest, true);
const hasExport = (node) => ts.getModifiers?.(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/** The names a file exports by declaration (`export function f`, `export const a, b`, `export { x }`). */
function exportsOf(source) {
  const names = new Map();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      // Re-exports (`export … from`) pass another file's names on; they are that file's exports.
      if (statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
      for (const element of statement.exportClause.elements) names.set(element.name.text, element.name);
      continue;
    }
    if (!hasExport(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.set(declaration.name.text, declaration.name);
    } else if (statement.name && ts.isIdentifier(statement.name)) names.set(statement.name.text, statement.name);
  }
  return names;
}

/** What each file takes from others: target file → names, or '*' for a namespace or dynamic import. */
function importsOf(rel, source, uses) {
  const take = (specifier, name) => {
    if (!specifier.startsWith('.')) return;
    const target = resolveRelative(root, rel, specifier.replace(/\.js$/, '.ts'));
    if (!uses.has(target)) uses.set(target, new Set());
    uses.get(target).add(name);
  };
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const specifier = node.moduleSpecifier.text;
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      if (ts.isExportDeclaration(node)) {
        if (!node.exportClause || !ts.isNamedExports(node.exportClause)) take(specifier, '*');
        else for (const e of node.exportClause.elements) take(specifier, (e.propertyName ?? e.name).text);
      } else if (clause) {
        if (clause.name) take(specifier, 'default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) take(specifier, '*');
        else if (bindings) for (const e of bindings.elements) take(specifier, (e.propertyName ?? e.name).text);
      }
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      take(node.argument.literal.text, node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : '*');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) take(arg.text, '*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Whether the name is used in its own file beyond its declaration. */
function usedAtHome(source, name, declared) {
  let used = false;
  const visit = (node) => {
    if (used) return;
    if (ts.isIdentifier(node) && node.text === name && node !== declared) used = true;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

// The configs at the root (vite, vitest, playwright) import from the tree too.
const rootFiles = readdirSync(root).filter((name) => /\.(ts|mts|mjs)$/.test(name) && !name.endsWith('.d.ts'));
const uses = new Map();
const parsed = new Map();
for (const files of [rootFiles, ...USER_TOPS.map((top) => new Set(allFiles(top)))]) {
  for (const rel of files) {
    if (!/\.(ts|tsx|mts|mjs)$/.test(rel)) continue;
    const source = parse(rel);
    parsed.set(rel, source);
    importsOf(rel, source, uses);
  }
}

const dead = [];
const ownFile = [];
for (const top of TOP) {
  for (const rel of sourceFiles(root, top)) {
    if (!/\.(ts|tsx)$/.test(rel) || ENTRY_POINTS.some((re) => re.test(rel))) continue;
    const source = parsed.get(rel) ?? parse(rel);
    const taken = uses.get(rel) ?? new Set();
    if (taken.has('*')) continue;
    for (const [name, declared] of exportsOf(source)) {
      if (taken.has(name)) continue;
      const line = source.getLineAndCharacterOfPosition(declared.getStart()).line + 1;
      (usedAtHome(source, name, declared) ? ownFile : dead).push(`${rel}:${line} ${name}`);
    }
  }
}

if (countOnly) {
  console.log(`${dead.length} dead exports, ${ownFile.length} exports used only in their own file`);
} else {
  for (const entry of dead) console.log(`[dead export] ${entry}: nothing uses it; delete it`);
  for (const entry of ownFile)
    console.log(`[export used at home] ${entry}: only its own file uses it; drop the export`);
  if (dead.length + ownFile.length > 0) process.exit(1);
  console.log('Every export has a user.');
}
