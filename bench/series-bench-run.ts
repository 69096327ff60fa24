/*
 * npm run bench:series [-- --sizes 166650,1000000] [--no-write]: the series benchmark alone; its section of
 * bench/RESULTS.md is replaced (or added), the rest of the file left as it is.
 */
import { parseArgs } from 'node:util';
import { runSectionBench } from './results-file.ts';
import { runSeriesBench, SERIES_SECTION } from './series-bench.ts';

const { values } = parseArgs({ options: { sizes: { type: 'string' }, 'no-write': { type: 'boolean' } }, strict: true });
const sizes = (values.sizes ?? '166650,1000000').split(',').map((part) => Number(part.trim()));
if (sizes.some((n) => !Number.isSafeInteger(n) || n <= 0))
  throw new Error('--sizes takes whole numbers separated by commas');

await runSectionBench(SERIES_SECTION, (log) => runSeriesBench({ sizes, log }), {
  keepLog: true,
  write: !values['no-write'],
});
