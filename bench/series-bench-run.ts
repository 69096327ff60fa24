/*
 * npm run bench:series [-- --sizes 166650,1000000] [--no-write]: the series benchmark alone; its section of
 * bench/RESULTS.md is replaced (or added), the rest of the file left as it is.
 */
import { parseArgs } from 'node:util';
import { runSectionBench } from './results-file.ts';
import { runSeriesBench, SERIES_SECTION_END, SERIES_SECTION_START } from './series-bench.ts';

const { values } = parseArgs({ options: { sizes: { type: 'string' }, 'no-write': { type: 'boolean' } }, strict: true });
const sizes = (values.sizes ?? '166650,1000000').split(',').map((part) => Number(part.trim()));
if (sizes.some((n) => !Number.isSafeInteger(n) || n <= 0))
  throw new Error('--sizes takes whole numbers separated by commas');

await runSectionBench({
  command: 'npm run bench:series',
  start: SERIES_SECTION_START,
  end: SERIES_SECTION_END,
  keepLog: true,
  write: !values['no-write'],
  run: (log) => runSeriesBench({ sizes, log }),
});
