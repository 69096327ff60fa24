/*
 * What each part of `events` costs an import's write, by CPU time rather than wall time (the machine is
 * shared: a wall-clock A/B moves by 2x with the load, CPU time much less). The same rows, shaped as the
 * import's COPY (hidden stream, 57 actors, change number 1), go into several databases that differ in
 * one thing each (a variant), batch by batch in turn, with their ids given as the import gives them, so every variant meets the same load. Measured per
 * batch: on PostgreSQL the CPU time of the backend that ran the COPY (/proc, the server is local), on
 * PGlite the process's CPU time (PGlite runs in it).
 * `npm run -s build:server && node build/bench/import-write-cost.js --store pglite|postgres [--rows N] [--variants a,b]`
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db, DbTransaction } from '../server/db/database.ts';
import { beginImport } from '../server/import/hidden-import.ts';
import { EVENT_COPY_COLUMNS } from '../server/import/held-rows.ts';
import { projectRoot } from '../server/project-root.ts';
import { benchIncidents, openStore, type BenchStore, type StoreKind } from './bench-store.ts';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '1000000' },
    variants: { type: 'string', default: 'actor-index,now' },
  },
});
const kind = values.store as StoreKind;
const ROWS = Number(values.rows);
const BATCH = kind === 'pglite' ? 40_000 : 25_000;
const ACTORS = 57;

/** A function as a shipped migration defined it, to compare a later one's version with. */
function shippedFunction(migration: string, name: string): string {
  const sql = readFileSync(join(projectRoot(), 'server', 'migrations', migration), 'utf8');
  const found = new RegExp(`CREATE (?:OR REPLACE )?FUNCTION ${name}\\(\\)[\\s\\S]*?END \\$\\$;`).exec(sql);
  if (!found) throw new Error(`${name} not in ${migration}`);
  return found[0].replace(/^CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION');
}

const TRIGGERS_BEFORE_020 = () =>
  shippedFunction('010_imports_out_of_sight.sql', 'events_check_references') +
  shippedFunction('014_event_generations.sql', 'event_counts_add');

/** What each variant changes in a freshly migrated database. */
const VARIANTS: Record<string, string | (() => string)> = {
  now: '',
  'actor-index': 'CREATE INDEX events_actor_idx ON events (actor_id)',
  'no-reference-check': 'ALTER TABLE events DISABLE TRIGGER events_references_insert',
  'no-counts': 'ALTER TABLE events DISABLE TRIGGER events_count_insert',
  'no-statement-triggers':
    'ALTER TABLE events DISABLE TRIGGER events_references_insert; ALTER TABLE events DISABLE TRIGGER events_count_insert',
  'no-change-index': 'DROP INDEX events_incident_change_idx',
  // The change index over every row, as before migration 023 (an import's rows, change 1, took an entry each).
  'full-change-index':
    'DROP INDEX events_incident_change_idx; CREATE INDEX events_incident_change_idx ON events (incident_id, change_seq)',
  'no-end-index': 'DROP INDEX events_incident_end_idx',
  'no-stream-index': 'DROP INDEX events_stream_idx',
  'stream-only-index': 'DROP INDEX events_stream_idx; CREATE INDEX events_stream_idx ON events (stream_id)',
  'no-time-index': 'DROP INDEX events_incident_time_idx',
  // The insert stamp as migration 009 made it and 022 dropped: a BEFORE ROW trigger makes COPY insert row
  // by row (no multi-insert), whether or not its WHEN holds.
  'stamp-trigger':
    'CREATE TRIGGER events_stamp_insert BEFORE INSERT ON events FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION events_stamp_change()',
  // The reference check as 021's, without 022's refusal of a row without a change number.
  'no-number-check': () =>
    shippedFunction('021_events_import_stream_checked_per_statement.sql', 'events_check_references'),
  // main's events before migrations 022 and 023: the insert stamp and the change index over every row.
  'before-022-023': () => `${VARIANTS['stamp-trigger'] as string}; ${VARIANTS['full-change-index'] as string}`,
  // The markers' import stream as a row-level foreign key (before 021), queued and fired for every row.
  'import-stream-fk':
    'ALTER TABLE events ADD CONSTRAINT events_import_stream_id_fkey FOREIGN KEY (import_stream_id) REFERENCES streams (id) ON DELETE SET NULL',
  // The statement triggers as they were before migration 020 (each read the rows several times).
  'triggers-before-020': () => TRIGGERS_BEFORE_020(),
  // main's `events` before migrations 019 and 020.
  'before-019-020': () => `CREATE INDEX events_actor_idx ON events (actor_id); ${TRIGGERS_BEFORE_020()}`,
};

interface Target {
  name: string;
  store: BenchStore;
  copyText: (first: number) => string;
  cpuMillis: number;
  wallMillis: number;
}

const ticksToMillis = 10; // USER_HZ is 100 on Linux

function backendCpuMillis(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * ticksToMillis;
}

function processCpuMillis(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function prepare(name: string): Promise<Target> {
  const store = await openStore(kind);
  const db: Db = store.db;
  const variant = VARIANTS[name];
  if (variant === undefined) throw new Error(`no variant ${name}`);
  const script = typeof variant === 'function' ? variant() : variant;
  if (script) await db.exec(script);
  const [incident] = await benchIncidents(db, 'Write cost', ['Write cost']);
  const importId = await db.transaction((tx) => beginImport(tx, incident!.id, 0));
  const [stream] = await db.query<{ id: number }>(
    "INSERT INTO streams (incident_id, name, created_micros, import_id) VALUES ($1, 'proxy.tsv', 0, $2) RETURNING id",
    [incident!.id, importId],
  );
  const actors = (
    await db.query<{ id: number }>(
      `INSERT INTO incident_actors (incident_id, name, created_micros, import_id)
       SELECT $1, 'host-' || n, 0, $2 FROM generate_series(1, $3) AS n RETURNING id`,
      [incident!.id, importId, ACTORS],
    )
  ).map((row) => row.id);
  const copyText = (first: number) => {
    const lines: string[] = [];
    for (let n = first; n < Math.min(first + BATCH, ROWS); n += 1) {
      const micros = 1_700_000_000_000_000 + n * 1000;
      lines.push(
        `${n + 1}\t${incident!.id}\t${stream!.id}\t${actors[n % ACTORS]}\tf\tGET /api/v2/items/${n} HTTP/1.1 200 ${n % 977} bytes from 10.0.${n % 250}.${n % 13}\t` +
          `${micros}\t${micros + 250}\t{"status": "200", "bytes": "${n % 977}"}\t${n + 2}\t\\N\t\\N\t0\t1`,
      );
    }
    return `${lines.join('\n')}\n`;
  };
  return { name, store, copyText, cpuMillis: 0, wallMillis: 0 };
}

async function writeBatch(target: Target, first: number): Promise<void> {
  const text = target.copyText(first);
  await target.store.db.transaction(async (tx: DbTransaction) => {
    await tx.exec("SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '64MB'");
    const pid =
      kind === 'postgres' ? (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid : undefined;
    const cpu = () => (pid === undefined ? processCpuMillis() : backendCpuMillis(pid));
    const cpuBefore = cpu();
    const wallBefore = performance.now();
    await tx.copyFrom(`COPY events (id, ${EVENT_COPY_COLUMNS}) FROM STDIN`, text);
    target.cpuMillis += cpu() - cpuBefore;
    target.wallMillis += performance.now() - wallBefore;
  });
}

const targets: Target[] = [];
try {
  for (const name of values.variants.split(',')) targets.push(await prepare(name));
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  for (let first = 0; first < ROWS; first += BATCH) {
    // Each batch goes to every variant, in an order that turns, so none always goes first.
    const turn = (first / BATCH) % targets.length;
    for (const target of [...targets.slice(turn), ...targets.slice(0, turn)]) await writeBatch(target, first);
  }
  const loadAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  process.stdout.write(
    `${targets[0]!.store.version}, ${ROWS} rows in ${BATCH}-row COPYs, load ${loadBefore} → ${loadAfter}\n` +
      targets
        .map((t) => `${t.name}: CPU ${(t.cpuMillis / 1000).toFixed(2)} s, wall ${(t.wallMillis / 1000).toFixed(2)} s`)
        .join('\n') +
      '\n',
  );
} finally {
  for (const target of targets) await target.store.close();
}
