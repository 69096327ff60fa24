/*
 * npm run bench:mirror [-- --rows 1000000 --bulk-put-rows 1000000]: the mirror benchmark alone; its
 * section of bench/RESULTS.md is replaced (or added) and the rest of the file left as it is.
 */
import { cpus, release, totalmem, type } from 'node:os';
import { parseArgs } from 'node:util';
import { MIRROR_SECTION_END, MIRROR_SECTION_START, runMirrorBench } from './mirror-bench.ts';
import { writeResultsSection } from './results-file.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string' }, 'bulk-put-rows': { type: 'string' } },
  strict: true,
});
const rows = Number(values.rows ?? 1_000_000);
const bulkPutRows = values['bulk-put-rows'] === undefined ? undefined : Number(values['bulk-put-rows']);
if (!Number.isSafeInteger(rows) || rows <= 0) throw new Error('--rows takes a whole number');

const cpu = cpus();
const machine = `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
process.stdout.write(`${machine}\n`);
const lines: string[] = [];
const section = await runMirrorBench({
  rows,
  ...(bulkPutRows === undefined ? {} : { dexieBulkPutRows: bulkPutRows }),
  log: (line) => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  },
});
const block = `${section.replace(MIRROR_SECTION_END, '')}\n${machine}; written by \`npm run bench:mirror\` on ${new Date().toISOString().slice(0, 10)}.\n\n\`\`\`${lines.join('\n')}\n\`\`\`\n${MIRROR_SECTION_END}`;
process.stdout.write(`Wrote ${await writeResultsSection(MIRROR_SECTION_START, MIRROR_SECTION_END, block)}\n`);
