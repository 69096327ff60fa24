/*
 * npm run bench:swimlane [-- --sizes 1000,10000,100000,1000000] [--kinds swimlane,naive-pixi,vis-timeline] [--no-write]: the
 * swimlane benchmark alone; its section of bench/RESULTS.md is replaced (or added), the rest of the file left as it is.
 */
import { parseArgs } from 'node:util';
import { runSectionBench } from './results-file.ts';
import { runSwimlaneBench, SWIMLANE_SECTION } from './swimlane-bench.ts';

const { values } = parseArgs({
  options: { sizes: { type: 'string' }, kinds: { type: 'string' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const sizes = (values.sizes ?? '1000,10000,100000,1000000').split(',').map((part) => Number(part.trim()));
if (sizes.some((n) => !Number.isSafeInteger(n) || n <= 0))
  throw new Error('--sizes takes whole numbers separated by commas');

await runSectionBench(
  SWIMLANE_SECTION,
  (log) =>
    runSwimlaneBench({ sizes, naivePixiMax: 100_000, visTimelineMax: 1_000, kinds: values.kinds?.split(','), log }),
  { keepLog: true, write: !values['no-write'] },
);
