/*
 * bench/RESULTS.md, where each benchmark that runs on its own (npm run bench:…) replaces only its
 * marked section (<!-- name --> … <!-- /name -->), or adds it at the end the first time.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectRoot } from '../server/project-root.ts';

/** `block` (which starts with `start` and ends with `end`) in place of that section of `current`. */
export function withSection(current: string, start: string, end: string, block: string): string {
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  return from >= 0 && to > from
    ? current.slice(0, from) + block + current.slice(to + end.length)
    : `${current.trimEnd()}\n\n${block}\n`;
}

/** Writes the section into bench/RESULTS.md; answers the file's path. */
export async function writeResultsSection(start: string, end: string, block: string): Promise<string> {
  const path = join(projectRoot(), 'bench', 'RESULTS.md');
  const current = await readFile(path, 'utf8').catch(() => '# Benchmark results\n');
  await writeFile(path, withSection(current, start, end, block));
  return path;
}
