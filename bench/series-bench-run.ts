/*
 * npm run bench:series [-- --sizes 166650,1000000] [--no-write]: the series benchmark alone; its section of
 * bench/RESULTS.md is replaced (or added), the rest of the file left as it is.
 */
import { cpus, release, totalmem, type } from 'node:os';
import { parseArgs } from 'node:util';
import { writeResultsSection } from './results-file.ts';
import { runSeriesBench, SERIES_SECTION_END, SERIES_SECTION_START } from './series-bench.ts';

const { values } = parseArgs({ options: { sizes: { type: 'string' }, 'no-write': { type: 'boolean' } }, strict: true });
const sizes = (values.sizes ?? '166650,1000000').split(',').map((part) => Number(part.trim()));
if (sizes.some((n) => !Number.isSafeInteger(n) || n <= 0))
  throw new Error('--sizes takes whole numbers separated by commas');

const cpu = cpus();
const machine = `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
process.stdout.write(`${machine}\n`);
const lines: string[] = [];
const section = await runSeriesBench({
  sizes,
  log: (line) => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  },
});
const block = `${section.replace(SERIES_SECTION_END, '')}\n\n${machine}; written by \`npm run bench:series\` on ${new Date().toISOString().slice(0, 10)}.\n\n\`\`\`${lines.join('\n')}\n\`\`\`\n${SERIES_SECTION_END}`;
if (values['no-write']) {
  process.stdout.write(`${block}\n`);
  process.exit(0);
}
process.stdout.write(`Wrote ${await writeResultsSection(SERIES_SECTION_START, SERIES_SECTION_END, block)}\n`);
