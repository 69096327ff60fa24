/*
 * What an import has written while it runs (or when its process was killed): an import begun, its
 * hidden stream, an event by a new actor ("mallory") and a marker, written as the importer writes a
 * batch; and the count of such rows. Tests of what reads skip and what the start-up sweep removes share it.
 */
import type { Db, DbTransaction } from '../../server/db/database.ts';
import { beginImport } from '../../server/import/hidden-import.ts';
import { ImportTarget } from '../../server/import/move-staged-events.ts';
import type { IncidentRef } from '../../server/repositories/access-repository.ts';
import { countRows } from './test-server.ts';

/** What hiddenImportRows answers once every import and re-import has finished or been swept. */
export const NOTHING_HIDDEN = { imports: 0, hiddenStreams: 0, pendingCounts: 0, generations: 0 };

/** The rows running imports and re-imports keep out of sight. */
export async function hiddenImportRows(db: Db) {
  return {
    imports: await countRows(db, 'imports'),
    hiddenStreams: await countRows(db, 'streams WHERE import_id IS NOT NULL'),
    pendingCounts: await countRows(db, 'import_event_counts'),
    generations: await countRows(db, 'stream_generations'),
  };
}

export interface HiddenBatchOptions {
  fileName: string;
  /** The messages are "<words> one" (the event) and "<words> marker". */
  words: string;
  /** The import's start and heartbeat: now for a running import, long ago for a killed one. */
  startedMicros: number;
}

/** Writes the batch out of sight and answers the import's id. */
export async function writeHiddenBatch(
  tx: DbTransaction,
  incident: IncidentRef,
  options: HiddenBatchOptions,
): Promise<number> {
  const [marker] = await tx.query<{ id: number }>(
    'SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [incident.id],
  );
  const importId = await beginImport(tx, incident.id, options.startedMicros);
  const target = new ImportTarget({
    importId,
    incident,
    format: 'delimited',
    defaultName: options.fileName,
    analystId: null,
    nowMicros: 1,
    markerStreamId: marker!.id,
  });
  await target.addDefaultStream(tx);
  await tx.query(`CREATE TEMP TABLE hidden_batch (position bigint, line integer, is_marker boolean, actor text, actor_is_bot boolean, message text,
    start_micros bigint, end_micros bigint, extra jsonb, stream text, thread_key text) ON COMMIT DROP`);
  const event = `${options.words} one`;
  const markerText = `${options.words} marker`;
  await tx.query(
    `INSERT INTO hidden_batch VALUES (1, 2, false, 'mallory', false, $1, 10, 10, NULL, NULL, NULL), (2, 3, true, '', false, $2, 20, 20, NULL, NULL, NULL)`,
    [event, markerText],
  );
  await target.moveBatch(tx, 'hidden_batch', [
    {
      line: 2,
      isMarker: false,
      actor: 'mallory',
      actorIsBot: false,
    },
    {
      line: 3,
      isMarker: true,
      actor: '',
      actorIsBot: false,
    },
  ]);
  return importId;
}
