/*
 * Figures measured by the reliability suite. Each part writes its markdown to
 * .tmp/reliability/<part>.md; scripts/reliability.mjs prints them all and, after a full run, puts
 * them into bench/RESULTS.md between <!-- reliability --> markers, in the order of the part names.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/project-root.ts';
import { FULL_SCALE } from './scale.ts';

export const FIGURES_DIR = join(projectRoot(), '.tmp', 'reliability');

/**
 * Keep one part's figures. `part` orders the parts ("1-fuzz", "2-access"…); `markdown` starts with
 * its own "### " heading and says what was measured and what the goal was.
 */
export function recordFigures(part: string, markdown: string): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const scale = FULL_SCALE ? '' : '\n_(short form, as run by `npm test`)_\n';
  writeFileSync(join(FIGURES_DIR, `${part}.md`), `${markdown.trim()}\n${scale}`);
}
