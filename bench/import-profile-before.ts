/*
 * Where the import of commit e4e7ac8 (staging, then one move) spent its time, kept to compare. The steps are
 * timed apart in one transaction: parsing, COPY into the batch table, the search vectors, the move
 * into `events`, and the same move into a bare copy of `events` and one with only its indexes, so
 * index upkeep and triggers show by difference. Prints one JSON line:
 *   npm run -s build:server && node build/bench/import-profile-before.js --store pglite|postgres [--rows N]
 */
import { createReadStream } from 'node:fs';
import { parseImport } from '../domain/import/parse-import.ts';
import type { DbTransaction } from '../server/db/database.ts';
import { stageFile, stagingTables } from '../server/import/stage-file.ts';
import { DEFAULT_IMPORT_LIMITS } from '../server/import/import-limits.ts';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { benchIncidents } from './bench-store.ts';
import { IMPORT_SETTINGS } from './import-bench.ts';
import { withImportProfile } from './with-import-profile.ts';

const phases: Record<string, number> = {};
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    phases[name] = Math.round((phases[name] ?? 0) + performance.now() - started);
  }
}
/** The transaction with its COPY and its statements timed by what they do. */
function timedTx(tx: DbTransaction): DbTransaction {
  return {
    copyFrom: (sql, data) => phase('copy to batch table', () => tx.copyFrom(sql, data)),
    query: (text, params) =>
      phase(/search_vector/.test(text) ? 'search vectors (batch to staging)' : 'batch truncate', () =>
        tx.query(text, params),
      ),
    exec: (script) => tx.exec(script),
  };
}
await withImportProfile(async ({ kind, rows, store, scratch, tsvPath }) => {
  await phase('parse only (no database)', async () => {
    for await (const batch of parseImport(createReadStream(tsvPath), IMPORT_SETTINGS, { batchSize: 5000 })) void batch;
  });
  const [incident] = await benchIncidents(store.db, 'Profile', ['Profile']);
  const file = await spoolBlob(createReadStream(tsvPath), scratch);
  const started = performance.now();
  let inside = 0;
  await store.db.transaction(async (tx) => {
    const insideStarted = performance.now();
    for (const create of stagingTables('import_staging', 'transaction', true)) await tx.query(create);
    const staging = performance.now();
    await stageFile(file, IMPORT_SETTINGS, {
      table: 'import_staging',
      write: (work) => work(timedTx(tx)),
      searchable: true,
      limits: DEFAULT_IMPORT_LIMITS,
    });
    phases['stage (parse + copy + vectors)'] = Math.round(performance.now() - staging);
    const columns =
      'incident_id, stream_id, is_marker, message, start_micros, end_micros, extra, source_line, created_micros, search_vector, change_seq';
    const select = `SELECT ${incident.id}, s.id, g.is_marker, g.message, g.start_micros, g.end_micros, g.extra, g.line, 0, g.search_vector, 1 FROM import_staging g, (SELECT min(id) AS id FROM streams) s ORDER BY g.position`;
    await tx.query('CREATE TEMP TABLE events_bare (LIKE events INCLUDING DEFAULTS) ON COMMIT DROP');
    await phase('move into a bare copy of events', () => tx.query(`INSERT INTO events_bare (${columns}) ${select}`));
    await tx.query('CREATE TEMP TABLE events_btree (LIKE events INCLUDING DEFAULTS) ON COMMIT DROP');
    for (const index of [
      '(incident_id, start_micros, id)',
      '(incident_id, end_micros)',
      '(stream_id, start_micros)',
      '(actor_id)',
      '(id)',
    ])
      await tx.query(`CREATE INDEX ON events_btree ${index}`);
    await phase('move into a copy with the five b-tree indexes', () =>
      tx.query(`INSERT INTO events_btree (${columns}) ${select}`),
    );
    await tx.query('CREATE TEMP TABLE events_gin (LIKE events INCLUDING DEFAULTS) ON COMMIT DROP');
    await tx.query('CREATE INDEX ON events_gin USING gin (search_vector)');
    await phase('move into a copy with the search GIN only', () =>
      tx.query(`INSERT INTO events_gin (${columns}) ${select}`),
    );
    // The move of e4e7ac8's move-staged-events.ts, for this one-stream file.
    await phase('move into events (indexes, foreign keys, triggers)', async () => {
      const [stream] = await tx.query<{ id: number }>(
        "INSERT INTO streams (incident_id, name, import_format, created_micros) VALUES ($1, 'bench.tsv', 'delimited', 0) RETURNING id",
        [incident.id],
      );
      await tx.query(
        "INSERT INTO incident_actors (incident_id, name, created_micros) SELECT $1, actor, 0 FROM import_staging WHERE actor <> '' GROUP BY actor",
        [incident.id],
      );
      await tx.query(
        `INSERT INTO events (incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, extra, source_line, analyst_id, created_micros, search_vector, change_seq)
         SELECT $1, $2, a.id, g.is_marker, g.message, g.start_micros, g.end_micros, g.extra, g.line, NULL, 0, g.search_vector, incident_change_number($1)
           FROM import_staging g LEFT JOIN incident_actors a ON a.incident_id = $1 AND a.name = g.actor AND NOT g.is_marker AND g.actor <> ''
          ORDER BY g.position`,
        [incident.id, stream!.id],
      );
    });
    inside = performance.now() - insideStarted;
  });
  phases.commit = Math.round(performance.now() - started - inside);
  await phase('ANALYZE events', () => store.db.query('ANALYZE events'));
  await file.discard();
  process.stdout.write(`${JSON.stringify({ store: kind, version: store.version, rows, phasesMs: phases })}\n`);
});
