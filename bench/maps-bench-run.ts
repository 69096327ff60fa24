/*
 * npm run bench:maps [-- --points 1000000 --entity-points 10000] [--no-write]: the maps benchmark alone;
 * its section of bench/RESULTS.md is replaced (or added) and the rest of the file left as it is.
 */
import { parseArgs } from 'node:util';
import { MAPS_SECTION, runMapsBench } from './maps-bench.ts';
import { runSectionBench } from './results-file.ts';

const { values } = parseArgs({
  options: { points: { type: 'string' }, 'entity-points': { type: 'string' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const points = Number(values.points ?? 1_000_000);
const entityPoints = Number(values['entity-points'] ?? 10_000);
await runSectionBench(MAPS_SECTION, (log) => runMapsBench({ points, entityPoints, log }), {
  keepLog: false,
  write: !values['no-write'],
});
