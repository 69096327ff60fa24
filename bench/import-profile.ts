/*
 * Where a server import's time goes, phase by phase (issue 20 item 3): importFile on a generated TSV,
 * through a database wrapper that times each statement by what it does (COPY into the batch table,
 * the insert into events with its indexes, foreign keys, triggers and search vectors, the flip,
 * commits). What the database does not take is parsing and the event loop. One JSON line:
 *   npm run -s build:server && node build/bench/import-profile.js --store pglite|postgres [--rows N]
 */
import { createReadStream } from 'node:fs';
import type { Db, DbTransaction } from '../server/db/database.ts';
import { importFile } from '../server/import/import-file.ts';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { benchIncidents } from './bench-store.ts';
import { IMPORT_SETTINGS } from './import-bench.ts';
import { withImportProfile } from './with-import-profile.ts';

const phases: Record<string, number> = {};
const add = (name: string, millis: number) => {
  phases[name] = (phases[name] ?? 0) + millis;
};
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    add(name, performance.now() - started);
  }
}
const kindOf = (sql: string) =>
  /INSERT INTO events/.test(sql)
    ? 'insert into events (indexes, foreign keys, triggers, search vectors)'
    : /import_thread_keys|event_counts|UPDATE streams|UPDATE incident_actors|events_revision|DELETE FROM imports/.test(
          sql,
        )
      ? 'flip'
      : /UPDATE imports/.test(sql)
        ? 'heartbeat'
        : /blob|upload/i.test(sql)
          ? 'keep the file (upload)'
          : /ANALYZE/.test(sql)
            ? 'ANALYZE events'
            : 'other statements (streams, actors, batch table)';

function timedDb(db: Db): Db {
  const tx = (inner: DbTransaction): DbTransaction => ({
    copyFrom: (sql, data) =>
      phase(/COPY events/.test(sql) ? 'COPY into events (indexes, triggers)' : 'COPY into the batch table', () =>
        inner.copyFrom(sql, data),
      ),
    query: (text, params) => phase(kindOf(text), () => inner.query(text, params)),
    exec: (script) => inner.exec(script),
  });
  return {
    kind: db.kind,
    query: (text, params) => phase(kindOf(text), () => db.query(text, params)),
    exec: (script) => db.exec(script),
    close: () => db.close(),
    async transaction(fn) {
      const started = performance.now();
      let inside = 0;
      const value = await db.transaction(async (inner) => {
        const begun = performance.now();
        try {
          return await fn(tx(inner));
        } finally {
          inside = performance.now() - begun;
        }
      });
      add('begin and commit', performance.now() - started - inside);
      return value;
    },
  };
}

await withImportProfile(async ({ kind, store, scratch, tsvPath }) => {
  const [incident] = await benchIncidents(store.db, 'Profile', ['Profile']);
  const file = await spoolBlob(createReadStream(tsvPath), scratch);
  const started = performance.now();
  const result = await importFile(timedDb(store.db), {
    incident: async () => incident,
    file,
    fileName: 'bench.tsv',
    settings: IMPORT_SETTINGS,
    attribution: { userID: null, analystID: null },
  });
  const totalMillis = performance.now() - started;
  await file.discard();
  const database = Object.values(phases).reduce((sum, millis) => sum + millis, 0);
  add('parsing and the event loop (the rest)', totalMillis - database);
  const round = Object.fromEntries(Object.entries(phases).map(([name, millis]) => [name, Math.round(millis)]));
  process.stdout.write(
    `${JSON.stringify({ store: kind, version: store.version, rows: result.importedCount, totalMs: Math.round(totalMillis), phasesMs: round })}\n`,
  );
});
