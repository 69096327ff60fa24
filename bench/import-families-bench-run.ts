/*
 * npm run bench:import-families [-- --family-mb 100 --memory-mb 50,200 --page-mb 100 --whole-document-mb 20
 *                                   --only syslog,jsonl --no-memory --no-page --no-write]
 * The import families' benchmark alone (it builds the app first, for the page previews); its section
 * of bench/RESULTS.md is replaced (or added) and the rest of the file left as it is.
 */
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { parseArgs } from 'node:util';
import {
  IMPORT_FAMILIES_SECTION_END,
  IMPORT_FAMILIES_SECTION_START,
  runImportFamiliesBench,
} from './import-families-bench.ts';
import { writeResultsSection } from './results-file.ts';

const { values } = parseArgs({
  options: {
    'family-mb': { type: 'string' },
    'memory-mb': { type: 'string' },
    'page-mb': { type: 'string' },
    'whole-document-mb': { type: 'string' },
    only: { type: 'string' },
    'no-memory': { type: 'boolean' },
    'no-page': { type: 'boolean' },
    'no-write': { type: 'boolean' },
  },
  strict: true,
});
function megabytes(value: string | undefined, fallback: number, flag: string): number {
  const n = Number(value ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${flag} takes a size in MB above 0`);
  return n;
}
const familyMb = megabytes(values['family-mb'], 100, 'family-mb');
const memorySizesMb = values['no-memory']
  ? []
  : (values['memory-mb'] ?? '50,200').split(',').map((part) => megabytes(part, 0, 'memory-mb'));
const pageMb = values['no-page'] ? 0 : megabytes(values['page-mb'], 100, 'page-mb');
const wholeDocumentMaxMb = megabytes(values['whole-document-mb'], 20, 'whole-document-mb');
const only = (values.only ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter((part) => part !== '');

const cpu = cpus();
const machine = `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
const lines: string[] = [];
const log = (line: string) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};
log(machine);
// The machine is shared: the load at the start says how far to trust the absolute figures.
log(
  `Load average at the start: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')} (1, 5, 15 min)`,
);
const started = performance.now();
const section = await runImportFamiliesBench({ familyMb, memorySizesMb, pageMb, wholeDocumentMaxMb, only, log });
log(`import families done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
const flags = process.argv.slice(2).join(' ');
const block = `${section.replace(IMPORT_FAMILIES_SECTION_END, '')}\n${machine}; written by \`npm run bench:import-families${flags === '' ? '' : ` -- ${flags}`}\` on ${new Date().toISOString().slice(0, 10)}.\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n${IMPORT_FAMILIES_SECTION_END}`;
if (!values['no-write'])
  process.stdout.write(
    `Wrote ${await writeResultsSection(IMPORT_FAMILIES_SECTION_START, IMPORT_FAMILIES_SECTION_END, block)}\n`,
  );
