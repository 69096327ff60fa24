/*
 * The life of an import's hidden rows (migration 010): begun as an `imports` row, written batch by
 * batch under streams and actors that carry its id (reads skip them), then shown by one small flip,
 * or discarded in short transactions when it fails. A killed import's rows are swept at start.
 */
import { CONNECTION_TAG, type Db, type DbTransaction, type Queryable } from '../db/database.ts';
import { discardHiddenMaps } from './hidden-map.ts';
import { discardPendingBlob } from './keep-source.ts';
import { discardGeneration } from './reimport-cleanup.ts';

/** Rows a discard deletes per transaction, so reads on PGlite take turns with it. */
const DISCARD_BATCH = 5_000;
/** On PostgreSQL another server may be importing: its heartbeat is at most a batch old. */
export const ABANDONED_AFTER_MICROS = 10 * 60 * 1_000_000;

export async function beginImport(tx: Queryable, incidentId: number, nowMicros: number): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO imports (incident_id, started_micros, heartbeat_micros, owner) VALUES ($1, $2, $2, $3) RETURNING id',
    [incidentId, nowMicros, CONNECTION_TAG],
  );
  return row!.id;
}

export async function touchImport(tx: Queryable, importId: number, nowMicros: number): Promise<void> {
  await tx.query('UPDATE imports SET heartbeat_micros = $2 WHERE id = $1', [importId, nowMicros]);
}

/**
 * Makes an import's rows visible at once: its streams and actors lose the import's mark, the counts
 * kept aside join event_counts, and the incident's change floor moves so open devices fetch them.
 * A few small statements, whatever the size of the file.
 */
export async function showImport(tx: DbTransaction, importId: number, incidentId: number): Promise<void> {
  await tx.query(
    `INSERT INTO event_counts (incident_id, stream_id, actor_id, event_count)
     SELECT incident_id, stream_id, actor_id, sum(event_count) FROM import_event_counts WHERE import_id = $1 GROUP BY 1, 2, 3
     ON CONFLICT (incident_id, stream_id, actor_id) DO UPDATE SET event_count = event_counts.event_count + EXCLUDED.event_count`,
    [importId],
  );
  await tx.query('DELETE FROM import_event_counts WHERE import_id = $1', [importId]);
  await tx.query('UPDATE streams SET import_id = NULL WHERE import_id = $1', [importId]);
  await tx.query('UPDATE incident_actors SET import_id = NULL WHERE import_id = $1', [importId]);
  await tx.query('DELETE FROM imports WHERE id = $1', [importId]);
  // The rows were stamped with change numbers while out of sight, so a device that caught up meanwhile
  // passed them: the floor moves to this change, and every open device syncs the incident in full.
  await tx.query('UPDATE incidents SET change_floor = incident_change_number($1) WHERE id = $1', [incidentId]);
}

/** Deletes what a failed or killed import wrote, in short transactions; nothing of it was ever visible. */
export async function discardImport(db: Db, importId: number): Promise<void> {
  await discardPendingBlob(db, importId);
  // A map import's hidden map (migration 016), before its import row, which it refers to.
  await discardHiddenMaps(db, importId);
  // A re-import's rows are a generation of its stream (migration 014), not a hidden stream.
  const generations = await db.query<{ generation: number | string }>(
    "SELECT generation FROM stream_generations WHERE import_id = $1 AND state = 'writing'",
    [importId],
  );
  for (const { generation } of generations) await discardGeneration(db, Number(generation));
  const streams = (await db.query<{ id: number }>('SELECT id FROM streams WHERE import_id = $1', [importId])).map(
    (row) => row.id,
  );
  // Markers first, while their stream still hides them (the count trigger leaves hidden rows alone).
  const deleteSome = (where: string) =>
    db.transaction(
      async (tx) =>
        (
          await tx.query<{ id: number }>(
            `DELETE FROM events WHERE id IN (SELECT id FROM events WHERE ${where} LIMIT ${DISCARD_BATCH}) RETURNING id`,
            [streams],
          )
        ).length,
    );
  while ((await deleteSome('import_stream_id = ANY($1::bigint[])')) > 0);
  while ((await deleteSome('stream_id = ANY($1::bigint[])')) > 0);
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM import_thread_keys WHERE import_id = $1', [importId]);
    await tx.query('DELETE FROM import_event_counts WHERE import_id = $1', [importId]);
    await tx.query('DELETE FROM streams WHERE import_id = $1', [importId]);
    // An actor another running import has used since stays (it is that import's to show or drop).
    // Events have no index by actor (migration 019): the actors' incident is read once for all of them.
    await tx.query(
      `DELETE FROM incident_actors a WHERE a.import_id = $1
         AND a.id NOT IN (SELECT e.actor_id FROM events e
                           WHERE e.incident_id = (SELECT i.incident_id FROM imports i WHERE i.id = $1)
                             AND e.actor_id IN (SELECT m.id FROM incident_actors m WHERE m.import_id = $1))`,
      [importId],
    );
    await tx.query('DELETE FROM imports WHERE id = $1', [importId]);
  });
}

/**
 * At start: the imports a killed process left. PGlite has one process, so every one it finds; on
 * PostgreSQL, those whose process has no connection left (its tag gone from pg_stat_activity) or whose
 * heartbeat stopped ABANDONED_AFTER_MICROS ago; another server's live import is left alone.
 */
export async function sweepAbandonedImports(db: Db, nowMicros: number): Promise<number> {
  const abandoned =
    db.kind === 'pglite'
      ? await db.query<{ id: number }>('SELECT id FROM imports ORDER BY id')
      : await db.query<{ id: number }>(
          `SELECT i.id FROM imports i
          WHERE i.heartbeat_micros < $1 OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = i.owner)
          ORDER BY i.id`,
          [nowMicros - ABANDONED_AFTER_MICROS],
        );
  for (const { id } of abandoned) await discardImport(db, id);
  return abandoned.length;
}
