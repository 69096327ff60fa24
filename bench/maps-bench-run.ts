/*
 * npm run bench:maps [-- --points 1000000 --entity-points 10000]: the maps benchmark alone; its
 * section of bench/RESULTS.md is replaced (or added) and the rest of the file left as it is.
 */
import { cpus, release, totalmem, type } from 'node:os';
import { parseArgs } from 'node:util';
import { MAPS_SECTION_END, MAPS_SECTION_START, runMapsBench } from './maps-bench.ts';
import { writeResultsSection } from './results-file.ts';

const { values } = parseArgs({
  options: { points: { type: 'string' }, 'entity-points': { type: 'string' } },
  strict: true,
});
const points = Number(values.points ?? 1_000_000);
const entityPoints = Number(values['entity-points'] ?? 10_000);
const cpu = cpus();
const machine = `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
process.stdout.write(`${machine}\n`);
const section = await runMapsBench({ points, entityPoints, log: (line) => process.stdout.write(`${line}\n`) });
const block = `${section.replace(MAPS_SECTION_END, '')}\n${machine}; written by \`npm run bench:maps\` on ${new Date().toISOString().slice(0, 10)}.\n${MAPS_SECTION_END}`;
process.stdout.write(`Wrote ${await writeResultsSection(MAPS_SECTION_START, MAPS_SECTION_END, block)}\n`);
