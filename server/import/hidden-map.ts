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
    const deleteSome = async (tx: Queryable) =>
      (
        await tx.query(
          `DELETE FROM map_points WHERE map_id = $1 AND seq IN (SELECT seq FROM map_points WHERE map_id = $1 LIMIT ${limit}) RETURNING seq`,
          [mapId],
        )
      ).length;
    while ((await inTurn(db, takeTurn, deleteSome)) > 0);
    await inTurn(db, takeTurn, async (tx) => {
      await tx.query('DELETE FROM map_invalid_items WHERE map_id = $1', [mapId]);
      await tx.query('DELETE FROM incident_maps WHERE id = $1 AND import_id = $2', [mapId, importId]);
    });
  }
}
