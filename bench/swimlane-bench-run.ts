/*
 * npm run bench:swimlane [-- --sizes 1000,10000,100000,1000000] [--kinds swimlane,naive-pixi,vis-timeline] [--no-write]: the
 * swimlane benchmark alone; its section of bench/RESULTS.md is replaced (or added), the rest of the file left as it is.
 */
import { cpus, release, totalmem, type } from 'node:os';
import { parseArgs } from 'node:util';
import { runSwimlaneBench, SWIMLANE_SECTION_END, SWIMLANE_SECTION_START } from './swimlane-bench.ts';
import { writeResultsSection } from './results-file.ts';

const { values } = parseArgs({
  options: { sizes: { type: 'string' }, kinds: { type: 'string' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const sizes = (values.sizes ?? '1000,10000,100000,1000000').split(',').map((part) => Number(part.trim()));
if (sizes.some((n) => !Number.isSafeInteger(n) || n <= 0))
  throw new Error('--sizes takes whole numbers separated by commas');

const cpu = cpus();
const machine = `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
process.stdout.write(`${machine}\n`);
const lines: string[] = [];
const section = await runSwimlaneBench({
  sizes,
  naivePixiMax: 100_000,
  visTimelineMax: 1_000,
  kinds: values.kinds?.split(','),
  log: (line) => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  },
});
const block = `${section.replace(SWIMLANE_SECTION_END, '')}\n\n${machine}; written by \`npm run bench:swimlane\` on ${new Date().toISOString().slice(0, 10)}.\n\n\`\`\`${lines.join('\n')}\n\`\`\`\n${SWIMLANE_SECTION_END}`;
if (values['no-write']) {
  process.stdout.write(`${block}\n`);
  process.exit(0);
}
process.stdout.write(`Wrote ${await writeResultsSection(SWIMLANE_SECTION_START, SWIMLANE_SECTION_END, block)}\n`);
