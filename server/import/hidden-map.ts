/*
 * A map import's rows out of sight (migration 016): the map carries its import's id, which every read
 * skips, while its points go in batch by batch. A failed or killed import's map is deleted here in short
 * transactions (hidden-import.ts discardImport, the start-up sweep included), points first.
 */
import type { Db, Queryable } from '../db/database.ts';
import { inTurn, type TakeTurn } from '../repositories/in-turn.ts';

/** Points deleted per transaction: on PGlite every reader waits for each. */
const POINTS_PER_DELETE = { pglite: 5_000, postgres: 50_000 } as const;

/** Deletes the hidden maps an import wrote, their points a batch at a time; nothing of them was ever visible. */
export async function discardHiddenMaps(db: Db, importId: number, takeTurn?: TakeTurn): Promise<void> {
  const maps = await db.query<{ id: number | string }>('SELECT id FROM incident_maps WHERE import_id = $1', [importId]);
  const limit = POINTS_PER_DELETE[db.kind];
  for (const map of maps) {
    const mapId = Number(map.id);
    // A batch is a range of the primary key (map_id, seq): its last seq found by an index scan, then
    // everything up to it. "seq IN (a LIMIT subquery)" was planned as a nested loop once the map's
    // rows were newer than the statistics (12,345 points took over 30 s on PostgreSQL).
    const deleteSome = async (tx: Queryable) => {
      const [last] = await tx.query<{ seq: number }>(
        `SELECT seq FROM map_points WHERE map_id = $1 ORDER BY seq OFFSET ${limit - 1} LIMIT 1`,
        [mapId],
      );
      const [deleted] = await tx.query<{ n: number }>(
        last === undefined
          ? 'WITH gone AS (DELETE FROM map_points WHERE map_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM gone'
          : 'WITH gone AS (DELETE FROM map_points WHERE map_id = $1 AND seq <= $2 RETURNING 1) SELECT count(*)::int AS n FROM gone',
        last === undefined ? [mapId] : [mapId, last.seq],
      );
      return Number(deleted?.n ?? 0);
    };
    while ((await inTurn(db, takeTurn, deleteSome)) > 0);
    await inTurn(db, takeTurn, async (tx) => {
      await tx.query('DELETE FROM map_invalid_items WHERE map_id = $1', [mapId]);
      await tx.query('DELETE FROM incident_maps WHERE id = $1 AND import_id = $2', [mapId, importId]);
    });
  }
}
