/*
 * Figures measured by the reliability suite. A full run writes each part's markdown to
 * bench/reliability/<part>.md (kept in git, one file per part, so parts measured on different days
 * never overwrite each other); scripts/reliability.mjs then gathers them into bench/RESULTS.md
 * between <!-- reliability --> markers, in the order of the part names. The short form run by
 * `npm test` writes to .tmp/reliability/ instead and only prints them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../server/project-root.ts';
import { FULL_SCALE } from './scale.ts';

const machine = () => {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
};

/**
 * Keep one part's figures. `part` orders the parts ("1-fuzz-api", "2-access-matrix"…); `markdown`
 * starts with its own "### " heading and says what was measured and what the goal was.
 */
export function recordFigures(part: string, markdown: string): void {
  if (!/^[0-9]+-[a-z0-9-]+$/.test(part)) throw new Error(`part name "${part}" must look like "4-load"`);
  const dir = FULL_SCALE ? join(projectRoot(), 'bench', 'reliability') : join(projectRoot(), '.tmp', 'reliability');
  mkdirSync(dir, { recursive: true });
  const footer = FULL_SCALE
    ? `_Measured on ${new Date().toISOString().slice(0, 10)} by \`npm run test:reliability\`; ${machine()}._`
    : '_(short form, as run by `npm test`)_';
  writeFileSync(join(dir, `${part}.md`), `${markdown.trim()}\n\n${footer}\n`);
}
