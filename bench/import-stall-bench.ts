/*
 * Does an import stall other users? While importFile takes a generated TSV (N rows, default
 * 1,000,000) into one incident, another incident is read over a real socket (GET /api/incident/{id},
 * one request at a time, 100 ms apart) and the process's memory is sampled. Answers the reads' p50,
 * p99 and longest wait and the growth of the resident set, as one JSON line:
 *   npm run -s build:server && node build/bench/import-stall-bench.js --store pglite|postgres [--rows N] [--case slack-bomb]
 * (--case slack-bomb: the red team's 100 identical 1 MiB Slack day files instead of the TSV.)
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { strToU8, zipSync, type Zippable } from 'fflate';
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

/** The red team's Slack export: 100 identical 1 MiB day files, a few hundred KB packed. */
async function writeSlackBomb(path: string): Promise<number> {
  const message = { type: 'message', user: 'U1', text: 'the same words again and again', ts: '1704067200.000100' };
  const one = JSON.stringify(message);
  const day = strToU8(`[${Array.from({ length: Math.floor((1 << 20) / (one.length + 1)) }, () => one).join(',')}]`);
  const files: Zippable = { 'users.json': strToU8('[{"id":"U1","name":"ana"}]') };
  for (let index = 0; index < 100; index += 1) files[`general/2024-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}.json`] = [day, { level: 9 }];
  await writeFile(path, zipSync(files));
  return (await stat(path)).size;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { store: { type: 'string', default: 'pglite' }, rows: { type: 'string', default: '1000000' }, case: { type: 'string', default: 'tsv' } },
  });
  const slackBomb = values.case === 'slack-bomb';
  const kind = values.store as StoreKind;
  const rows = Number(values.rows);
  const scratch = await mkdtemp(join(tmpdir(), 'churchkey-stall-bench-'));
  const store = await openStore(kind);
  try {
    const path = join(scratch, 'bench.tsv');
    const bytes = slackBomb ? await writeSlackBomb(path) : await writeTsv(path, rows);
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
        // Sent while the import ran: counted, even when answered only after it ended.
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const started = performance.now();
    const result = await importFile(store.db, {
      incident: async () => ({ id: target, organization_id: organization!.id, name: 'Imported into' }),
      file,
      fileName: slackBomb ? 'export.zip' : 'bench.tsv',
      settings: slackBomb ? { format: 'slack-zip' } : SETTINGS,
      attribution: { userID: null, analystID: null },
    })
      .then((answer) => ({ importedCount: answer.importedCount, refusal: undefined }))
      .catch((error: unknown) => ({ importedCount: 0, refusal: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
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
        refusal: result.refusal,
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
