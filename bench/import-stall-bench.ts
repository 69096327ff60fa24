/*
 * Does an import stall other users? While importFile takes a generated TSV (N rows, default
 * 1,000,000) into one incident, another incident is read over a real socket (GET /api/incident/{id},
 * one request at a time, 100 ms apart) and the process's memory is sampled. Answers the reads' p50,
 * p99 and longest wait and the growth of the resident set, as one JSON line:
 *   npm run -s build:server && node build/bench/import-stall-bench.js --store pglite|postgres [--rows N]
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportSettings } from '../domain/import/import-settings.ts';
import { importFile } from '../server/import/import-file.ts';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { insertIncident } from '../server/repositories/incidents-repository.ts';
import { createSession } from '../server/repositories/sessions-repository.ts';
import { openStore, startApp, type StoreKind } from './bench-store.ts';
import { percentile } from './measure.ts';

const SETTINGS: ImportSettings = {
  format: 'delimited', delimiter: '\t', quoted: true, preambleRows: 0, headerRows: 1,
  mapping: { startTime: 0, actor: 1, message: 2 }, numericUnit: 'seconds', timeZone: 'UTC',
};

async function writeTsv(path: string, rows: number): Promise<number> {
  const out = createWriteStream(path);
  const base = Date.UTC(2024, 0, 1);
  let lines = ['time\tactor\tmessage'];
  for (let row = 0; row < rows; row += 1) {
    lines.push(`${new Date(base + row * 137).toISOString()}\tservice-${row % 57}\trequest ${row} handled in ${row % 997} ms by worker-${row % 31}`);
    if (lines.length >= 10_000) {
      if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
      lines = [];
    }
  }
  out.end(lines.length > 0 ? `${lines.join('\n')}\n` : '');
  await once(out, 'finish');
  return (await stat(path)).size;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { store: { type: 'string', default: 'pglite' }, rows: { type: 'string', default: '1000000' } } });
  const kind = values.store as StoreKind;
  const rows = Number(values.rows);
  const scratch = await mkdtemp(join(tmpdir(), 'churchkey-stall-bench-'));
  const store = await openStore(kind);
  try {
    const path = join(scratch, 'bench.tsv');
    const bytes = await writeTsv(path, rows);
    const bench = await startApp(store.db);
    const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const [organization] = await store.db.query<{ id: number }>("INSERT INTO organizations (name, created_micros) VALUES ('Stall bench', 0) RETURNING id");
    const target = await insertIncident(store.db, { organizationId: organization!.id, name: 'Imported into', description: '', analystId: null });
    const other = await insertIncident(store.db, { organizationId: organization!.id, name: 'Read meanwhile', description: '', analystId: null });
    const token = await createSession(store.db, bench.analyst.id, 3600 * 1_000_000, { userAgent: 'stall bench', ip: '127.0.0.1' });
    const headers = { cookie: `churchkey_session=${token}`, 'x-churchkey-analyst': String(bench.analyst.id) };
    const check = await fetch(`${base}/api/incident/${other}`, { headers });
    if (check.status !== 200) throw new Error(`GET incident answered ${check.status}: ${await check.text()}`);

    const file = await spoolBlob(createReadStream(path), scratch);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    let importing = true;
    const waits: number[] = [];
    const reads = (async () => {
      while (importing) {
        const started = performance.now();
        const answer = await fetch(`${base}/api/incident/${other}`, { headers });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`GET incident answered ${answer.status}`);
        if (importing) waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const started = performance.now();
    const result = await importFile(store.db, {
      incident: async () => ({ id: target, organization_id: organization!.id, name: 'Imported into' }),
      file,
      fileName: 'bench.tsv',
      settings: SETTINGS,
      attribution: { userID: null, analystID: null },
    }).finally(() => {
      importing = false;
    });
    const importMillis = performance.now() - started;
    await reads;
    clearInterval(sampler);
    await file.discard();
    await bench.app.close();
    const round = (millis: number) => Math.round(millis);
    process.stdout.write(
      `${JSON.stringify({
        store: kind,
        version: store.version,
        rows,
        megabytes: Math.round(bytes / 1e6),
        imported: result.importedCount,
        importSeconds: Math.round(importMillis / 100) / 10,
        reads: waits.length,
        p50Ms: round(percentile(waits, 0.5)),
        p99Ms: round(percentile(waits, 0.99)),
        maxMs: round(Math.max(...waits)),
        rssBeforeMiB: Math.round(rssBefore / 2 ** 20),
        rssGrowthMiB: Math.round((rssPeak - rssBefore) / 2 ** 20),
      })}\n`,
    );
  } finally {
    await store.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
