#!/usr/bin/env node
/*
 * STYLE.md's split line: a source file over 400 lines says why in its first comment, with a line
 * starting "Long because:" (a generated file says it was generated). Run by `npm run lint`; takes
 * the tree's root as an argument so tests/lint can plant a file in a scratch copy.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LINE_LIMIT = 400;
const FOLDERS = ['src', 'domain', 'server', 'workers', 'scripts', 'bench', 'tests'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'fixtures']);
const REASON = /Long because:\s*\S/;
const GENERATED = /automatically generated/i;

const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));

function* sourceFiles(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The comments the file opens with (block or line, blank lines between, after a shebang), as one text. */
function openingComment(text) {
  const lines = text.split('\n');
  const taken = [];
  let inBlock = false;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (index === 0 && line.startsWith('#!')) continue;
    if (inBlock || line.startsWith('/*')) {
      taken.push(line);
      inBlock = !line.includes('*/');
    } else if (line.startsWith('//')) taken.push(line);
    else if (line !== '') break;
  }
  return taken.join('\n');
}

const problems = [];
for (const folder of FOLDERS) {
  for (const file of sourceFiles(join(root, folder))) {
    const text = readFileSync(file, 'utf8');
    const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lineCount <= LINE_LIMIT) continue;
    const comment = openingComment(text);
    if (REASON.test(comment) || GENERATED.test(comment)) continue;
    problems.push(
      `${relative(root, file)}: ${lineCount} lines; split it where it mixes concerns, or say why it is one file with "Long because: …" in its header comment`,
    );
  }
}

if (problems.length) {
  console.error(`Files over ${LINE_LIMIT} lines without a reason:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`No file over ${LINE_LIMIT} lines without a reason.`);
