/*
 * npm run bench:reads [-- --seconds 5 --stores pglite,postgres]: the cheap-reads benchmark alone;
 * replaces only its section of bench/RESULTS.md.
 */
import { parseArgs } from 'node:util';
import { describeMachine } from './bench-machine.ts';
import { postgresUrl, type StoreKind } from './bench-store.ts';
import { runReadCostBench } from './read-cost-bench.ts';
import { writeResultsSection } from './results-file.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, stores: { type: 'string' } }, strict: true });
const wanted = (values.stores ?? 'pglite,postgres').split(',').map((s) => s.trim());
const stores = (['pglite', 'postgres'] as StoreKind[]).filter(
  (kind) => wanted.includes(kind) && (kind === 'pglite' || postgresUrl()),
);
const log = (line: string) => process.stdout.write(`${line}\n`);
log(`Machine: ${describeMachine()}`);
const section = await runReadCostBench({ stores, seconds: Number(values.seconds ?? 5), log });
log(`Wrote ${await writeResultsSection('<!-- read-cost-bench -->', '<!-- /read-cost-bench -->', section)}`);
