/*
 * bench/RESULTS.md, where each benchmark that runs on its own (npm run bench:…) replaces only its
 * marked section (<!-- name --> … <!-- /name -->), or adds it at the end the first time.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectRoot } from '../server/project-root.ts';
import { describeMachine } from './bench-machine.ts';

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

/** A benchmark's section of RESULTS.md and the command that writes it. */
export interface ResultsSection {
  command: string;
  start: string;
  end: string;
}

/** The section `name` of RESULTS.md (<!-- name --> … <!-- /name -->), written by `command`. */
export function resultsSection(name: string, command: string): ResultsSection {
  return { command, start: `<!-- ${name} -->`, end: `<!-- /${name} -->` };
}

/**
 * The frame of an `npm run bench:…` runner: prints the machine, runs the bench with a log that is
 * printed and kept, and writes its section with the machine, the command and (with `keepLog`) the
 * log under it. `write: false` prints the section instead.
 */
export async function runSectionBench(
  section: ResultsSection,
  run: (log: (line: string) => void) => Promise<string>,
  options: { keepLog: boolean; write: boolean },
): Promise<void> {
  const machine = `Machine: ${describeMachine()}`;
  process.stdout.write(`${machine}\n`);
  const lines: string[] = [];
  const text = await run((line) => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  });
  const { command, start, end } = section;
  // The fence takes a line of its own, whether or not the log starts with a blank line.
  const logBlock = options.keepLog ? `\n\`\`\`\n${lines.join('\n').replace(/^\n+/, '')}\n\`\`\`` : '';
  const block = `${text.replace(end, '')}\n\n${machine}; written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.\n${logBlock}\n${end}`;
  if (options.write) process.stdout.write(`Wrote ${await writeResultsSection(start, end, block)}\n`);
  else process.stdout.write(`${block}\n`);
}
