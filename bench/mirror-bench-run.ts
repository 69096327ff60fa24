/*
 * npm run bench:mirror [-- --rows 1000000 --bulk-put-rows 1000000] [--no-write]: the mirror benchmark alone;
 * its section of bench/RESULTS.md is replaced (or added) and the rest of the file left as it is.
 */
import { parseArgs } from 'node:util';
import { MIRROR_SECTION, runMirrorBench } from './mirror-bench.ts';
import { runSectionBench } from './results-file.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string' }, 'bulk-put-rows': { type: 'string' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const rows = Number(values.rows ?? 1_000_000);
const bulkPutRows = values['bulk-put-rows'] === undefined ? undefined : Number(values['bulk-put-rows']);
if (!Number.isSafeInteger(rows) || rows <= 0) throw new Error('--rows takes a whole number');

await runSectionBench(
  MIRROR_SECTION,
  (log) => runMirrorBench({ rows, ...(bulkPutRows === undefined ? {} : { dexieBulkPutRows: bulkPutRows }), log }),
  { keepLog: true, write: !values['no-write'] },
);
