/*
 * When each part of one server import runs, not only how long it takes in sum (issue 20 item 3):
 * importFile on a generated TSV through a database wrapper that notes each statement's start and end
 * by connection, beside a sampler process that reads the CPU of this process's threads (the main
 * thread, the parse worker) and of the bench database's PostgreSQL backends from /proc every 100 ms.
 * Prints the phases in order and a second-by-second table of CPU use (100 = one core):
 *   npm run -s build:server && node build/bench/import-timeline.js --store pglite|postgres [--rows N]
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, DbTransaction } from '../server/db/database.ts';
import { importFile } from '../server/import/import-file.ts';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { benchIncidents } from './bench-store.ts';
import { IMPORT_SETTINGS } from './import-bench.ts';
import { withImportProfile } from './with-import-profile.ts';

interface Span {
  kind: string;
  connection: number;
  startMs: number;
  endMs: number;
}

const spans: Span[] = [];
let origin = 0;
const now = () => performance.now() - origin;

const kindOf = (sql: string) =>
  /^COPY events/.test(sql)
    ? 'COPY events'
    : /COPY blob_chunks|blob_chunks/.test(sql)
      ? 'keep: chunk'
      : /nextval/.test(sql)
        ? 'ids+heartbeat'
        : /ANALYZE/.test(sql)
          ? 'ANALYZE'
          : /UPDATE imports/.test(sql)
            ? 'heartbeat'
            : /INSERT INTO events/.test(sql)
              ? 'insert events'
              : /SET LOCAL/.test(sql)
                ? ''
                : 'other';

/** Connections are numbered by transaction: concurrent transactions get different numbers, reused when free. */
const busy = new Set<number>();
function takeConnection(): number {
  let n = 0;
  while (busy.has(n)) n++;
  busy.add(n);
  return n;
}

async function span<T>(kind: string, connection: number, work: () => Promise<T>): Promise<T> {
  const startMs = now();
  try {
    return await work();
  } finally {
    if (kind) spans.push({ kind, connection, startMs, endMs: now() });
  }
}

function timelineDb(db: Db): Db {
  const tx = (inner: DbTransaction, connection: number): DbTransaction => ({
    copyFrom: (sql, data) => span(kindOf(sql), connection, () => inner.copyFrom(sql, data)),
    query: (text, params) => span(kindOf(text), connection, () => inner.query(text, params)),
    exec: (script) => inner.exec(script),
  });
  return {
    kind: db.kind,
    query: (text, params) => span(kindOf(text), 9, () => db.query(text, params)),
    exec: (script) => db.exec(script),
    close: () => db.close(),
    async transaction(fn) {
      const connection = takeConnection();
      try {
        return await span('transaction', connection, () => db.transaction((inner) => fn(tx(inner, connection))));
      } finally {
        busy.delete(connection);
      }
    },
  };
}

/** The sampler: a separate process, so a busy main thread does not delay its readings. */
const SAMPLER = `
const fs = require('fs');
const [pid, database, out] = process.argv.slice(1);
const lines = [];
const named = new Set();
const ticks = (path) => { try { const f = fs.readFileSync(path, 'utf8'); const r = f.slice(f.lastIndexOf(')') + 2).split(' '); return Number(r[11]) + Number(r[12]); } catch { return -1; } };
function sample() {
  const at = Date.now();
  const row = { at, threads: {}, backends: {}, names: {} };
  for (const tid of fs.readdirSync('/proc/' + pid + '/task')) {
    row.threads[tid] = ticks('/proc/' + pid + '/task/' + tid + '/stat');
    if (!named.has(tid)) { named.add(tid); try { row.names[tid] = fs.readFileSync('/proc/' + pid + '/task/' + tid + '/comm', 'utf8').trim(); } catch {} }
  }
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\\d+$/.test(p)) continue;
    let cmd; try { cmd = fs.readFileSync('/proc/' + p + '/cmdline', 'utf8'); } catch { continue; }
    if (cmd.startsWith('postgres: ') && cmd.includes(' ' + database + ' ')) row.backends[p] = ticks('/proc/' + p + '/stat');
  }
  lines.push(JSON.stringify(row));
}
const timer = setInterval(sample, 100);
process.on('SIGTERM', () => { clearInterval(timer); fs.writeFileSync(out, lines.join('\\n')); process.exit(0); });
`;

interface Sample {
  at: number;
  threads: Record<string, number>;
  backends: Record<string, number>;
  /** A thread's name (/proc/…/comm), in the first sample that saw it. */
  names?: Record<string, string>;
}

await withImportProfile(async ({ kind, store, scratch, tsvPath }) => {
  const [incident] = await benchIncidents(store.db, 'Timeline', ['Timeline']);
  const file = await spoolBlob(createReadStream(tsvPath), scratch);
  const [row] = await store.db.query<{ name: string }>('SELECT current_database() AS name');
  const samplesPath = join(scratch, 'samples.jsonl');
  const sampler = spawn(process.execPath, ['-e', SAMPLER, String(process.pid), row!.name, samplesPath], {
    stdio: 'ignore',
  });
  const progress: { atMs: number; rows: number }[] = [];
  origin = performance.now();
  const wallOrigin = Date.now();
  await importFile(timelineDb(store.db), {
    incident: async () => incident,
    file,
    fileName: 'bench.tsv',
    settings: IMPORT_SETTINGS,
    attribution: { userID: null, analystID: null },
    onProgress: (p) => progress.push({ atMs: now(), rows: p.validCount }),
  });
  const totalMs = now();
  const exited = new Promise((resolve) => sampler.once('exit', resolve));
  sampler.kill('SIGTERM');
  await exited;
  await file.discard();
  report(kind, totalMs, progress, await readSamples(samplesPath), wallOrigin);
});

async function readSamples(path: string): Promise<Sample[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Sample);
}

function report(
  kind: string,
  totalMs: number,
  progress: { atMs: number; rows: number }[],
  samples: Sample[],
  wallOrigin: number,
): void {
  const out: string[] = [`${kind}: import ${(totalMs / 1000).toFixed(1)} s`];
  // Phases: each kind's first start, last end, summed time, count, per connection.
  const byKind = new Map<string, { first: number; last: number; sum: number; count: number }>();
  for (const s of spans) {
    const key = `${s.kind} @${s.connection}`;
    const entry = byKind.get(key) ?? { first: s.startMs, last: s.endMs, sum: 0, count: 0 };
    entry.first = Math.min(entry.first, s.startMs);
    entry.last = Math.max(entry.last, s.endMs);
    entry.sum += s.endMs - s.startMs;
    entry.count += 1;
    byKind.set(key, entry);
  }
  const f = (ms: number) => (ms / 1000).toFixed(2);
  for (const [key, e] of [...byKind].sort((a, b) => a[1].first - b[1].first))
    out.push(`  ${key.padEnd(26)} ${f(e.first)}-${f(e.last)} s, ${e.count}x, ${f(e.sum)} s busy`);
  const firstProgress = progress[0];
  if (firstProgress) out.push(`  first parsed batch reported at ${f(firstProgress.atMs)} s`);
  // CPU per second: the two busiest threads of this process, the rest of it, each backend.
  const hz = 100;
  const deltas = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(Object.keys(b).map((k) => [k, a[k] !== undefined && b[k]! >= 0 ? b[k]! - a[k]! : 0]));
  const totals: Record<string, number> = {};
  for (let i = 1; i < samples.length; i++)
    for (const [k, v] of Object.entries(deltas(samples[i - 1]!.threads, samples[i]!.threads)))
      totals[k] = (totals[k] ?? 0) + v;
  const [mainTid, workerTid] = [
    String(process.pid),
    Object.entries(totals)
      .sort((a, b) => b[1] - a[1])
      .map(([k]) => k)
      .find((k) => k !== String(process.pid)),
  ];
  const sumTicks = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
  out.push('  second | main | worker | other threads | backends (each) | rows parsed');
  for (let start = 0; start < samples.length - 10; start += 10) {
    const a = samples[start]!;
    const b = samples[start + 10]!;
    const threads = deltas(a.threads, b.threads);
    const backends = deltas(a.backends, b.backends);
    const main = threads[mainTid] ?? 0;
    const worker = workerTid ? (threads[workerTid] ?? 0) : 0;
    const other = sumTicks(threads) - main - worker;
    const second = (a.at - wallOrigin) / 1000;
    const parsed = progress.filter((p) => p.atMs <= second * 1000 + 1000).at(-1)?.rows ?? 0;
    const each = Object.values(backends)
      .filter((v) => v > 0)
      .map((v) => Math.round((v / hz) * 100))
      .join(' ');
    out.push(
      `  ${second.toFixed(0).padStart(4)} | ${Math.round((main / hz) * 100)} | ${Math.round((worker / hz) * 100)} | ${Math.round((other / hz) * 100)} | ${each} | ${parsed}`,
    );
  }
  const cpu = (ticks: number) => `${(ticks / hz).toFixed(1)} s`;
  out.push(
    `  CPU over the run: main ${cpu(totals[mainTid] ?? 0)}, worker ${cpu(workerTid ? (totals[workerTid] ?? 0) : 0)}, all threads ${cpu(sumTicks(totals))}`,
  );
  // The other threads by name: V8's platform workers (the collectors' parallel and concurrent tasks of both
  // isolates), libuv's pool (file reads), the inspector and signal threads.
  const names: Record<string, string> = Object.assign({}, ...samples.map((s) => s.names ?? {}));
  const byName = new Map<string, number>();
  for (const [tid, ticks] of Object.entries(totals))
    if (tid !== mainTid && tid !== workerTid)
      byName.set(names[tid] ?? '?', (byName.get(names[tid] ?? '?') ?? 0) + ticks);
  out.push(
    `  other threads: ${[...byName]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ticks]) => `${name} ${cpu(ticks)}`)
      .join(', ')}`,
  );
  const backendTotals: Record<string, number> = {};
  for (let i = 1; i < samples.length; i++)
    for (const [k, v] of Object.entries(deltas(samples[i - 1]!.backends, samples[i]!.backends)))
      backendTotals[k] = (backendTotals[k] ?? 0) + v;
  out.push(`  backends: ${Object.values(backendTotals).map(cpu).join(', ') || 'none (PGlite runs in this process)'}`);
  process.stdout.write(`${out.join('\n')}\n`);
}
