/*
 * The import's node half without a database (issue 20 item 3): the built parse worker over the bench's
 * TSV, its rows held and taken as `events` COPY rows 25,000 at a time, as the first import on PostgreSQL
 * asks for them (the first 200,000 held before any is taken, as while the file is kept). Prints the
 * process's CPU (every thread: the worker, the collectors' helper threads, libuv's pool), the worker's
 * own CPU and the process's peak resident memory, so variants of the worker can be compared in turn:
 *   npm run -s build:server && node build/bench/import-parse-cost.js [--rows N] [--rounds N]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_IMPORT_LIMITS, gunzipLimits } from '../server/import/import-limits.ts';
import { parseOffThread } from '../server/import/parse-off-thread.ts';
import { IMPORT_SETTINGS, writeImportTsv } from './import-bench.ts';

const TAKE_ROWS = 25_000;
const HELD_FIRST = 200_000;

/** CPU ticks (1/100 s) of each of this process's threads, by thread id. */
function threadTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks.set(tid, Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

/** CPU milliseconds since `before` of the threads other than this one and the worker, by thread name. */
function otherThreads(before: Map<string, number>, after: Map<string, number>, workerTid: string): string {
  const byName = new Map<string, number>();
  for (const [tid, ticks] of after) {
    if (tid === workerTid) continue;
    let name = tid === String(process.pid) ? 'main' : '?';
    try {
      if (name === '?') name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
    } catch {
      // The thread ended between the two reads.
    }
    byName.set(name, (byName.get(name) ?? 0) + (ticks - (before.get(tid) ?? 0)) * 10);
  }
  return [...byName]
    .filter(([, ms]) => ms > 0)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`)
    .join(', ');
}

async function parseOnce(
  path: string,
): Promise<{ wallMs: number; cpuMs: number; workerMs: number; rows: number; others: string }> {
  const before = threadTicks();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const { size } = await stat(path);
  const run = parseOffThread({
    path,
    sizeBytes: size,
    settings: IMPORT_SETTINGS,
    gunzip: gunzipLimits(DEFAULT_IMPORT_LIMITS),
    batchSize: 5000,
    defaultStream: 'bench',
  });
  let parsed = 0;
  let taken = 0;
  let bytes = 0;
  const actors = new Map<string, number>();
  const streams: [string, number][] = [];
  const take = async (rows: number) => {
    const reply = await run.take({
      form: 'events',
      rows,
      context: {
        incidentId: 1,
        markerStreamId: 2,
        analystId: null,
        nowMicros: 1,
        changeSeq: 1,
        defaultStream: 'bench',
      },
      streams: streams.splice(0),
      actors: [...actors].filter(([, id]) => id < 0).map(([name]) => [name, actors.size]),
      ids: { first: taken + 1 },
    });
    for (const [name, id] of actors) if (id < 0) actors.set(name, actors.size);
    taken += reply.count;
    bytes += reply.text.byteLength;
  };
  for (let next = await run.next(); ; next = await run.next()) {
    if (next.done) break;
    parsed += next.value.count;
    for (const name of next.value.newStreams) streams.push([name, 3]);
    for (const [name] of next.value.newActors) if (!actors.has(name)) actors.set(name, -1);
    while (parsed - taken >= TAKE_ROWS && parsed >= HELD_FIRST) await take(TAKE_ROWS);
  }
  while (parsed > taken) await take(Math.min(TAKE_ROWS, parsed - taken));
  const workerTicks = threadTicks();
  await run.close();
  const cpu = process.cpuUsage(cpuBefore);
  // The worker: the thread that spent the most since the start, other than this one.
  let workerMs = 0;
  let workerTid = '';
  for (const [tid, ticks] of workerTicks) {
    const ms = (ticks - (before.get(tid) ?? 0)) * 10;
    if (tid !== String(process.pid) && ms > workerMs) [workerMs, workerTid] = [ms, tid];
  }
  if (bytes === 0) throw new Error('no rows taken');
  const others = otherThreads(before, workerTicks, workerTid);
  return { wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, workerMs, rows: taken, others };
}

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '3' } },
});
const scratch = await mkdtemp(join(tmpdir(), 'churchkey-parse-cost-'));
try {
  const path = join(scratch, 'bench.tsv');
  await writeImportTsv(path, Number(values.rows));
  for (let round = 1; round <= Number(values.rounds); round += 1) {
    const result = await parseOnce(path);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    process.stdout.write(
      `round ${round}: ${result.rows} rows, wall ${s(result.wallMs)}, process CPU ${s(result.cpuMs)}, worker ${s(result.workerMs)}, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; ${result.others}\n`,
    );
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
